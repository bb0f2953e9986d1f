// A shopper on a phone with a keyboard, a screen reader or large text: what they notice when they move between
// pages, change the cart, and read the header (WCAG 2.4.3 focus order, 4.1.3 status messages, 1.4.4 / 1.4.10
// resize and reflow, 2.3.3 reduced motion).
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForHydration } from '../support/hydration';
import { type StorefrontWorld, startStorefrontWorld } from './storefrontWorld';

let world: StorefrontWorld;
beforeAll(async () => {
  world = await startStorefrontWorld();
});
afterAll(async () => {
  await world?.close();
});

/** What a screen reader would say is focused: the element's role-ish tag and its name. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return 'nothing';
    const name = element.getAttribute('aria-label') ?? element.textContent ?? '';
    return `${element.tagName.toLowerCase()} ${name.replace(/\s+/g, ' ').trim()}`;
  });

async function expectAxeClean(page: Page) {
  const result = await new AxeBuilder({ page }).analyze();
  expect(
    result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

/** The fun plate in the cart, added with the keyboard. Answers the page, on the product page. */
async function funPlateInCart(width = 390) {
  const watched = await world.open('/funschild', { width });
  const { page } = watched;
  await page.getByLabel('Wunschtext').fill('HALLO');
  const add = page.getByRole('button', { name: 'In den Warenkorb', exact: true });
  await add.focus();
  await page.keyboard.press('Enter');
  await page.getByRole('link', { name: 'Warenkorb, 1 Artikel' }).waitFor();
  return watched;
}

describe('a shopper with keyboard and screen reader', () => {
  it('after following a link, the new page starts at its top with focus on its heading', async () => {
    const { page, errors } = await world.open('/', { width: 390 });
    const link = page.getByRole('main').getByRole('link', { name: 'Alle Kennzeichen ansehen' });
    await link.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    await link.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL('**/kennzeichen');
    await expect.poll(() => focused(page)).toBe('h1 Kennzeichen');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    // Tab goes on from the heading into the page, not back to the top of the document.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.querySelector('main')?.contains(document.activeElement))).toBe(
      true,
    );
    expect(errors).toEqual([]);
    await page.close();
  });

  it('keeps focus on "In den Warenkorb" after adding with the keyboard; the toast is announced', async () => {
    const { page, errors } = await funPlateInCart();
    await page.getByText('Der Artikel wurde in den Warenkorb gelegt.').waitFor();
    expect(await focused(page)).toBe('button In den Warenkorb');
    expect(await page.locator('[aria-live] >> text=Der Artikel wurde in den Warenkorb gelegt.').count()).toBe(
      1,
    );
    await expectAxeClean(page);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('changes the quantity with the keyboard without losing its place, and hears a removal', async () => {
    const { page, errors } = await funPlateInCart();
    await page.goto(`${world.shop.url}/cart`, { waitUntil: 'networkidle' });
    await waitForHydration(page);
    await page.locator('.cart-page[aria-busy="false"]').waitFor();
    const more = page.getByRole('button', { name: 'Position 1: Menge erhöhen' });
    await more.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('link', { name: 'Warenkorb, 2 Artikel' }).waitFor();
    await page.locator('.cart-page[aria-busy="false"]').waitFor();
    expect(await focused(page)).toBe('button Position 1: Menge erhöhen');
    // A screen reader hears the new quantity and total (14,90 € x 2 + 4,90 € shipping).
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'Menge 2' }).textContent())
      .toMatch(/^Funschild 520 × 110 mm: Menge 2\. Gesamtsumme 34,70\s€\.$/);
    // The next key press steps again from the same button.
    await page.keyboard.press('Enter');
    await page.getByRole('link', { name: 'Warenkorb, 3 Artikel' }).waitFor();
    expect(await focused(page)).toBe('button Position 1: Menge erhöhen');

    await page.getByRole('button', { name: /^Entfernen/ }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('Ihr Warenkorb ist leer.').waitFor();
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'aus dem Warenkorb entfernt' }).textContent())
      .toBe('Funschild 520 × 110 mm wurde aus dem Warenkorb entfernt.');
    expect(await focused(page)).toBe('h1 Warenkorb');
    await expectAxeClean(page);
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('a shopper with a small screen or large text', () => {
  it('at 320 px no page scrolls sideways', async () => {
    for (const path of ['/', '/cart', '/funschild']) {
      const { page } = await world.open(path, { width: 320 });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
      await page.close();
    }
  });

  it('at 200 % text size the header still shows the menu, the logo and the cart, and the promises wrap', async () => {
    const { page } = await world.open('/impressum', { width: 390 });
    await page.evaluate(() => {
      document.documentElement.style.fontSize = '200%';
    });
    const width = await page.evaluate(() => document.documentElement.clientWidth);
    const banner = page.getByRole('banner');
    for (const control of [
      banner.getByRole('button', { name: 'Menü öffnen' }),
      banner.getByRole('link', { name: 'Kennzeichen-Profi – zur Startseite' }),
      banner.getByRole('link', { name: 'Warenkorb, 0 Artikel' }),
    ]) {
      const box = await control.boundingBox();
      expect(box).not.toBeNull();
      expect(box?.x).toBeGreaterThanOrEqual(0);
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
    }
    const promise = await page
      .getByRole('complementary', { name: 'Unsere Versprechen' })
      .getByText('Versand am selben Tag bei Bestellung vor 14:00 Uhr')
      .boundingBox();
    expect(promise?.x).toBeGreaterThanOrEqual(0);
    expect((promise?.x ?? 0) + (promise?.width ?? 0)).toBeLessThanOrEqual(width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
    await page.close();
  });

  it('with reduced motion nothing slides or spins', async () => {
    const context = await world.browser.newContext({
      viewport: { width: 390, height: 844 },
      reducedMotion: 'reduce',
    });
    const page = await context.newPage();
    await page.goto(`${world.shop.url}/impressum`, { waitUntil: 'networkidle' });
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Menü öffnen' }).click();
    const motion = (selector: string) =>
      page.locator(selector).evaluate((element) => {
        const style = getComputedStyle(element);
        return `${style.animationName} ${style.transitionDuration}`;
      });
    expect(await motion('.mobile-menu__panel')).toBe('none 0s');
    expect(await motion('.site-header')).toBe('none 0s');
    await context.close();
  });

  it('axe finds nothing with the mobile menu open', async () => {
    const { page } = await world.open('/funschild', { width: 390 });
    await page.getByRole('button', { name: 'Menü öffnen' }).click();
    await page.getByRole('dialog', { name: 'Menü' }).waitFor();
    await expectAxeClean(page);
    await page.close();
  });
});
