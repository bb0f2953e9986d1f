// Session 11 privacy audit (TDDDG § 25, DSGVO art. 5 and 6), as a data-protection officer checks a shop: with real
// Chromium and the real API, what the shop keeps in the browser and sends where, before any consent decision and
// after "Nur notwendige"; and that an error report leaves the browser without the tokens and addresses in its URL.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StorefrontWorld, startStorefrontWorld } from '../storefront/storefrontWorld';
import { waitForHydration } from '../support/hydration';
import { CONSENT_BANNER, dataLayerEvents, presetConsent, shopOptions } from '../consent/consentWorld';

let world: StorefrontWorld;
beforeAll(async () => {
  world = await startStorefrontWorld({ shop: shopOptions() });
});
afterAll(async () => {
  await world?.close();
});

/**
 * Strictly necessary browser storage (TDDDG § 25 (2) no. 2, decisions.md): the cart's guid (`AppState` and its
 * `lp_cart` cookie mirror), the consent decision itself (cookie and its localStorage copy), the anti-forgery token,
 * and the cart reminder's last-visit stamp (spec 4; never leaves the browser).
 */
const NECESSARY_COOKIES = ['XSRF-TOKEN', 'lp_cart', 'lp_consent'];
const NECESSARY_LOCAL = ['AppState', 'lp-consent', 'lp-cart-reminder-visit'];

interface Inventory {
  cookies: string[];
  local: string[];
  session: string[];
  indexedDb: string[];
}

async function inventory(context: BrowserContext, page: Page): Promise<Inventory> {
  const inPage = await page.evaluate(async () => ({
    local: Object.keys(localStorage).sort(),
    session: Object.keys(sessionStorage).sort(),
    indexedDb: (await indexedDB.databases()).map((db) => db.name ?? '').sort(),
  }));
  return { cookies: (await context.cookies()).map((cookie) => cookie.name).sort(), ...inPage };
}

/** Every request the pages of `context` start to an origin other than the shop's (service worker's included). */
function foreignRequests(context: BrowserContext): string[] {
  const foreign: string[] = [];
  context.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(`${world.shop.url}/`) && !url.startsWith('data:') && !url.startsWith('blob:'))
      foreign.push(url);
  });
  return foreign;
}

/** A visit a shopper makes: a product page with a first interaction, the cart filled, an information page. */
async function shop(page: Page): Promise<void> {
  await page.goto(`${world.shop.url}/kategorie/kennzeichenhalter`, { waitUntil: 'networkidle' });
  await waitForHydration(page);
  // The first interaction starts the lazy third parties (spec 4).
  await page.mouse.move(100, 100);
  await page.mouse.move(140, 180);
  await page.locator('.product-card__link').first().click();
  await page.getByRole('button', { name: 'In den Warenkorb', exact: true }).click();
  await page.waitForFunction(() => JSON.parse(localStorage.getItem('AppState') ?? '{}').CartGuid);
  await page.goto(`${world.shop.url}/impressum`, { waitUntil: 'networkidle' });
  await waitForHydration(page);
  await page.mouse.move(100, 100);
}

describe('privacy before consent and with "Nur notwendige" (session 11)', () => {
  it('before any decision: only necessary storage, no request to a third party, nothing tracked', async () => {
    const context = await world.browser.newContext();
    const foreign = foreignRequests(context);
    const page = await context.newPage();
    await shop(page);
    await page.locator(CONSENT_BANNER).waitFor();
    const found = await inventory(context, page);
    expect(found.cookies.filter((name) => !NECESSARY_COOKIES.includes(name))).toEqual([]);
    // No decision yet: no consent cookie either.
    expect(found.cookies).not.toContain('lp_consent');
    expect(found.local.filter((key) => !NECESSARY_LOCAL.includes(key))).toEqual([]);
    expect(found.session).toEqual([]);
    expect(found.indexedDb).toEqual([]);
    expect(foreign).toEqual([]);
    // Held events never reach the data layer (view_item_list, view_item, add_to_cart, other_pages).
    expect(await dataLayerEvents(page)).toEqual([]);
    await context.close();
  });

  it('after "Nur notwendige" the same visit stores and sends nothing more, and the choice can be reopened', async () => {
    const context = await world.browser.newContext();
    const foreign = foreignRequests(context);
    const page = await context.newPage();
    await page.goto(`${world.shop.url}/`, { waitUntil: 'networkidle' });
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Nur notwendige' }).click();
    await page.locator(CONSENT_BANNER).waitFor({ state: 'detached' });
    await shop(page);
    const found = await inventory(context, page);
    expect(found.cookies.filter((name) => !NECESSARY_COOKIES.includes(name))).toEqual([]);
    expect(found.local.filter((key) => !NECESSARY_LOCAL.includes(key))).toEqual([]);
    expect(found.session).toEqual([]);
    expect(found.indexedDb).toEqual([]);
    expect(foreign).toEqual([]);
    expect(await dataLayerEvents(page)).toEqual([]);
    // Withdrawing or changing is as easy as deciding: one footer button reopens the same choice.
    await page.locator('footer').getByRole('button', { name: 'Cookie-Einstellungen' }).click();
    await page.locator(CONSENT_BANNER).waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Nur notwendige' }).isVisible()).toBe(true);
    await context.close();
  });
});

describe('client error reports leave the browser without personal data (session 11)', () => {
  it('an error on a page whose URL carries an address and a token is sent with the route only', async () => {
    const context = await world.browser.newContext();
    await presetConsent(context, { statistics: false, marketing: false });
    const page = await context.newPage();
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/ClientErrors')) sent.push(request.postData() ?? '');
    });
    await page.goto(
      `${world.shop.url}/kategorie/kennzeichenhalter?email=erika.muster%40example.de&token=Zm9vYmFy#section`,
      { waitUntil: 'networkidle' },
    );
    await waitForHydration(page);
    await page.evaluate(() => window.dispatchEvent(new ErrorEvent('error', { message: 'boom' })));
    await expect.poll(() => sent.length, { timeout: 20_000 }).toBe(1);
    const body = JSON.parse(sent[0] ?? '{}') as { url?: string };
    expect(body.url).toBe(`${world.shop.url}/kategorie/kennzeichenhalter`);
    expect(sent[0]).not.toMatch(/erika|Zm9vYmFy|section/);
    await context.close();
  });
});
