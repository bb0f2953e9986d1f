// A shop owner ships a new storefront build on a busy afternoon (session 23, deployday). A shopper loaded a category
// page from the old build and clicks a product after the new build is live: the old page's route table names the
// product page's chunk by its old hashed name, which the new build does not have. Before, React Router's lazy
// import failed and the shopper saw "Es ist ein Fehler aufgetreten" on the product's address; now that address
// loads once in full (the new build's page), with the cart intact. When the chunk is missing in the new build too,
// the page loads once, not in a loop, and shows the German error page.
import { rmSync } from 'node:fs';
import { type RunningApi, startApi } from '@lp/api';
import { type Browser, type Page, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningStorefront, startStorefront } from '../../packages/storefront/server/index';
import { CHROMIUM_ARGS, CHROMIUM_PATH, launchBrowser, storedCartQuantities } from '../support/browser';
import { waitForHydration } from '../support/hydration';
import { ensureStorefrontBuilt } from '../storefront/storefrontWorld';
import { type Front, copyBuild, nextRelease, startFront } from './releaseBuilds';

const CATEGORY = '/kategorie/kennzeichenhalter';
const ERROR_HEADING = 'Es ist ein Fehler aufgetreten';

let api: RunningApi;
const folders: string[] = [];
const running: RunningStorefront[] = [];
let oldBuild = '';

beforeAll(async () => {
  ensureStorefrontBuilt();
  api = await startApi({ port: 0, dataDir: 'memory', rateLimit: false });
  oldBuild = copyBuild();
  folders.push(oldBuild);
}, 120_000);
afterAll(async () => {
  await Promise.all(running.map((shop) => shop.close()));
  await api?.close();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

const shopFrom = async (distDir: string) => {
  const shop = await startStorefront({ port: 0, apiUrl: api.url, distDir, env: {} });
  running.push(shop);
  return shop;
};

/** The whole-document loads of a page (its first one and every reload), by address. */
function documentLoads(page: Page): string[] {
  const loads: string[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) loads.push(request.url());
  });
  return loads;
}

/**
 * A shopper's tab on the old build's category page, with a holder in the cart (unless `addBefore` is false); then
 * the release: the address answers from a process of the next build (`drop`: chunks it lacks too) and the old
 * process stops.
 */
async function shopperAcrossRelease(browser: Browser, drop: string[] = [], addBefore = true) {
  const front: Front = await startFront((await shopFrom(oldBuild)).url);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const loads = documentLoads(page);
  await page.goto(`${front.url}${CATEGORY}`, { waitUntil: 'networkidle' });
  await waitForHydration(page);
  if (addBefore) await addFirstCard(page);
  // The old build's service worker is in control (spec 4) and holds the old build's entry files.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });

  const next = nextRelease(oldBuild, drop);
  folders.push(next);
  const old = front.target;
  front.target = (await shopFrom(next)).url;
  await running.find((shop) => shop.url === old)?.close();
  return { page, loads, front, close: () => Promise.all([front.close(), context.close()]) };
}

/** "In den Warenkorb" on the first card, and the header's cart link saying so. */
async function addFirstCard(page: Page) {
  await page
    .getByRole('button', { name: /^In den Warenkorb/ })
    .first()
    .click();
  await page.getByRole('link', { name: 'Warenkorb, 1 Artikel' }).first().waitFor();
}

/** The page's entry script is the next build's (releaseBuilds.ts gives its files an "n" before the extension). */
const NEXT_ENTRY = /^\/assets\/app-[\w-]+n\.js$/;
const entryScript = (page: Page) => page.locator('script[type="module"]').first().getAttribute('src');

