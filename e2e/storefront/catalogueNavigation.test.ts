// A shopper on a phone in a shop of thousands of products (session 18, catalogue-nav): home page (server rendered),
// a category from the menu, its page 2, a product, back. Before, the browser's first client navigation to a listing
// read every products page of the API (about 1 MB per 1,000 products) and the menu; now each navigation reads what
// its page shows, from the catalogue the shop's server keeps (server/pageData.ts). A client-navigated page must show
// exactly what the server renders for the same address: the same cards in the same order, the same page count,
// the same redirect for a `?seite` out of range.
//
// LP_NAV_MEASURE=1 (optionally TEST_DATABASE_URL for PostgreSQL, LP_NAV_CLONES for the number of imported products)
// prints the bytes, requests and times of the journey with CPU throttling 4x and a slow mobile connection.
import { type RunningApi, startApi } from '@lp/api';
import type { Browser, CDPSession, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningStorefront, startStorefront } from '../../packages/storefront/server/index';
import { launchBrowser } from '../support/browser';
import { gotoHydrated } from '../support/hydration';
import { HOLDERS, SIGNS, cloneProductsSql } from '../support/importedProducts';
import { newWatchedPage } from '../support/watchedPage';
import { ensureStorefrontBuilt } from './storefrontWorld';

/** Clones of the seed's plain holders and signs, as an import would add them (as e2e/seo/largeCatalogue.test.ts). */
const CLONES = Number(process.env.LP_NAV_CLONES ?? 2400);
const HOLDER_CLONES = Math.round(CLONES / 6);
const MEASURE = process.env.LP_NAV_MEASURE === '1';

let api: RunningApi;
let shop: RunningStorefront;
let browser: Browser;

beforeAll(async () => {
  ensureStorefrontBuilt();
  const databaseUrl = process.env.TEST_DATABASE_URL;
  api = await startApi({
    port: 0,
    rateLimit: false,
    ...(databaseUrl ? { databaseUrl } : { dataDir: 'memory' }),
  });
  const db = (api.app as unknown as { db: { query(sql: string): Promise<unknown> } }).db;
  await db.query(cloneProductsSql({ from: 1, to: HOLDER_CLONES, category: HOLDERS }));
  await db.query(cloneProductsSql({ from: HOLDER_CLONES + 1, to: CLONES, category: SIGNS }));
  shop = await startStorefront({ port: 0, apiUrl: api.url, env: {} });
  browser = await launchBrowser();
  // The server's kept catalogue is read once (seconds at 5,000 products): not part of any shopper's figures.
  await fetch(`${shop.url}/kategorie/kennzeichenhalter`);
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await shop?.close();
  await api?.close();
});

const get = (path: string) => fetch(`${shop.url}${path}`, { redirect: 'manual' });

/** What a listing's server-rendered HTML shows: its heading and its cards' links, in order. */
async function serverListing(path: string): Promise<{ heading: string; cards: string[] }> {
  const html = await (await get(path)).text();
  const heading = (/<h1[^>]*>(.*?)<\/h1>/s.exec(html)?.[1] ?? '')
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, '');
  const cards = [...html.matchAll(/<a class="product-card__link" href="([^"]+)"/g)].map(
    (m) => m[1] as string,
  );
  return { heading: heading.replace(/&amp;/g, '&'), cards };
}

async function clientListing(page: Page): Promise<{ heading: string; cards: string[] }> {
  return page.evaluate(() => ({
    heading: document.querySelector('h1')?.textContent ?? '',
    cards: [...document.querySelectorAll('a.product-card__link')].map((a) => a.getAttribute('href') ?? ''),
  }));
}

/** A client-side navigation to `path`, as the router makes one for a link (its history entry, then popstate). */
async function navigate(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    const idx = ((window.history.state as { idx?: number } | null)?.idx ?? 0) + 1;
    window.history.pushState({ usr: null, key: `nav${idx}`, idx }, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, path);
}

/** Records every request of a page from now on: its URL and the bytes that came over the wire. */
function recorder(page: Page) {
  const seen: { url: string; type: string; bytes: number; decoded: number }[] = [];
  const onFinished = async (request: Request) => {
    const sizes = await request.sizes().catch(() => undefined);
    const type = request.resourceType();
    // The data answers' size once unpacked: what the phone parses.
    const body =
      type === 'fetch' || type === 'xhr'
        ? await request
            .response()
            .then((response) => response?.body())
            .catch(() => undefined)
        : undefined;
    seen.push({
      url: request.url(),
      type,
      bytes: (sizes?.responseBodySize ?? 0) + (sizes?.responseHeadersSize ?? 0),
      decoded: body?.length ?? 0,
    });
  };
  const pending: Promise<void>[] = [];
  page.on('requestfinished', (request) => void pending.push(onFinished(request)));
  return {
    async take() {
      await page.waitForLoadState('networkidle');
      await Promise.all(pending.splice(0));
      const taken = seen.splice(0);
      const data = taken.filter((r) => r.type === 'fetch' || r.type === 'xhr');
      const sum = (list: typeof taken) => list.reduce((total, r) => total + r.bytes, 0);
      return {
        requests: taken.length,
        bytes: sum(taken),
        dataRequests: data.map((r) => new URL(r.url).pathname + new URL(r.url).search),
        dataBytes: sum(data),
        dataDecoded: data.reduce((total, r) => total + r.decoded, 0),
      };
    },
  };
}

