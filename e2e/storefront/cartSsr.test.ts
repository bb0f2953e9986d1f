// The cart page rendered on the server: the shopper's cart guid travels in the first-party cookie `lp_cart`
// (mirrored from the SDK's AppState), so the HTML already shows the lines and totals; hydration is silent and the
// page works on. A relay between storefront and API fails or holds the cart read to show the fallbacks.
import { type RunningApi, startApi } from '@lp/api';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningStorefront, startStorefront } from '../../packages/storefront/server/index';
import { launchBrowser } from '../support/browser';
import { funPlateCart } from '../support/funPlateCart';
import { type ApiRelay, startApiRelay } from '../storefront-faults/apiRelay';
import { waitForHydration } from '../support/hydration';
import { ensureStorefrontBuilt } from './storefrontWorld';

let api: RunningApi;
let relay: ApiRelay;
let shop: RunningStorefront;
let browser: Browser;

/** The cart read: the one request the first fault test breaks (the API gone breaks everything). */
const cartRead = (url: string) => /\/api\/cart\/getcart/i.test(url);

beforeAll(async () => {
  ensureStorefrontBuilt();
  api = await startApi({ port: 0, dataDir: 'memory', rateLimit: false });
  relay = await startApiRelay(api.url);
  shop = await startStorefront({ port: 0, apiUrl: relay.url, env: {}, apiTimeoutMs: 4000 });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await shop?.close();
  await relay?.close();
  await api?.close();
});

/** A cart filled through the API (as another tab or device of the shopper did), with two of one fun plate. */
const cartWith = (text: string) => funPlateCart(api.url, text, 2);

/** A browser profile of a shopper whose cart is `guid`: AppState in localStorage and the cart cookie. */
async function shopperContext(guid: string | null, javaScript = true): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    javaScriptEnabled: javaScript,
  });
  // A consent decision, so no banner covers the page.
  await context.addCookies([{ name: 'lp_consent', value: 'v1.s0.m0.t0', url: shop.url }]);
  if (guid) {
    await context.addCookies([{ name: 'lp_cart', value: guid, url: shop.url }]);
    await context.addInitScript((cartGuid) => {
      if (!localStorage.getItem('AppState'))
        localStorage.setItem('AppState', JSON.stringify({ CartGuid: cartGuid, orderHeaderGuid: null }));
    }, guid);
  }
  return context;
}

const plain = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();
const cartCookie = async (context: BrowserContext) =>
  (await context.cookies(shop.url)).find((cookie) => cookie.name === 'lp_cart')?.value ?? null;

describe('the cart page rendered on the server', () => {
  it('shows the shopper’s lines and total without JavaScript, answered private and no-store', async () => {
    const { guid } = await cartWith('OHNE JS');
    const context = await shopperContext(guid, false);
    const page = await context.newPage();
    const response = await page.goto(`${shop.url}/cart`);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['cache-control']).toBe('private, no-store');
    const row = page.getByRole('row', { name: /OHNE JS/ });
    await row.waitFor();
    expect(plain(await row.locator('.line-title').textContent())).toMatch(/^Funschild/);
    expect(await row.getByRole('spinbutton').inputValue()).toBe('2');
    expect(plain(await page.getByTestId('cart-total').textContent())).toMatch(/^\d+,\d\d €$/);
    expect(await page.getByText('Ihr Warenkorb ist leer.').count()).toBe(0);
    await context.close();
  });

  it('hydrates without a warning and stays interactive: a quantity change changes the total', async () => {
    const { sdk, guid } = await cartWith('MIT JS');
    const context = await shopperContext(guid);
    const page = await context.newPage();
    const asked: string[] = [];
    page.on('request', (req) => asked.push(new URL(req.url()).pathname + new URL(req.url()).search));
    const response = await page.goto(`${shop.url}/cart`, { waitUntil: 'networkidle' });
    // The lines are in the HTML the server sent, not only after hydration.
    expect(await response?.text()).toContain('MIT JS');
    await waitForHydration(page);
    const row = page.getByRole('row', { name: /MIT JS/ });
    const total = page.getByTestId('cart-total');
    const before = plain(await total.textContent());
    await row.getByRole('button', { name: 'Position 1: Menge erhöhen' }).click();
    await expect.poll(() => row.getByRole('spinbutton').inputValue()).toBe('3');
    await expect.poll(async () => plain(await total.textContent())).not.toBe(before);
    await expect.poll(async () => (await sdk.cart.getCart()).items?.[0]?.quantity).toBe(3);
    // Minimums and upsell came with the page: the browser never read the whole product list.
    expect(asked.filter((path) => /getproducts/i.test(path))).toEqual([]);
    // A reload renders the new total on the server.
    const shown = plain(await total.textContent());
    const again = await page.request.get(`${shop.url}/cart`);
    expect(plain((await again.text()).match(/data-testid="cart-total"[^>]*>([^<]*)</)?.[1] ?? '')).toBe(
      shown,
    );
    await context.close();
  });

  it('a guid the API does not know shows the empty cart, and the browser drops the stale guid and cookie', async () => {
    const stale = 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee';
    const context = await shopperContext(stale);
    const page = await context.newPage();
    const response = await page.goto(`${shop.url}/cart`, { waitUntil: 'networkidle' });
    expect(await response?.text()).toContain('Ihr Warenkorb ist leer.');
    await waitForHydration(page);
    await page.getByText('Ihr Warenkorb ist leer.').waitFor();
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('AppState')))
      .toContain('"CartGuid":null');
    await expect.poll(() => cartCookie(context)).toBeNull();
    await context.close();
  });

  it('the cookie follows the cart the browser fills, and the server renders that cart', async () => {
    const context = await shopperContext(null);
    const page = await context.newPage();
    await page.goto(`${shop.url}/funschild`, { waitUntil: 'networkidle' });
    await waitForHydration(page);
    await page.getByLabel('Wunschtext').fill('KEKS');
    await page.getByRole('button', { name: 'In den Warenkorb', exact: true }).click();
    await page.getByText('Der Artikel wurde in den Warenkorb gelegt.').waitFor();
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('AppState') ?? '{}').CartGuid);
    expect(stored).toMatch(/^[0-9a-f-]{36}$/);
    await expect.poll(() => cartCookie(context)).toBe(stored);
    expect(await (await page.request.get(`${shop.url}/cart`)).text()).toContain('KEKS');
    await context.close();
  });
});

