// Session 18: a German shopper on a phone searches the shop (header field, /suche): types, presses Enter, sees the
// results, goes to page 2 and opens a product; the same search works without JavaScript; the results page is
// accessible (axe), kept out of search engines and the sitemap, and a query is text, never markup. Session 19: a
// query with typos offers "Meinten Sie …?", and a shopper's word for a thing ("Nummernschild") finds it.
import { AxeBuilder } from '@axe-core/playwright';
import { type RunningApi, startApi } from '@lp/api';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningStorefront, startStorefront } from '../../packages/storefront/server/index';
import { launchBrowser } from '../support/browser';
import { gotoHydrated } from '../support/hydration';
import { ensureStorefrontBuilt } from '../storefront/storefrontWorld';
import { HOLDERS, cloneProductsSql } from '../support/importedProducts';
import { newWatchedPage } from '../support/watchedPage';

let api: RunningApi;
let shop: RunningStorefront;
let browser: Browser;

beforeAll(async () => {
  ensureStorefrontBuilt();
  api = await startApi({ port: 0, dataDir: 'memory', rateLimit: false });
  const db = (api.app as unknown as { db: { query(sql: string): Promise<unknown> } }).db;
  // 100 clones of the seed's plain holders (as an import adds them), so a search for holders has several pages.
  await db.query(cloneProductsSql({ from: 1, to: 100, category: HOLDERS }));
  shop = await startStorefront({ port: 0, apiUrl: api.url, env: {} });
  browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await shop?.close();
  await api?.close();
});

async function open(path: string, { width = 375, javaScript = true } = {}) {
  const { page, errors } = await newWatchedPage(browser, {
    viewport: { width, height: 800 },
    javaScriptEnabled: javaScript,
    ...(width < 500 ? { isMobile: true, hasTouch: true } : {}),
  });
  if (javaScript) await gotoHydrated(page, `${shop.url}${path}`);
  else await page.goto(`${shop.url}${path}`);
  return { page, errors };
}

const field = (page: Page) => page.getByRole('searchbox', { name: 'Produkt suchen' });
/** The focused element's accessible description (its aria-describedby's text). */
const describedBy = () =>
  document.getElementById(document.activeElement?.getAttribute('aria-describedby') ?? '')?.textContent;
const focusedHeading = (page: Page) =>
  page.evaluate(() => (document.activeElement?.tagName === 'H1' ? document.activeElement.textContent : null));

