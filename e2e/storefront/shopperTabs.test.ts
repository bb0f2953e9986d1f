// A shopper with the shop open in two tabs of one browser: both show one cart. Tab B is opened before tab A
// changes the cart and is not reloaded (the tabs share the cart guid in localStorage, not the lines).
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { waitForHydration } from '../support/hydration';
import { type StorefrontWorld, startStorefrontWorld } from './storefrontWorld';

let world: StorefrontWorld;
let context: BrowserContext;

beforeAll(async () => {
  world = await startStorefrontWorld();
});
afterAll(async () => {
  await world?.close();
});
afterEach(async () => {
  await context?.close();
});

async function tab(path: string): Promise<{ page: Page; errors: string[] }> {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${world.shop.url}${path}`, { waitUntil: 'networkidle' });
  await waitForHydration(page);
  return { page, errors };
}

/** Adds a fun plate with `text` on /funschild and waits for the header to count `count`. */
async function addFunPlate(page: Page, text: string, count: number) {
  await page.getByLabel('Wunschtext').fill(text);
  await page.getByRole('button', { name: 'In den Warenkorb', exact: true }).click();
  await page
    .getByRole('link', { name: `Warenkorb, ${count} Artikel` })
    .first()
    .waitFor();
}

const lines = (page: Page) => page.locator('tr.cart-line');

describe('two tabs of the shop', () => {
  it('the other tab counts an add at once, and its cart page shows the new line', async () => {
    context = await world.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const a = await tab('/funschild');
    const b = await tab('/cart');
    await b.page.getByText('Ihr Warenkorb ist leer.').waitFor();
    await addFunPlate(a.page, 'TAB A', 1);
    await b.page.getByRole('link', { name: 'Warenkorb, 1 Artikel' }).first().waitFor();
    await lines(b.page).filter({ hasText: 'TAB A' }).waitFor();
    await addFunPlate(a.page, 'TAB A2', 2);
    await lines(b.page).filter({ hasText: 'TAB A2' }).waitFor();
    expect(await lines(b.page).count()).toBe(2);
    expect([...a.errors, ...b.errors]).toEqual([]);
  });

  it('a line removed in one tab leaves the other; a quantity change there then works', async () => {
    context = await world.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const a = await tab('/funschild');
    await addFunPlate(a.page, 'BLEIBT', 1);
    await addFunPlate(a.page, 'WEG', 2);
    await a.page.goto(`${world.shop.url}/cart`, { waitUntil: 'networkidle' });
    await waitForHydration(a.page);
    const b = await tab('/cart');
    await lines(b.page).filter({ hasText: 'WEG' }).waitFor();

    await lines(a.page)
      .filter({ hasText: 'WEG' })
      .getByRole('button', { name: /Entfernen/ })
      .click();
    await lines(a.page).filter({ hasText: 'WEG' }).waitFor({ state: 'detached' });
    // Tab B drops the line without a reload, before the shopper can press its '+'.
    await lines(b.page).filter({ hasText: 'WEG' }).waitFor({ state: 'detached' });
    await b.page.getByRole('link', { name: 'Warenkorb, 1 Artikel' }).first().waitFor();

    await lines(b.page)
      .filter({ hasText: 'BLEIBT' })
      .getByRole('button', { name: /erhöhen/ })
      .click();
    await b.page.getByRole('link', { name: 'Warenkorb, 2 Artikel' }).first().waitFor();
    // ... and tab A follows that change in turn.
    await a.page.getByRole('link', { name: 'Warenkorb, 2 Artikel' }).first().waitFor();
    expect(await b.page.getByRole('alert').filter({ hasText: 'nicht gespeichert' }).count()).toBe(0);
    expect([...a.errors, ...b.errors]).toEqual([]);
  });
});
