// Session 18 (listing-sort): a shopper on a phone sorts a category of hundreds of holders by price. With the keyboard
// ("Sortieren nach", the button "Sortieren"), the first card is the cheapest holder and page 2 continues the order;
// the browser shows what the server renders for that address; the same form sorts without JavaScript; the sorted
// page is accessible (axe), fits 375 px and is kept out of search engines' indexes. Session 21: with JavaScript it
// sorts in place, focus stays on "Sortieren" and a polite status says the count and the order.
import { AxeBuilder } from '@axe-core/playwright';
import { type RunningApi, startApi } from '@lp/api';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningStorefront, startStorefront } from '../../packages/storefront/server/index';
import { launchBrowser } from '../support/browser';
import { gotoHydrated } from '../support/hydration';
import { HOLDERS, cloneProductsSql } from '../support/importedProducts';
import { newWatchedPage } from '../support/watchedPage';
import { ensureStorefrontBuilt } from './storefrontWorld';

const CATEGORY = '/kategorie/kennzeichenhalter';

let api: RunningApi;
let shop: RunningStorefront;
let browser: Browser;
/** Every holder card's price over all unsorted pages of the category (the server's HTML). */
let prices: number[];

const get = (path: string) => fetch(`${shop.url}${path}`, { redirect: 'manual' });
/** '2,18 € inkl. MwSt., …' as 2.18. */
const euro = (text: string) => Number(/(\d+),(\d\d)/.exec(text)?.slice(1, 3).join('.'));
const cardPrices = (html: string) =>
  [...html.matchAll(/<p class="product-card__price">([^<]+)</g)].map((match) => euro(match[1] as string));
const cardLinks = (html: string) =>
  [...html.matchAll(/<a class="product-card__link" href="([^"]+)"/g)].map((match) => match[1]);

beforeAll(async () => {
  ensureStorefrontBuilt();
  api = await startApi({ port: 0, dataDir: 'memory', rateLimit: false });
  const db = (api.app as unknown as { db: { query(sql: string): Promise<unknown> } }).db;
  // 300 clones of the seed's plain holders (as an import adds them), each with a price of its own (1,90-31,89 €).
  await db.query(
    cloneProductsSql({ from: 1, to: 300, category: HOLDERS, priceCents: '190 + (n * 37) % 3000' }),
  );
  shop = await startStorefront({ port: 0, apiUrl: api.url, env: {} });
  browser = await launchBrowser();
  prices = [];
  for (let path: string | undefined = CATEGORY; path; ) {
    const html = await (await get(path)).text();
    prices.push(...cardPrices(html));
    path = /<a rel="next" href="([^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, '&');
  }
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await shop?.close();
  await api?.close();
});

async function open(path: string, { javaScript = true } = {}) {
  const { page, errors } = await newWatchedPage(browser, {
    viewport: { width: 375, height: 800 },
    javaScriptEnabled: javaScript,
    isMobile: true,
    hasTouch: true,
  });
  if (javaScript) await gotoHydrated(page, `${shop.url}${path}`);
  else await page.goto(`${shop.url}${path}`);
  return { page, errors };
}

const shownPrices = (page: Page) =>
  page.locator('.product-card__price').evaluateAll((nodes) => nodes.map((node) => node.textContent ?? ''));

describe('sorting a category of hundreds of holders on a 375 px phone', () => {
  it('chooses "Preis aufsteigend" with the keyboard: cheapest first, page 2 continues, as the server renders it', async () => {
    expect(prices.length).toBeGreaterThan(300);
    const { page, errors } = await open(`${CATEGORY}?seite=3`);
    const select = page.getByLabel('Sortieren nach');
    await select.focus();
    // An arrow key chooses; nothing is reordered until the button is pressed (no submit on change).
    await page.keyboard.press('ArrowDown');
    expect(await select.inputValue()).toBe('preis-aufsteigend');
    expect(page.url()).toBe(`${shop.url}${CATEGORY}?seite=3`);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Sortieren');
    // Session 21: the hydrated page sorts in place, no page load (the mark set here survives).
    await page.evaluate(() => Object.assign(window, { samePage: true }));
    await page.keyboard.press('Enter');
    // A new order starts at page 1.
    await page.waitForURL(`**${CATEGORY}?sortierung=preis-aufsteigend`);
    const cheapest = Math.min(...prices);
    await expect.poll(async () => euro((await shownPrices(page))[0] ?? '')).toBe(cheapest);
    const first = (await shownPrices(page)).map(euro);
    expect(first).toEqual([...first].sort((a, b) => a - b));
    // A screen reader hears the new count and order from the polite status, with focus still on "Sortieren".
    expect(await page.getByRole('status').filter({ hasText: 'sortiert nach' }).textContent()).toBe(
      `${prices.length} Produkte, sortiert nach Preis aufsteigend`,
    );
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Sortieren');
    expect(await page.evaluate(() => 'samePage' in window)).toBe(true);
    expect(await select.inputValue()).toBe('preis-aufsteigend');
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${shop.url}${CATEGORY}`);
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');

    const axe = await new AxeBuilder({ page }).analyze();
    expect(
      axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    const form = await page.locator('form.listing-sort').boundingBox();
    expect((form?.x ?? 0) + (form?.width ?? 999)).toBeLessThanOrEqual(375);

    await page.getByRole('link', { name: 'Nächste Seite' }).click();
    await page.waitForURL(`**${CATEGORY}?sortierung=preis-aufsteigend&seite=2`);
    await expect.poll(() => page.locator('h1').textContent()).toMatch(/, Seite 2 von \d+$/);
    const second = (await shownPrices(page)).map(euro);
    expect(second[0]).toBeGreaterThanOrEqual(first.at(-1) as number);
    expect(second).toEqual([...second].sort((a, b) => a - b));
    expect([...first, ...second]).toEqual([...prices].sort((a, b) => a - b).slice(0, 96));
    // The oracle: the server's HTML of the same address lists the same cards in the same order.
    const links = await page
      .locator('a.product-card__link')
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('href')));
    expect(links).toEqual(
      cardLinks(await (await get(`${CATEGORY}?sortierung=preis-aufsteigend&seite=2`)).text()),
    );
    expect(errors).toEqual([]);
    await page.close();
  });

  it('sorts without JavaScript: the form loads the sorted first page', async () => {
    const { page } = await open(`${CATEGORY}?seite=2`, { javaScript: false });
    await page.getByLabel('Sortieren nach').selectOption('preis-absteigend');
    await Promise.all([
      page.waitForURL(`**${CATEGORY}?sortierung=preis-absteigend`),
      page.getByRole('button', { name: 'Sortieren' }).click(),
    ]);
    const shown = (await shownPrices(page)).map(euro);
    expect(shown[0]).toBe(Math.max(...prices));
    expect(shown).toEqual([...shown].sort((a, b) => b - a));
    expect(await page.getByLabel('Sortieren nach').inputValue()).toBe('preis-absteigend');
    // "Empfehlung" is the catalogue's own order: the address without a sort.
    await page.getByLabel('Sortieren nach').selectOption('empfehlung');
    await Promise.all([
      page.waitForURL(`**${CATEGORY}`),
      page.getByRole('button', { name: 'Sortieren' }).click(),
    ]);
    expect(await page.locator('meta[name="robots"]').count()).toBe(0);
    await page.close();
  });
});