describe('searching on a 375 px phone', () => {
  it('types in the header field, presses Enter, sees the results, goes to page 2 and opens a product', async () => {
    const { page, errors } = await open('/');
    // The field is in the phone's header, within the screen, and nothing scrolls sideways.
    const box = await field(page).boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 375 && box.height >= 44).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await field(page).tap();
    await page.keyboard.type('Kennzeichenhalter');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/suche\?q=Kennzeichenhalter$/);
    const heading = page.getByRole('heading', { level: 1 });
    await expect
      .poll(() => heading.textContent())
      .toMatch(/^Suchergebnisse für „Kennzeichenhalter“, Seite 1 von \d+$/);
    // A client navigation: focus is on the results heading, so a screen reader announces it.
    await expect.poll(() => focusedHeading(page)).toMatch(/^Suchergebnisse für/);
    await expect(field(page).inputValue()).resolves.toBe('Kennzeichenhalter');
    expect(await page.locator('.product-grid .product-card').count()).toBe(48);
    const count = await page.getByText(/^\d+ Produkte$/).textContent();
    expect(Number.parseInt(count ?? '', 10)).toBeGreaterThan(96);
    // Session 21: the focused heading's description is the count, so a screen reader says it with the heading.
    expect(await page.evaluate(describedBy)).toBe(count);
    // The same search sent again: focus goes back to the heading once the results are there.
    await field(page).tap();
    await page.keyboard.press('Enter');
    await expect.poll(() => focusedHeading(page)).toMatch(/^Suchergebnisse für „Kennzeichenhalter“/);
    expect(await page.evaluate(describedBy)).toBe(count);

    await page.getByRole('link', { name: 'Nächste Seite' }).click();
    await page.waitForURL(/\/suche\?q=Kennzeichenhalter&seite=2$/);
    await expect.poll(() => focusedHeading(page)).toMatch(/„Kennzeichenhalter“, Seite 2 von/);
    // The head follows once its code has answered (seo/useHead.ts): polled, it is not there at once on a busy machine.
    await expect
      .poll(() => page.title())
      .toMatch(/^Suchergebnisse für „Kennzeichenhalter“ – Seite 2 von \d+ \| Kennzeichen-Profi$/);

    const firstCard = page.locator('.product-grid .product-card').first();
    expect(await firstCard.getByRole('heading').textContent()).toMatch(/Kennzeichenhalter/);
    const link = firstCard.locator('a.product-card__link');
    const href = (await link.getAttribute('href')) ?? '';
    await link.click();
    await page.waitForURL(`${shop.url}${href}`);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toMatch(/^Kennzeichenhalter/);
    await expect
      .poll(() => page.getByRole('button', { name: /In den Warenkorb/ }).count())
      .toBeGreaterThan(0);
    // Off the results page the field is empty again.
    await expect(field(page).inputValue()).resolves.toBe('');
    expect(errors).toEqual([]);
  });

  it('finds "Fußball" as "fussball", "Parkplatzschild" as "parkschild", "Kfz-Kennzeichen" as "kfz kennzeichen"', async () => {
    const { page } = await open('/suche?q=fussball');
    expect(await page.getByRole('link', { name: /Fußballfan-Kennzeichen/ }).count()).toBeGreaterThan(0);
    await page.goto(`${shop.url}/suche?q=parkschild`);
    expect(await page.getByRole('heading', { name: 'Parkplatzschild', exact: true }).count()).toBe(1);
    await page.goto(`${shop.url}/suche?q=kfz+kennzeichen`);
    expect(await page.getByRole('heading', { name: 'Kfz-Kennzeichen', exact: true }).count()).toBeGreaterThan(
      0,
    );
  });

  it('says so when nothing is found, and offers the categories', async () => {
    const { page } = await open('/suche?q=xyzzy');
    await expect(
      page.getByText('Zu „xyzzy“ haben wir leider nichts gefunden.', { exact: false }).count(),
    ).resolves.toBe(1);
    expect(await page.getByRole('link', { name: 'Kennzeichenhalter', exact: true }).count()).toBeGreaterThan(
      0,
    );
  });
});