describe('the widget handoff /cart?cartGuid= on the server', () => {
  it('renders the handed-over cart when the shopper has no cart cookie', async () => {
    const dealer = await cartWith('HÄNDLER');
    const page = await fetch(`${shop.url}/cart?cartGuid=${dealer.guid}`);
    expect(page.status).toBe(200);
    const body = await page.text();
    expect(body).toContain('HÄNDLER');
    expect(body).not.toContain('Warenkorb vom Händler übernehmen?');
  });

  it('asks first, on the server too, when the cookie names a non-empty cart of the shopper’s own', async () => {
    const dealer = await cartWith('HÄNDLER 2');
    const mine = await cartWith('MEINS');
    const html = await (
      await fetch(`${shop.url}/cart?cartGuid=${dealer.guid}`, { headers: { cookie: `lp_cart=${mine.guid}` } })
    ).text();
    expect(html).toContain('Warenkorb vom Händler übernehmen?');
    expect(html).not.toContain('HÄNDLER 2');

    const context = await shopperContext(mine.guid);
    const page = await context.newPage();
    await page.goto(`${shop.url}/cart?cartGuid=${dealer.guid}`, { waitUntil: 'networkidle' });
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Meinen Warenkorb behalten' }).click();
    await page.getByRole('row', { name: /MEINS/ }).waitFor();
    await expect.poll(() => new URL(page.url()).search).toBe('');
    expect(await cartCookie(context)).toBe(mine.guid);
    await context.close();
  });
});

describe('when the cart cannot be read on the server', () => {
  it('still renders the page (200, as before: the browser loads the cart) when the cart read fails or is slow', async () => {
    const { guid } = await cartWith('LANGSAM');
    try {
      relay.affects = cartRead;
      for (const broken of ['fail', 'hold'] as const) {
        relay.mode = broken;
        const started = Date.now();
        const page = await fetch(`${shop.url}/cart`, { headers: { cookie: `lp_cart=${guid}` } });
        expect(page.status, broken).toBe(200);
        expect(Date.now() - started, broken).toBeLessThan(3500);
        const html = await page.text();
        expect(html, broken).toContain('<h1>Warenkorb</h1>');
        expect(html, broken).not.toContain('LANGSAM');
      }
    } finally {
      relay.mode = 'pass';
      relay.affects = undefined;
    }
  });

  it('answers the maintenance page while the API is down, as every page does', async () => {
    const { guid } = await cartWith('WEG');
    relay.mode = 'drop';
    try {
      const page = await fetch(`${shop.url}/cart`, { headers: { cookie: `lp_cart=${guid}` } });
      expect(page.status).toBe(503);
      expect(await page.text()).toContain('<h1>Wartungsarbeiten</h1>');
    } finally {
      relay.mode = 'pass';
    }
  });
});
