// An accessibility audit against Germany's Barrierefreiheitsstärkungsgesetz (BFSG; EN 301 549 = WCAG 2.1 AA), done
// the way a tester works: keyboard only, and what a screen reader hears (names from Chromium's accessibility tree).
// Each test guards a finding of that audit (docs/reference/decisions.md, "Erklärung zur Barrierefreiheit").
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StorefrontWorld, startStorefrontWorld } from './storefrontWorld';

let world: StorefrontWorld;
beforeAll(async () => {
  world = await startStorefrontWorld();
});
afterAll(async () => {
  await world?.close();
});

async function expectAxeClean(page: Page) {
  const result = await new AxeBuilder({ page }).analyze();
  expect(
    result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

/** Whether the menu's 'Kennzeichen' dropdown panel can be seen. */
const panelShown = (page: Page) =>
  page.locator('#nav-kennzeichen').evaluate((panel) => getComputedStyle(panel).visibility === 'visible');

describe('BFSG audit: keyboard and screen reader', () => {
  it('Escape hides a menu dropdown that focus or hover opened, and focus goes back to its button (WCAG 1.4.13)', async () => {
    const { page, errors } = await world.open('/impressum');
    const button = page
      .getByRole('navigation', { name: 'Hauptmenü' })
      .getByRole('button', { name: 'Kennzeichen', exact: true });
    // Tabbing onto the button shows the panel (CSS :focus-within); Escape must hide it without moving focus away.
    await button.focus();
    await expect.poll(() => panelShown(page)).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => panelShown(page)).toBe(false);
    expect(await button.evaluate((element) => element === document.activeElement)).toBe(true);
    // Opened with Enter, walked into, and dismissed from a link inside: hidden, and focus is back on the button.
    await page.keyboard.press('Enter');
    // (visibility is transitioned: its links take focus from the frame after the panel starts to show)
    await expect.poll(() => panelShown(page)).toBe(true);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('#nav-kennzeichen') !== null)).toBe(
      true,
    );
    await page.keyboard.press('Escape');
    await expect.poll(() => panelShown(page)).toBe(false);
    expect(await button.evaluate((element) => element === document.activeElement)).toBe(true);
    // Leaving the item ends the dismissal: the next hover shows it again.
    await page.getByRole('heading', { level: 1 }).hover();
    await page.keyboard.press('Tab');
    await button.hover();
    await expect.poll(() => panelShown(page)).toBe(true);
    // Hovered: Escape hides it although the pointer stays.
    await page.keyboard.press('Escape');
    await expect.poll(() => panelShown(page)).toBe(false);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('names every wish-list heart of a grid after its product (WCAG 2.4.6)', async () => {
    const { page } = await world.open('/kennzeichen');
    const hearts = await page
      .getByRole('main')
      .getByRole('button', { name: /^Auf den Merkzettel/ })
      .evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label')));
    expect(hearts.length).toBeGreaterThan(5);
    // Was "Auf den Merkzettel" ten times: a screen reader's list of buttons could not tell them apart.
    expect(new Set(hearts).size).toBe(hearts.length);
    await page.getByRole('button', { name: 'Auf den Merkzettel: Kfz-Kennzeichen', exact: true }).waitFor();
    await page.close();
  });

  it('names the payment options once, with card brands in words (WCAG 1.1.1, 4.1.2)', async () => {
    const { page } = await world.open('/funschild');
    await page.getByLabel('Wunschtext').fill('HALLO');
    await page.getByRole('button', { name: 'In den Warenkorb', exact: true }).click();
    await page.getByRole('link', { name: 'Warenkorb, 1 Artikel' }).waitFor();
    await page.goto(`${world.shop.url}/cart/checkout`, { waitUntil: 'networkidle' });
    const payment = page.getByRole('group', { name: 'Zahlungsart' });
    // Chromium names a radio from its whole label: it was "PayPal PayPal" and "Kreditkarte VISA MASTERCARD AMEX".
    await payment.getByRole('radio', { name: 'PayPal', exact: true }).waitFor();
    await payment
      .getByRole('radio', { name: 'Kreditkarte Visa Mastercard American Express', exact: true })
      .waitFor();
    await page.close();
  });
});

describe('BFSG audit: information on accessibility (BFSG § 14, Anlage 3)', () => {
  it('publishes its accessibility statement, linked from the footer of every page', async () => {
    const { page, errors } = await world.open('/kennzeichen', { width: 390 });
    const link = page.getByRole('contentinfo').getByRole('link', { name: 'Erklärung zur Barrierefreiheit' });
    await link.click();
    await page.waitForURL('**/barrierefreiheit');
    await page.getByRole('heading', { level: 1, name: 'Erklärung zur Barrierefreiheit' }).waitFor();
    const main = page.getByRole('main');
    // What a shopper must find: how the shop meets the requirements, its limits, whom to tell about a barrier
    // (with a way to write and to call) and the market surveillance authority.
    for (const heading of [
      'Wie wir die Anforderungen erfüllen',
      'Bekannte Einschränkungen',
      'Barrieren melden',
    ])
      await main.getByRole('heading', { level: 2, name: heading }).waitFor();
    expect(await main.locator('a[href^="mailto:"]').count()).toBeGreaterThan(0);
    expect(await main.locator('a[href^="tel:+49"]').count()).toBeGreaterThan(0);
    expect(await main.getByText(/Marktüberwachungsstelle/).count()).toBe(1);
    await expectAxeClean(page);
    expect(errors).toEqual([]);
    await page.close();
  });
});
