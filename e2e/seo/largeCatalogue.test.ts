// A shop owner imports the supplier's full range (session 17, catalogue): 2,400 more products, several hundred of
// them in one category, so the catalogue is larger than the one products page of 1000 the storefront used to read
// (spec 9). A crawler must reach every product (sitemap.xml and the category's pages), a shopper must be able to
// page through a long category with the keyboard, and the last product's page and the wish list must know it.
import { type RunningApi, startApi } from '@lp/api';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningStorefront, startStorefront } from '../../packages/storefront/server/index';
import { launchBrowser } from '../support/browser';
import { gotoHydrated } from '../support/hydration';
import { ensureStorefrontBuilt } from '../storefront/storefrontWorld';
import { HOLDERS, SIGNS, cloneProductsSql } from '../support/importedProducts';
import { newWatchedPage } from '../support/watchedPage';

/** Clones of the seed's plain holders and signs, as an import would add them, after the seed's products. */
const HOLDER_CLONES = 400;
const SIGN_CLONES = 2000;

interface World {
  apiUrl: string;
  shop: RunningStorefront;
  browser: Browser;
  open(path: string, width?: number): Promise<{ page: Page; errors: string[] }>;
}
let world: World;
let api: RunningApi;
let db: { query<T>(sql: string, params?: unknown[]): Promise<T[]> };
/** Every shown product's alias, in catalogue order, as the API pages them out. */
let aliases: string[];

beforeAll(async () => {
  ensureStorefrontBuilt();
  api = await startApi({ port: 0, dataDir: 'memory', rateLimit: false });
  db = (api.app as unknown as { db: typeof db }).db;
  await db.query(cloneProductsSql({ from: 1, to: HOLDER_CLONES, category: HOLDERS }));
  await db.query(
    cloneProductsSql({ from: HOLDER_CLONES + 1, to: HOLDER_CLONES + SIGN_CLONES, category: SIGNS }),
  );
  const shop = await startStorefront({ port: 0, apiUrl: api.url, env: {} });
  const browser = await launchBrowser();
  world = {
    apiUrl: api.url,
    shop,
    browser,
    async open(path, width = 1280) {
      const { page, errors } = await newWatchedPage(browser, { viewport: { width, height: 800 } });
      await gotoHydrated(page, `${shop.url}${path}`);
      return { page, errors };
    },
  };
  aliases = [];
  for (let page = 1; ; page++) {
    const answer = (await (
      await fetch(`${api.url}/api/v1/business/getproducts?companyId=1001&page=${page}&pageSize=1000`)
    ).json()) as { items: { Alias: string }[]; total: number };
    aliases.push(...answer.items.map((item) => item.Alias));
    if (aliases.length >= answer.total || answer.items.length === 0) break;
  }
}, 120_000);
afterAll(async () => {
  await world?.browser.close();
  await world?.shop.close();
  await api?.close();
});

const get = (path: string) => fetch(`${world.shop.url}${path}`, { redirect: 'manual' });

describe('a catalogue of more than 1000 products', () => {
  it('lists every product in sitemap.xml', async () => {
    expect(aliases.length).toBeGreaterThan(2400);
    const xml = await (await get('/sitemap.xml')).text();
    const listed = new Set(
      [...xml.matchAll(/<loc>http:\/\/[^/]+\/([^<]*)<\/loc>/g)].map((match) => match[1]),
    );
    // The products with a route of their own (/funschild, /ooono ...) are listed under that route.
    const missing = aliases.filter((alias) => !listed.has(alias));
    expect(missing.length).toBeLessThan(5);
    expect(listed.has(aliases.at(-1) as string)).toBe(true);
  });

  it("reaches every product of a category of hundreds through its pages' links, each page a page of its own", async () => {
    const first = await (await get('/kategorie/kennzeichenhalter')).text();
    // One page of cards, not hundreds (2.5 MB of HTML for 818 holders before).
    expect(first.length).toBeLessThan(250_000);
    const total = Number(/<p>(\d+)(?:<!-- -->)? Produkte<\/p>/.exec(first)?.[1]);
    expect(total).toBeGreaterThan(HOLDER_CLONES);
    const reached = new Set<string>();
    let path: string | undefined = '/kategorie/kennzeichenhalter';
    let pages = 0;
    while (path) {
      const html = await (await get(path)).text();
      pages++;
      const head = html.slice(0, html.indexOf('</head>'));
      expect(head).toContain(`<link rel="canonical" href="${world.shop.url}${path}">`);
      expect(head).not.toContain('name="robots"');
      for (const match of html.matchAll(/<a class="product-card__link" href="\/([^"?]+)"/g))
        reached.add(match[1] as string);
      path = /<a rel="next" href="([^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, '&');
      expect(pages).toBeLessThan(30);
    }
    expect(pages).toBe(Math.ceil(total / 48));
    expect(reached.size).toBe(total);
    expect((await get('/kategorie/kennzeichenhalter?seite=1')).headers.get('location')).toBe(
      '/kategorie/kennzeichenhalter',
    );
  });

  it("answers the last product's page", async () => {
    const last = aliases.at(-1) as string;
    const response = await get(`/${last}`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(`Nr. ${HOLDER_CLONES + SIGN_CLONES}`);
  });

  it('pages through a long category with the keyboard: the heading names the page and takes focus', async () => {
    const { page, errors } = await world.open('/kategorie/kennzeichenhalter', 375);
    const next = page.getByRole('link', { name: 'Nächste Seite' });
    await next.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL('**/kategorie/kennzeichenhalter?seite=2');
    const heading = page.getByRole('heading', { level: 1 });
    await expect.poll(() => heading.textContent()).toMatch(/^Kennzeichenhalter, Seite 2 von \d+$/);
    await expect
      .poll(() =>
        page.evaluate(() => `${document.activeElement?.tagName} ${document.activeElement?.textContent}`),
      )
      .toMatch(/^H1 Kennzeichenhalter, Seite 2 von \d+$/);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(
      `${world.shop.url}/kategorie/kennzeichenhalter?seite=2`,
    );
    expect(await page.locator('article.product-card').count()).toBe(48);
    await page.getByRole('link', { name: 'Vorherige Seite' }).click();
    await page.waitForURL(/\/kategorie\/kennzeichenhalter$/);
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows a remembered product from the end of the catalogue on the wish list, without the catalogue in the page', async () => {
    const last = aliases.at(-1) as string;
    const [id] = await db.query<{ unique_id: string }>('SELECT unique_id FROM products WHERE alias = $1', [
      last,
    ]);
    const html = await (await get('/wishlist')).text();
    expect(html.length).toBeLessThan(100_000);
    const { page, errors } = await world.open('/');
    await page.evaluate(
      (uniqueId) => localStorage.setItem('lp-wishlist', JSON.stringify([{ id: uniqueId, addedAt: 1 }])),
      id?.unique_id,
    );
    await gotoHydrated(page, `${world.shop.url}/wishlist`);
    const row = page.locator('.wishlist-row').first();
    await row.waitFor();
    expect(await row.locator(`a[href="/${last}"]`).count()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await page.close();
  });
});