describe('a shopper across a release', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("clicking a product on the old build's page lands on the new build's product page, cart intact", async () => {
    const { page, loads, front, close } = await shopperAcrossRelease(browser);
    try {
      const card = page.locator('a.product-card__link').first();
      const product = (await card.getAttribute('href')) ?? '';
      await card.click();
      await page.waitForURL(`${front.url}${product}`);
      await page.locator('#root[data-hydrated]').waitFor({ state: 'attached', timeout: 30_000 });
      // The product page, ready to buy: its form, not the error page.
      await page.getByRole('button', { name: 'In den Warenkorb', exact: true }).waitFor();
      expect(await page.locator('h1').first().textContent()).not.toBe(ERROR_HEADING);
      // One full load of the product's address, served by the new build (its entry has the new name).
      expect(loads).toEqual([`${front.url}${CATEGORY}`, `${front.url}${product}`]);
      expect(await entryScript(page)).toMatch(NEXT_ENTRY);
      await page.getByRole('link', { name: 'Warenkorb, 1 Artikel' }).first().waitFor();
      expect(await storedCartQuantities(page, api.url)).toEqual([1]);
      // The new build's worker replaces the old one and keeps only the new build's entry files.
      await expect
        .poll(() => precachedEntries(page), { timeout: 30_000 })
        .toEqual([expect.stringMatching(NEXT_ENTRY)]);
    } finally {
      await close();
    }
  }, 90_000);

  it('the first "In den Warenkorb" on a card of the old build\'s page loads the page once, and the next click adds', async () => {
    // The card's add is a chunk loaded on the first click (features/catalogue/cardAdd.ts), and the release removed
    // it: before, the click did nothing at all (the error went to a reporter whose chunk was gone too).
    const { page, loads, front, close } = await shopperAcrossRelease(browser, [], false);
    try {
      await page
        .getByRole('button', { name: /^In den Warenkorb/ })
        .first()
        .click();
      await expect.poll(() => loads.length, { timeout: 30_000 }).toBe(2);
      expect(loads).toEqual([`${front.url}${CATEGORY}`, `${front.url}${CATEGORY}`]);
      await page.waitForLoadState('load');
      await waitForHydration(page);
      expect(await entryScript(page)).toMatch(NEXT_ENTRY);
      await addFirstCard(page);
      expect(await storedCartQuantities(page, api.url)).toEqual([1]);
      expect(loads).toHaveLength(2);
    } finally {
      await close();
    }
  }, 90_000);
});

/** The entry scripts (`/assets/app-*.js`) in the service worker's caches of the shop. */
const precachedEntries = (page: Page) =>
  page.evaluate(async () => {
    const entries: string[] = [];
    for (const name of await caches.keys())
      for (const request of await (await caches.open(name)).keys()) {
        const path = new URL(request.url).pathname;
        if (/^\/assets\/app-.*\.js$/.test(path)) entries.push(path);
      }
    return entries;
  });

describe('a chunk missing in both builds', () => {
  // The error page replaces the server's markup of the product page (a hydration mismatch by design), so this
  // browser is not one of launchBrowser's, which fail a test on such a report.
  let browser: Browser;
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('loads the address once, not in a loop, and shows the German error page', async () => {
    const { page, loads, front, close } = await shopperAcrossRelease(browser, ['ProductPage']);
    try {
      const card = page.locator('a.product-card__link').first();
      const product = (await card.getAttribute('href')) ?? '';
      await card.click();
      await page.waitForURL(`${front.url}${product}`);
      await expect
        .poll(() => page.locator('h1').first().textContent(), { timeout: 30_000 })
        .toBe(ERROR_HEADING);
      // Time for a loop to show itself.
      await page.waitForTimeout(3_000);
      expect(await page.locator('h1').first().textContent()).toBe(ERROR_HEADING);
      expect(loads).toEqual([`${front.url}${CATEGORY}`, `${front.url}${product}`]);
      expect(await page.getByRole('link', { name: 'Zur Startseite' }).isVisible()).toBe(true);
      expect(await storedCartQuantities(page, api.url)).toEqual([1]);
    } finally {
      await close();
    }
  }, 90_000);
});
