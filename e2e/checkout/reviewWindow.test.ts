// docs/reference/decisions.md "The review window" (session 18): the operator raises a price while the shopper fills
// in the checkout form. § 312j BGB: the total above "Zahlungspflichtig bestellen" is the one owed, so the first press
// saves nothing and says the prices changed, with the review showing the new total; a second press pays that total.
// In Chromium against the real API (catalogue reads cached 10 s per process: the test waits that bound out, as a
// shopper typing the form does) and the built storefront.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gotoHydrated } from '../support/hydration';
import { ERIKA, cartSettled, euro, fillCheckout, plain, unexpected } from './checkoutDriver';
import { type CheckoutWorld, startCheckoutWorld } from './checkoutWorld';

let world: CheckoutWorld;
beforeAll(async () => {
  world = await startCheckoutWorld();
}, 180_000);
afterAll(async () => {
  await world?.sql("UPDATE products SET price_cents = 490 WHERE unique_id = 'KZH-001'");
  await world?.close();
});

const CATALOGUE_CACHE_MS = 10_000;
const PRICE_CHANGED =
  'Preise oder Versandkosten haben sich geändert. Bitte prüfen Sie die Bestellübersicht und bestellen Sie erneut.';

/** A new cart of 5 × KZH-001 (4,90 €) straight through the API. */
async function holderCart(): Promise<string> {
  const res = await fetch(`${world.apiUrl}/api/Cart/addCartItem`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      productUniqueId: 'KZH-001',
      quantity: 5,
      addData: [{ count: 5, info: { Alias: 'x', Title: 'x', Attributes: {} } }],
    }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { cartGuid: string }).cartGuid;
}

/** What the cart costs now, as the API reads it (goods + shipping; no coupon here), euro. */
async function cartTotal(cartGuid: string): Promise<number> {
  const res = await fetch(`${world.apiUrl}/api/Cart/getCart`, { headers: { CartGuid: cartGuid } });
  const cart = (await res.json()) as { totalAmount: number; deliveryPrice: number };
  return Math.round((cart.totalAmount + cart.deliveryPrice) * 100) / 100;
}

describe('a price raised while the shopper fills in the checkout', () => {
  it('the first press saves nothing and shows the new total; the second press pays it', async () => {
    const cartGuid = await holderCart();
    const shown = await cartTotal(cartGuid);
    const { page, errors } = await world.open('/cart');
    await page.evaluate(
      (guid) => localStorage.setItem('AppState', JSON.stringify({ CartGuid: guid, orderHeaderGuid: null })),
      cartGuid,
    );
    await gotoHydrated(page, `${world.shop.url}/cart`);
    await cartSettled(page);
    await page.getByRole('link', { name: 'Zur Kasse' }).click();
    await page.waitForURL('**/cart/checkout');
    await page.getByRole('radio', { name: /PayPal/ }).waitFor();
    const reviewTotal = () => page.getByTestId('review-total').textContent().then(plain);
    await expect.poll(reviewTotal).toBe(`Gesamtsumme: ${euro(shown)}`);

    // The operator's change, while the shopper types; the API's catalogue cache is 10 s old by the press.
    await world.sql("UPDATE products SET price_cents = 990 WHERE unique_id = 'KZH-001'");
    const changedAt = Date.now();
    await fillCheckout(page, { ...ERIKA, email: 'review-window@example.de' });
    await page.getByRole('checkbox', { name: /AGB/ }).check();
    await page.waitForTimeout(Math.max(0, changedAt + CATALOGUE_CACHE_MS + 200 - Date.now()));
    const now = await cartTotal(cartGuid);
    expect(now).toBeGreaterThan(shown);

    const button = page.getByRole('button', { name: 'Zahlungspflichtig bestellen' });
    await button.click();
    const alert = page.getByRole('alert').filter({ hasText: PRICE_CHANGED });
    await alert.waitFor();
    // Focus on the message (a screen reader reads it), the review shows the new total, nothing was saved.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent ?? ''))
      .toBe(PRICE_CHANGED);
    await expect.poll(reviewTotal).toBe(`Gesamtsumme: ${euro(now)}`);
    expect(await world.ordersFor('review-window@example.de')).toEqual([]);
    expect(await button.isEnabled()).toBe(true);

    await button.click();
    await page.waitForURL(`${world.apiUrl}/sandbox/pay/**`, { timeout: 30_000 });
    await page.getByText(euro(now)).first().waitFor();
    expect(await world.ordersFor('review-window@example.de')).toEqual([
      { status: 'paymentPending', total: now },
    ]);
    expect(unexpected(errors)).toEqual([]);
  }, 90_000);
});