describe('"Meinten Sie …?" (session 19: typos and synonyms)', () => {
  it('a phone shopper with typos taps the suggestion and gets the results; the page is accessible', async () => {
    const { page, errors } = await open('/');
    await field(page).tap();
    await page.keyboard.type('Kenzeichenhalter Karbon');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/suche\?q=Kenzeichenhalter\+Karbon$/);
    await expect
      .poll(() =>
        page
          .getByText('Zu „Kenzeichenhalter Karbon“ haben wir leider nichts gefunden.', { exact: false })
          .count(),
      )
      .toBe(1);
    const suggestion = page.getByRole('link', { name: '„kennzeichenhalter carbon“' });
    expect(await suggestion.locator('xpath=..').textContent()).toBe(
      'Meinten Sie „kennzeichenhalter carbon“?',
    );
    // The categories stay as a way on.
    expect(await page.getByRole('link', { name: 'Kennzeichenhalter', exact: true }).count()).toBeGreaterThan(
      0,
    );
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      const result = await new AxeBuilder({ page }).analyze();
      expect(
        result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`),
        `${width}`,
      ).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }
    await page.setViewportSize({ width: 375, height: 800 });
    await suggestion.tap();
    await page.waitForURL(/\/suche\?q=kennzeichenhalter\+carbon$/);
    await expect.poll(() => focusedHeading(page)).toBe('Suchergebnisse für „kennzeichenhalter carbon“');
    const names = await page.locator('.product-grid .product-card').getByRole('heading').allTextContents();
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(name).toMatch(/^Kennzeichenhalter Carbon-Optik/);
    expect(await page.getByText(/Meinten Sie/).count()).toBe(0);
    await expect(field(page).inputValue()).resolves.toBe('kennzeichenhalter carbon');
    expect(errors).toEqual([]);
  });

  it('finds "Kfz-Kennzeichen" as "Nummernschild" and suggests without JavaScript too', async () => {
    const { page } = await open('/suche?q=Nummernschild', { javaScript: false });
    expect(await page.getByRole('heading', { name: 'Kfz-Kennzeichen', exact: true }).count()).toBe(1);
    await page.goto(`${shop.url}/suche?q=edelstal`);
    await Promise.all([
      page.waitForURL(/\/suche\?q=edelstahl$/),
      page.getByRole('link', { name: '„edelstahl“' }).click(),
    ]);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toMatch(
      /^Suchergebnisse für „edelstahl“/,
    );
    expect(await page.locator('.product-grid .product-card').count()).toBeGreaterThan(0);
  });
});

describe('without JavaScript', () => {
  it('the header form reaches the results and their next page', async () => {
    const { page } = await open('/', { javaScript: false });
    await field(page).fill('fussball');
    await Promise.all([page.waitForURL(/\/suche\?q=fussball$/), field(page).press('Enter')]);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Suchergebnisse für „fussball“');
    expect(await page.getByRole('link', { name: /Fußballfan-Kennzeichen/ }).count()).toBeGreaterThan(0);
    expect(await field(page).inputValue()).toBe('fussball');
    await page.goto(`${shop.url}/suche?q=kennzeichenhalter`);
    await Promise.all([
      page.waitForURL(/\/suche\?q=kennzeichenhalter&seite=2$/),
      page.getByRole('link', { name: 'Nächste Seite' }).click(),
    ]);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toMatch(/, Seite 2 von/);
  });
});

describe('the results page', () => {
  it.each([375, 1280])('has no axe violations at %i px (results, nothing found, empty)', async (width) => {
    for (const path of ['/suche?q=kennzeichenhalter', '/suche?q=xyzzy', '/suche', '/']) {
      const { page } = await open(path, { width });
      const result = await new AxeBuilder({ page }).analyze();
      expect(
        result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`),
        `${path} at ${width}`,
      ).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(
        width,
      );
    }
  });

  it('is kept out of indexes and the sitemap, shows a query as text and sends it to no tracking', async () => {
    const evil = `"><script>window.pwned=1</script><img src=x onerror=window.pwned=2>`;
    const response = await fetch(`${shop.url}/suche?q=${encodeURIComponent(evil)}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(html).not.toContain('<script>window.pwned');
    expect(html).not.toContain('<img src=x');
    const sitemap = await (await fetch(`${shop.url}/sitemap.xml`)).text();
    expect(sitemap).not.toContain('/suche');

    const { page, errors } = await open(`/suche?q=${encodeURIComponent(evil)}`);
    expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(`Suchergebnisse für „${evil}“`);
    expect(await page.title()).toBe(`Suchergebnisse für „${evil}“ | Kennzeichen-Profi`);
    expect(errors).toEqual([]);
    // A query may hold a name: no data-layer entry carries it.
    await page.goto(`${shop.url}/suche?q=Erika+Mustermann+kennzeichen`);
    const layer = await page.evaluate(() =>
      JSON.stringify((window as unknown as { dataLayer?: unknown }).dataLayer ?? []),
    );
    expect(layer).not.toMatch(/Mustermann/i);
  });

  it('answers hostile queries with a page, never an error', async () => {
    for (const q of ['%', '_', '\\', "' OR 1=1 --", 'a', 'x'.repeat(300), '\u0000\u001b[31m', '%ED%A0%80']) {
      const encoded = q === '%ED%A0%80' ? q : encodeURIComponent(q);
      const response = await fetch(`${shop.url}/suche?q=${encoded}`);
      expect(response.status, q).toBe(200);
    }
    const arrays = await fetch(`${shop.url}/suche?q=halter&q=carbon`);
    expect(arrays.status).toBe(200);
  });
});
