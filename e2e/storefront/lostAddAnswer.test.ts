// A shopper on a phone whose connection drops just after "In den Warenkorb" reached the shop: the shop added the
// plate, the answer never arrived. The SDK sends the add again with the same Idempotency-Key through the
// storefront's /api proxy, and the API answers the cart as it is: one line, quantity 1, no error for the shopper.
// Before, the add failed as "Keine Verbindung …" and the shopper's second tap put the plate in twice. The drop is
// injected in Chromium after the real API answered (the request went through the proxy and was committed).
import type { Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedCartQuantities } from '../support/browser';
import { type StorefrontWorld, startStorefrontWorld } from './storefrontWorld';

let world: StorefrontWorld;

beforeAll(async () => {
  world = await startStorefrontWorld();
}, 120_000);
afterAll(async () => {
  await world?.close();
});

describe('an add whose answer is lost on the way back', () => {
  it('is in the cart once, with quantity 1, and the shopper sees no error', async () => {
    const { page } = await world.open('/funschild', { width: 390 });
    const keys: (string | undefined)[] = [];
    let drops = 0;
    await page.route('**/api/Cart/addCartItem', async (route: Route) => {
      keys.push(route.request().headers()['idempotency-key']);
      if (drops-- <= 0) return route.continue();
      // The add reaches the API through the storefront and is answered; the phone never gets the answer.
      const answer = await route.fetch();
      expect(answer.status()).toBe(200);
      await answer.body();
      await route.abort('connectionreset');
    });
    const text = page.getByLabel('Wunschtext');
    const add = page.getByRole('button', { name: 'In den Warenkorb', exact: true });
    // A first sign on a good connection: the cart exists, so the retry below goes to it.
    await text.fill('GUTES NETZ');
    await add.click();
    await page.getByRole('link', { name: 'Warenkorb, 1 Artikel' }).first().waitFor();
    // The second sign's answer is lost.
    drops = 1;
    await text.fill('FUNKLOCH');
    await add.click();
    await page.getByRole('link', { name: 'Warenkorb, 2 Artikel' }).first().waitFor();
    expect(await page.getByText('Keine Verbindung zum Shop', { exact: false }).count()).toBe(0);
    // The first add, then the lost one and its retry under one key.
    expect(keys).toHaveLength(3);
    expect(keys[1]).toBeTruthy();
    expect(keys[2]).toBe(keys[1]);
    expect(keys[0]).not.toBe(keys[1]);

    // What the shop stored: one line with quantity 1 (read from the API, not the page's state).
    expect(await storedCartQuantities(page, world.apiUrl)).toEqual([1, 1]);
    await page.close();
  });
});
