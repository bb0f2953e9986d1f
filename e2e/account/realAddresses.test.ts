// Issue 13 "Real addresses pass" and the sandbox payment page's method names, in Chromium: a shopper from
// "Straße des 17. Juni" in "Frankfurt (Oder)" checks out without a field message at 390 and 1366 px, the sandbox
// says "Kreditkarte" (not `card`), the thank-you page shows the address as typed; markup is still refused with
// the German field message.
import { type Sdk, createMemoryStorage, createSdk } from '@lp/sdk';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERIKA, expectAxeClean, fillCheckout } from '../checkout/checkoutDriver';
import { type CheckoutWorld, startCheckoutWorld } from '../checkout/checkoutWorld';
import { funschild } from '../contract/support';
import { reloadHydrated } from '../support/hydration';

let world: CheckoutWorld;
beforeAll(async () => {
  world = await startCheckoutWorld();
});
afterAll(async () => {
  await world?.close();
});

/** A cart made elsewhere, handed to the page's SDK through AppState (the shop's own storage key). */
async function withCart(page: Page) {
  const sdk: Sdk = createSdk({
    baseUrl: world.apiUrl,
    storage: createMemoryStorage(),
    dataLayer: [],
    retries: 0,
  });
  await sdk.cartStore.getState().add(funschild(1, 'LP 17'));
  const guid = sdk.appState.get().CartGuid!;
  await page.evaluate((cartGuid) => {
    localStorage.setItem('AppState', JSON.stringify({ CartGuid: cartGuid, orderHeaderGuid: null }));
  }, guid);
}

const cases = [
  {
    width: 390,
    street: 'Straße des 17. Juni',
    houseNumber: '135',
    zipCode: '10623',
    city: 'Frankfurt (Oder)',
  },
  { width: 1366, street: 'Am 1. Mai', houseNumber: '4', zipCode: '66386', city: 'St. Ingbert' },
];

describe('real addresses at the checkout (issue 13)', () => {
  it.each(cases)('$street, $city at $width px: no field message, the order goes through', async (c) => {
    const email = `adresse.${c.width}.${Date.now()}@example.de`;
    const { page, errors } = await world.open('/', { width: c.width });
    await withCart(page);
    await page.goto(`${world.shop.url}/cart/checkout`);
    await reloadHydrated(page);
    await page.getByRole('button', { name: 'Zahlungspflichtig bestellen' }).waitFor();

    // Markup first: the field message stays, in German.
    await fillCheckout(page, { ...ERIKA, email, street: '<b>Weg</b>', city: 'Halle <Saale>' });
    await page.getByLabel('Ort').blur();
    await page
      .getByText('Bitte geben Sie eine gültige Straße ein, z. B. Hauptstraße oder Straße des 17. Juni.')
      .waitFor();
    await page
      .getByText('Bitte geben Sie einen gültigen Ort ein, z. B. Köln oder Frankfurt (Oder).')
      .waitFor();
    await expectAxeClean(page);

    await fillCheckout(page, { ...ERIKA, email, ...c });
    await page.getByLabel('Ort').blur();
    await page.getByRole('checkbox', { name: /AGB/ }).check();
    await expect.poll(() => page.locator('.field-message').count()).toBe(0);
    await page.getByRole('radio', { name: /Kreditkarte/ }).check();
    await page.getByRole('button', { name: 'Zahlungspflichtig bestellen' }).click();

    // The sandbox payment page names the method as the shop does.
    await page.waitForURL(`${world.apiUrl}/sandbox/pay/**`);
    const method = page.locator('dt:has-text("Zahlungsart") + dd');
    await expect.poll(() => method.textContent()).toBe('Kreditkarte');
    // biome-ignore lint/performance/useDomNodeTextContent: what a shopper sees is the point
    expect(await page.locator('body').innerText()).not.toMatch(/\bcard\b/);
    await page.getByRole('button', { name: 'Zahlung bestätigen' }).click();

    await page.waitForURL('**/thank-you/**', { timeout: 15_000 });
    await page.getByText(`${c.street} ${c.houseNumber}`).first().waitFor();
    await page.getByText(c.city).first().waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  it.each([
    ['paypal', 'PayPal'],
    ['googlepay', 'Google Pay'],
    ['applepay', 'Apple Pay'],
  ] as const)('the sandbox page names %s "%s"', async (paymentMethod, name) => {
    const sdk = createSdk({
      baseUrl: world.apiUrl,
      storage: createMemoryStorage(),
      dataLayer: [],
      retries: 0,
    });
    await sdk.cartStore.getState().add(funschild(1, 'LP 1'));
    const { orderHeaderGuid } = await sdk.orders.save({
      billingPerson: {
        email: 'zahlung@example.de',
        phone: '+49 3012345678',
        name: 'Erika',
        lastName: 'Muster',
      },
      shippingAddress: {
        name: 'Erika',
        lastName: 'Muster',
        street: 'Am 1. Mai',
        houseNumber: '1',
        zipCode: '10115',
        city: 'Halle (Saale)',
        country: 'DE',
      },
      paymentMethod,
    });
    await sdk.orders.confirm(orderHeaderGuid);
    const { redirectUrl } = await sdk.orders.createPayment({
      headerGuid: orderHeaderGuid,
      paymentMethod,
      returnUrl: `${world.shop.url}/wait-for-confirmation`,
      cancelUrl: `${world.shop.url}/cancel-order`,
    });
    const { page } = await world.open('/', { width: 390 });
    await page.goto(redirectUrl);
    await expect.poll(() => page.locator('dt:has-text("Zahlungsart") + dd').textContent()).toBe(name);
    await expectAxeClean(page);
    await page.close();
  });
});
