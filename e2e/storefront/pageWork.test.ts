// The storefront server does each page's work once (session 25): a page asks the API each thing once (the cart page
// read the shipping methods twice), and the page's boot data carries what its cards show, not whole product
// documents (the home page carried 57 KB of them for eight cards: 82 KB of boot data in 103 KB of HTML). A relay
// between storefront and API records what the server asks.
import { type RunningApi, startApi } from '@lp/api';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningStorefront, startStorefront } from '../../packages/storefront/server/index';
import { type ApiRelay, startApiRelay } from '../storefront-faults/apiRelay';
import { launchBrowser } from '../support/browser';
import { funPlateCart } from '../support/funPlateCart';
import { waitForHydration } from '../support/hydration';
import { ensureStorefrontBuilt } from './storefrontWorld';

let api: RunningApi;
let relay: ApiRelay;
let shop: RunningStorefront;
let browser: Browser;

beforeAll(async () => {
  ensureStorefrontBuilt();
  api = await startApi({ port: 0, dataDir: 'memory', rateLimit: false });
  relay = await startApiRelay(api.url);
  shop = await startStorefront({ port: 0, apiUrl: relay.url, env: {} });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await shop?.close();
  await relay?.close();
  await api?.close();
});

/** A shopper's cart with one fun plate, filled through the API. */
const cartGuid = async () => (await funPlateCart(api.url, 'EINMAL')).guid;

/** The page's HTML and what the server asked the API for it (path and query). */
async function served(path: string, cookie?: string) {
  const from = relay.recorded.length;
  const answer = await fetch(`${shop.url}${path}`, { headers: cookie ? { cookie } : {} });
  const html = await answer.text();
  return { status: answer.status, html, asked: relay.recorded.slice(from).map((request) => request.url) };
}

/** The page's boot data: its size in the HTML and the router's loader data. */
function bootOf(html: string) {
  const text = /<script[^>]*id="lp-boot"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
  const boot = JSON.parse(text) as { hydrationData?: { loaderData: Record<string, unknown> } };
  return { bytes: Buffer.byteLength(text), loaderData: boot.hydrationData?.loaderData ?? {} };
}

describe('each page asks the API each thing once', () => {
  it('the cart page reads the shipping methods once and shows the line with its shipping', async () => {
    const guid = await cartGuid();
    // The first render reads the company and the catalogue the server keeps; the second is a shopper's page.
    await served('/cart', `lp_cart=${guid}`);
    const { status, html, asked } = await served('/cart', `lp_cart=${guid}`);
    expect(status).toBe(200);
    expect(html).toContain('EINMAL');
    expect(asked.filter((url) => /getActiveShippingMethods/i.test(url))).toHaveLength(1);
    expect(asked.filter((url) => /getShippingRates/i.test(url))).toHaveLength(1);
  });

  for (const path of ['/', '/kategorie/funschilder', '/funschild', '/catalog', '/kennzeichen', '/blog']) {
    it(`${path} asks no address twice`, async () => {
      await served(path);
      const { status, asked } = await served(path);
      expect(status).toBe(200);
      expect(asked.filter((url, index) => asked.indexOf(url) !== index)).toEqual([]);
    });
  }
});

describe("a listing's boot data carries its cards, not whole product documents", () => {
  // Before (seed catalogue, session 24's code): / 81.7 KB of boot data, /catalog 97.4 KB, /kennzeichen 76.3 KB,
  // /cart (its upsell cards) 16.5 KB.
  for (const [path, limit] of [
    ['/', 32_000],
    ['/catalog', 32_000],
    ['/kennzeichen', 20_000],
    ['/cart', 14_000],
  ] as const) {
    it(`${path} carries less than ${limit / 1000} KB of boot data, and shows its cards`, async () => {
      const { html } = await served(path);
      const { bytes, loaderData } = bootOf(html);
      expect(bytes).toBeLessThan(limit);
      type Card = { Name: string; Description: string };
      const page = Object.entries(loaderData).find(([route]) => route !== 'root')?.[1] as {
        products?: Card[];
        groups?: { products: Card[] }[];
        upsell?: Card[];
      };
      const cards = page.products ?? page.upsell ?? (page.groups ?? []).flatMap((group) => group.products);
      expect(cards.length).toBeGreaterThan(0);
      for (const card of cards) expect(card.Description).toBe('');
      // The cards the page shows (the cart page shows four of its six candidates).
      expect(cards.filter((card) => html.includes(card.Name)).length).toBeGreaterThanOrEqual(
        Math.min(cards.length, 4),
      );
    });
  }

  it("opens a card's product page from the home page with its whole product", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${shop.url}/`, { waitUntil: 'networkidle' });
    await waitForHydration(page);
    const products = page.getByRole('region', { name: 'Beliebte Kennzeichen' });
    await expect.poll(() => products.getByRole('article').count()).toBe(8);
    await products.getByRole('link', { name: 'Kfz-Kennzeichen', exact: true }).click();
    await page.waitForURL(`${shop.url}/kfz-kennzeichen`);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toContain('Kfz-Kennzeichen');
    // The description the card left out is on the product page (DIN 74069 is named in it only).
    await expect.poll(() => page.getByText('DIN 74069', { exact: false }).count()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