async function openPhone(path: string): Promise<{ page: Page; cdp: CDPSession; errors: string[] }> {
  const { page, context, errors } = await newWatchedPage(browser, {
    viewport: { width: 375, height: 800 },
    isMobile: true,
  });
  const cdp = await context.newCDPSession(page);
  if (MEASURE) {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    // A slow mobile connection: 1.6 Mbit/s down, 750 kbit/s up, 150 ms round trip.
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
  }
  await gotoHydrated(page, `${shop.url}${path}`);
  return { page, cdp, errors };
}

/** Milliseconds until the page shows `heading` and at least one card. */
async function untilListed(page: Page, heading: RegExp, started: number): Promise<number> {
  await page
    .waitForFunction(
      (source) =>
        new RegExp(source).test(document.querySelector('h1')?.textContent ?? '') &&
        document.querySelector('a.product-card__link') !== null,
      heading.source,
      { polling: 'raf', timeout: 120_000 },
    )
    .catch(async (error: Error) => {
      const shown = await page.evaluate(
        () => `${location.href} h1=${document.querySelector('h1')?.textContent}`,
      );
      throw new Error(`${error.message} (${shown})`);
    });
  return Date.now() - started;
}

describe('client navigations in a large catalogue', () => {
  it('read only what each page shows: home, a category from the menu, its page 2, a product, back', async () => {
    const { page, errors } = await openPhone('/');
    const record = recorder(page);
    await record.take(); // the home page's own load (and the loaders' chunk after hydration)
    const figures: Record<string, unknown> = {};

    let started = Date.now();
    // The footer's link to the category (its sections may render once scrolled to: then as the link would).
    const link = page.locator('a[href="/kategorie/kennzeichenhalter"]').first();
    if (await link.count()) await link.evaluate((element) => (element as HTMLElement).click());
    else await navigate(page, '/kategorie/kennzeichenhalter');
    const categoryMs = await untilListed(page, /^Kennzeichenhalter, Seite 1 von \d+$/, started);
    figures.category = { ms: categoryMs, ...(await record.take()) };

    started = Date.now();
    await page.getByRole('link', { name: 'Nächste Seite' }).first().click();
    const page2Ms = await untilListed(page, /^Kennzeichenhalter, Seite 2 von \d+$/, started);
    figures.page2 = { ms: page2Ms, ...(await record.take()) };

    started = Date.now();
    const product = (await page.locator('a.product-card__link').first().getAttribute('href')) as string;
    await page.locator('a.product-card__link').first().click();
    await page.waitForURL(`**${product}`);
    await page.locator('h1').waitFor();
    figures.product = { ms: Date.now() - started, ...(await record.take()) };

    started = Date.now();
    await page.goBack();
    const backMs = await untilListed(page, /^Kennzeichenhalter, Seite 2 von \d+$/, started);
    figures.back = { ms: backMs, ...(await record.take()) };
    if (MEASURE) console.log(JSON.stringify({ clones: CLONES, figures }, null, 1));

    for (const step of ['category', 'page2', 'product', 'back']) {
      const { dataRequests, dataBytes } = figures[step] as { dataRequests: string[]; dataBytes: number };
      // No products page of the API, no menu: one narrow answer (a page of 48 cards is about 40 KB).
      expect(
        dataRequests.filter((url) => url.includes('/getproducts') || url.includes('/getCategores')),
      ).toEqual([]);
      expect(dataBytes, step).toBeLessThan(120_000);
    }
    expect((figures.category as { dataRequests: string[] }).dataRequests.length).toBeLessThanOrEqual(2);
    expect((figures.page2 as { dataRequests: string[] }).dataRequests.length).toBe(1);
    expect(errors).toEqual([]);
    await page.close();
  }, 300_000);

  it('shows after a client navigation exactly what the server renders for the same address', async () => {
    const { page, errors } = await openPhone('/');
    const first = await serverListing('/kategorie/funschilder');
    const pages = Number(/Seite 1 von (\d+)/.exec(await (await get('/kategorie/funschilder')).text())?.[1]);
    expect(pages).toBeGreaterThan(30);
    const paths = [
      '/kategorie/funschilder',
      '/kategorie/funschilder?seite=2',
      `/kategorie/funschilder?seite=${pages}`,
      '/kategorie/kennzeichenhalter?seite=3',
      '/kennzeichen',
      '/shops/lp-de?seite=5',
      '/kennzeichenhalter-bedrucken',
      '/catalog',
      '/',
    ];
    expect(first.cards).toHaveLength(48);
    for (const path of paths) {
      const server = await serverListing(path);
      await navigate(page, path);
      await expect.poll(() => clientListing(page), { message: path }).toEqual(server);
    }
    // The same redirects for a page out of range, as the server answers them.
    for (const [asked, landed] of [
      [`/kategorie/funschilder?seite=${pages + 1}`, '/kategorie/funschilder'],
      ['/kategorie/funschilder?seite=02', '/kategorie/funschilder?seite=2'],
      ['/shops/lp-de?seite=abc&utm_source=x', '/shops/lp-de?utm_source=x'],
    ] as const) {
      expect((await get(asked)).headers.get('location'), asked).toBe(landed);
      await navigate(page, '/');
      await page.locator('h1').waitFor();
      await navigate(page, asked);
      await expect
        .poll(() => page.evaluate(() => location.pathname + location.search), { message: asked })
        .toBe(landed);
      await expect.poll(() => clientListing(page)).toEqual(await serverListing(landed));
    }
    expect(errors).toEqual([]);
    await page.close();
  }, 300_000);
});
