// An accessibility audit against Germany's Barrierefreiheitsstärkungsgesetz (BFSG; EN 301 549 = WCAG 2.1 AA), done
// the way a tester works: keyboard only, and what a screen reader hears (names from Chromium's accessibility tree).
// Each test guards a finding of that audit (docs/reference/decisions.md, "Erklärung zur Barrierefreiheit").
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gotoHydrated } from '../support/hydration';
import { readLayoutShifts, recordLayoutShifts } from '../support/layoutShift';
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
  it('menu dropdowns are disclosures: shown exactly while their button says expanded (WCAG 4.1.2), Escape hides them (1.4.13)', async () => {
    const { page, errors } = await world.open('/impressum');
    const nav = page.getByRole('navigation', { name: 'Hauptmenü' });
    const button = nav.getByRole('button', { name: 'Kennzeichen', exact: true });
    const state = () =>
      button.evaluate((element) => ({
        expanded: element.getAttribute('aria-expanded'),
        shown:
          getComputedStyle(document.getElementById('nav-kennzeichen') as Element).visibility === 'visible',
      }));
    const closed = { expanded: 'false', shown: false };
    const opened = { expanded: 'true', shown: true };
    // Tabbing onto the button showed the panel (CSS :focus-within) while it said "collapsed": focus alone shows
    // nothing now, and Tab passes the closed panel by to the next entry of the bar.
    await button.focus();
    await page.waitForTimeout(300); // past the panel's 220 ms transition
    expect(await state()).toEqual(closed);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Kennzeichenhalter');
    await page.keyboard.press('Shift+Tab');
    // Opened with Enter: expanded and shown; Escape from the button hides it, focus stays.
    await page.keyboard.press('Enter');
    await expect.poll(state).toEqual(opened);
    await page.keyboard.press('Escape');
    await expect.poll(state).toEqual(closed);
    expect(await button.evaluate((element) => element === document.activeElement)).toBe(true);
    // Opened with Enter, walked into, and dismissed from a link inside: hidden, and focus is back on the button.
    await page.keyboard.press('Enter');
    // (visibility is transitioned: its links take focus from the frame after the panel starts to show)
    await expect.poll(state).toEqual(opened);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('#nav-kennzeichen') !== null)).toBe(
      true,
    );
    await page.keyboard.press('Escape');
    await expect.poll(state).toEqual(closed);
    expect(await button.evaluate((element) => element === document.activeElement)).toBe(true);
    // Leaving the item ends the dismissal: the next hover shows it again, and the button says so.
    await page.getByRole('heading', { level: 1 }).hover();
    await page.keyboard.press('Tab');
    await button.hover();
    await expect.poll(state).toEqual(opened);
    // Hovered: Escape hides it although the pointer stays.
    await page.keyboard.press('Escape');
    await expect.poll(state).toEqual(closed);
    // Every dropdown of the bar: what is shown is what its button says, hovered or not.
    for (const name of ['Kennzeichenhalter', 'Parkplatzschilder']) {
      const other = nav.getByRole('button', { name, exact: true });
      await other.hover();
      await expect
        .poll(() =>
          other.evaluate((element) => [
            element.getAttribute('aria-expanded'),
            getComputedStyle(document.getElementById(element.getAttribute('aria-controls') ?? '') as Element)
              .visibility,
          ]),
        )
        .toEqual(['true', 'visible']);
    }
    expect(errors).toEqual([]);
    await page.close();
  });

  it('without script (or before hydration) focus still shows a menu dropdown, so its links stay reachable', async () => {
    const { page } = await world.open('/impressum', { javaScript: false });
    await page
      .getByRole('navigation', { name: 'Hauptmenü' })
      .getByRole('button', { name: 'Kennzeichen', exact: true })
      .focus();
    await expect.poll(() => panelShown(page)).toBe(true);
    await page.close();
  });

  it('category pages are read from their h1, the category list beside them from 768 px as before (WCAG 1.3.1, 2.4.6)', async () => {
    for (const width of [390, 1280]) {
      const page = await world.browser.newPage({ viewport: { width, height: 900 } });
      await recordLayoutShifts(page);
      // A slow phone paints the page while its HTML still streams in: the aside, last in the markup, comes later.
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await gotoHydrated(page, `${world.shop.url}/kategorie/kennzeichenhalter`);
      const main = page.getByRole('main');
      // Was the aside's 'Kategorien' h2 first: a screen reader's heading list began with the sidebar.
      const headings = await main
        .locator('h1, h2, h3')
        .evaluateAll((list) =>
          list.slice(0, 2).map((heading) => `${heading.tagName} ${heading.textContent}`),
        );
      expect(headings[0]).toBe('H1 Kennzeichenhalter');
      // From 768 px the list is the left column beside the content, as before; on phones it follows the products.
      const aside = await main.getByRole('complementary', { name: 'Kategorien' }).boundingBox();
      const heading = await main.getByRole('heading', { level: 1 }).boundingBox();
      const content = await main.getByRole('region', { name: 'Kennzeichenhalter' }).boundingBox();
      if (!aside || !heading || !content) throw new Error('no layout');
      if (width < 768) expect(aside.y).toBeGreaterThanOrEqual(content.y + content.height);
      else {
        expect(aside.x + aside.width).toBeLessThanOrEqual(heading.x);
        expect(Math.abs(aside.y - heading.y)).toBeLessThan(24);
      }
      // No layout shift of the page's content from the placement (CLS budget 0.02; the consent banner's own shift
      // on a throttled CPU is not this page's).
      const { entries } = await readLayoutShifts(page);
      const moved = entries.filter((entry) =>
        entry.sources.some((source) => /sidebar|product-card/.test(source)),
      );
      expect(
        moved.reduce((sum, entry) => sum + entry.value, 0),
        JSON.stringify(entries),
      ).toBeLessThan(0.02);
      await page.close();
    }
  });

  it("names each card link once, after its product; the product page keeps its picture's alt (WCAG 2.4.4, 1.1.1)", async () => {
    const { page } = await world.open('/kennzeichen');
    const cards = page.getByRole('main').getByRole('article');
    const names = await cards.evaluateAll((list) =>
      list.map((card) => card.querySelector('.product-card__name')?.textContent ?? ''),
    );
    expect(names.length).toBeGreaterThan(5);
    // Was "Kfz-Kennzeichen, 520 × 110 mm, mit Beispielkennzeichen Kfz-Kennzeichen": picture's alt, then heading.
    for (const [index, name] of names.entries())
      await cards.nth(index).getByRole('link', { name, exact: true }).waitFor({ timeout: 2000 });
    await page.close();
    // Image search and the product page's own reading keep the described picture.
    const product = await world.open('/kfz-kennzeichen');
    await product.page
      .getByRole('main')
      .getByRole('img', { name: 'Kfz-Kennzeichen, 520 × 110 mm, mit Beispielkennzeichen', exact: true })
      .first()
      .waitFor();
    await product.page.close();
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
