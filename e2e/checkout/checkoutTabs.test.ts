// The checkout open in two tabs of one browser: a coupon redeemed in one tab is in the other tab's total, and an
// order paid in one tab takes the other tab out of the checkout (its cart is gone) instead of letting it send an
// order without a cart.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForHydration } from '../support/hydration';
import { ERIKA, applyCoupon, fillCheckout, unexpected } from './checkoutDriver';
import { type CheckoutWorld, startCheckoutWorld } from './checkoutWorld';

let world: CheckoutWorld;
beforeAll(async () => {
  world = await startCheckoutWorld();
});
afterAll(async () => {
  await world?.close();
});

describe('checkout in two tabs', () => {
  it('follows a coupon redeemed and an order paid in the other tab', async () => {
    const { page: cartTab, context, errors } = await world.open('/funschild');
    await cartTab.getByLabel('Wunschtext').fill('ZWEI TABS');
    await cartTab.getByRole('button', { name: 'In den Warenkorb', exact: true }).click();
    await cartTab.getByRole('link', { name: 'Warenkorb, 1 Artikel' }).first().waitFor();

    const checkoutTab = await context.newPage();
    checkoutTab.on('pageerror', (error) => errors.push(error.message));
    await checkoutTab.goto(`${world.shop.url}/cart/checkout`, { waitUntil: 'networkidle' });
    await waitForHydration(checkoutTab);
    await checkoutTab.getByRole('radio', { name: /Kreditkarte/ }).waitFor();
    await fillCheckout(checkoutTab, ERIKA);

    await cartTab.goto(`${world.shop.url}/cart`, { waitUntil: 'networkidle' });
    await waitForHydration(cartTab);
    await applyCoupon(cartTab, 'WILLKOMMEN10');
    await cartTab.getByText('Gutschein WILLKOMMEN10: 10 % Rabatt.').waitFor();
    await checkoutTab.getByText('Rabatt (Gutschein WILLKOMMEN10)').waitFor();

    // The shopper pays in the first tab ...
    await cartTab.getByRole('link', { name: 'Zur Kasse' }).click();
    await cartTab.getByRole('radio', { name: /Kreditkarte/ }).waitFor();
    await fillCheckout(cartTab, ERIKA);
    await cartTab.getByRole('checkbox', { name: /AGB/ }).check();
    await cartTab.getByRole('radio', { name: /Kreditkarte/ }).check();
    await cartTab.getByRole('button', { name: 'Zahlungspflichtig bestellen' }).click();
    await cartTab.waitForURL(`${world.apiUrl}/sandbox/pay/**`);
    await cartTab.getByRole('button', { name: 'Zahlung bestätigen' }).click();
    await cartTab.waitForURL('**/thank-you/**', { timeout: 20_000 });

    // ... and the other tab leaves the checkout for the (now empty) cart.
    await checkoutTab.waitForURL(/\/cart$/);
    await checkoutTab.getByText('Ihr Warenkorb ist leer.').waitFor();
    await checkoutTab.getByRole('link', { name: 'Warenkorb, 0 Artikel' }).first().waitFor();
    await expect
      .poll(async () => (await world.ordersFor(ERIKA.email)).map((order) => order.status))
      .toEqual(['paid']);
    expect(unexpected(errors)).toEqual([]);
  });
});
