// Session 26 (fleet): a fleet manager orders plates for a van fleet, two per van, front and back in different sizes.
// At the cart's line limit the cart page says the cart is full and what to do, and an add refused for it says the
// same instead of spec 8's "bitte teilen Sie uns dies mit" (nothing is broken).
import { createMemoryStorage, createSdk } from '@lp/sdk';
import { MAX_CART_LINES } from '@lp/sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForHydration } from '../support/hydration';
import { type StorefrontWorld, startStorefrontWorld } from './storefrontWorld';

let world: StorefrontWorld;
beforeAll(async () => {
  world = await startStorefrontWorld();
});
afterAll(() => world?.close());

/** Van `van`'s plate of one side: the front 520 x 110, the back 460 x 110, so each is a line of its own. */
const plate = (van: number, back: boolean) => {
  const size = back ? '460x110' : '520x110';
  return {
    productUniqueId: `KFZ-001-${size}-STD`,
    quantity: 1,
    addData: [
      {
        count: 1,
        info: {
          Alias: 'kfz-kennzeichen',
          Title: 'Kfz-Kennzeichen',
          Attributes: {
            Kennzeichen: `M-FL ${100 + van}`,
            'Kennzeichen-Art': 'Standard',
            Kennzeichengröße: size,
          },
        },
      },
    ],
  };
};

describe('a fleet cart at the line limit', () => {
  it('the cart page says it is full, and the next add says so too', async () => {
    const sdk = createSdk({ baseUrl: world.apiUrl, storage: createMemoryStorage(), dataLayer: [] });
    for (let i = 0; i < MAX_CART_LINES; i++) await sdk.cartStore.getState().add(plate(i >> 1, i % 2 === 1));
    const guid = sdk.cartStore.getState().cart.cartGuid!;

    const context = await world.browser.newContext({ viewport: { width: 1366, height: 768 } });
    await context.addInitScript(
      (cartGuid) =>
        localStorage.setItem('AppState', JSON.stringify({ CartGuid: cartGuid, orderHeaderGuid: null })),
      guid,
    );
    await context.addCookies([{ name: 'lp_cart', value: guid, url: world.shop.url }]);
    const page = await context.newPage();
    try {
      const answer = await page.goto(`${world.shop.url}/cart`, { waitUntil: 'networkidle' });
      // In the server's HTML already: she sees it before the page's script runs.
      expect(await answer!.text()).toContain(
        `Ihr Warenkorb ist voll: Er fasst höchstens ${MAX_CART_LINES} verschiedene Positionen.`,
      );
      await waitForHydration(page);
      await expect.poll(() => page.locator('tr.cart-line').count()).toBe(MAX_CART_LINES);
      const notice = page.locator('.notice', { hasText: 'Ihr Warenkorb ist voll' });
      await expect.poll(() => notice.textContent()).toContain('Zwei gleiche Kennzeichen sind eine Position');

      // A holder from the upsell list would be line 101.
      const upsell = page.locator('.cart-upsell');
      await upsell.scrollIntoViewIfNeeded();
      await upsell
        .getByRole('button', { name: /^In den Warenkorb/ })
        .first()
        .click();
      const toast = page.getByRole('alert');
      await expect
        .poll(() => toast.textContent())
        .toContain(`Ihr Warenkorb ist voll: Er fasst höchstens ${MAX_CART_LINES} verschiedene Positionen.`);
      expect(await toast.textContent()).not.toContain('teilen Sie uns dies mit');
      expect(await page.locator('tr.cart-line').count()).toBe(MAX_CART_LINES);

      // After removing one line the notice goes: there is room for one more.
      await page
        .getByRole('button', { name: /^Entfernen/ })
        .first()
        .click();
      await expect.poll(() => page.locator('tr.cart-line').count()).toBe(MAX_CART_LINES - 1);
      expect(await notice.count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
