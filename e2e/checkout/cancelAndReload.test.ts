// Issue 6: a reload in the middle of checkout loses nothing, going back from the payment page creates no second
// order, a cancelled payment keeps the cart; a dealer-site cart is handed over via /cart?cartGuid=.
import { createMemoryStorage, createSdk } from '@lp/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERIKA, cartSettled, fillCheckout, unexpected } from './checkoutDriver';
import { gotoHydrated, reloadHydrated, waitForHydration } from '../support/hydration';
import { type CheckoutWorld, startCheckoutWorld } from './checkoutWorld';

let world: CheckoutWorld;
beforeAll(async () => {
  world = await startCheckoutWorld();
});
afterAll(async () => {
  await world?.close();
});

const MAX = { ...ERIKA, email: 'max@example.de', name: 'Max' };

describe('checkout that is interrupted', () => {
  it('keeps the form over a reload, makes one order only, and keeps the cart when the payment is cancelled', async () => {
    const { page, errors } = await world.open('/funschild');
    await page.getByLabel('Wunschtext').fill('HALLO');
    // exact: the upsell cards' own buttons are named "In den Warenkorb: <product>".
    await page.getByRole('button', { name: 'In den Warenkorb', exact: true }).click();
    await page.getByText('Der Artikel wurde in den Warenkorb gelegt.').waitFor();
    await gotoHydrated(page, `${world.shop.url}/cart/checkout`);
    await page.getByRole('button', { name: 'Zahlungspflichtig bestellen' }).waitFor();

    await fillCheckout(page, MAX);
    await page.getByLabel('Ort').blur();
    await reloadHydrated(page);
    await page.getByRole('button', { name: 'Zahlungspflichtig bestellen' }).waitFor();
    // The server renders the empty form; the browser fills in the draft after mount.
    await expect.poll(() => page.getByLabel('E-Mail').inputValue()).toBe(MAX.email);
    expect(await page.getByLabel('Telefon').inputValue()).toBe('+49 3012345678');
    expect(await page.getByLabel('Hausnummer').inputValue()).toBe(MAX.houseNumber);

    await page.getByRole('checkbox', { name: /AGB/ }).check();
    await page.getByRole('button', { name: 'Zahlungspflichtig bestellen' }).click();
    await page.waitForURL(`${world.apiUrl}/sandbox/pay/**`);

    // Back from the provider: the running payment is not silently paid with the new form; the shopper is told and
    // continues it on purpose. Still one order.
    await page.goBack({ waitUntil: 'networkidle' });
    await page.waitForURL('**/cart/checkout');
    await waitForHydration(page);
    const submit = page.getByRole('button', { name: 'Zahlungspflichtig bestellen' });
    await submit.waitFor();
    await expect.poll(() => page.getByLabel('E-Mail').inputValue()).toBe(MAX.email);
    if (!(await page.getByRole('checkbox', { name: /AGB/ }).isChecked()))
      await page.getByRole('checkbox', { name: /AGB/ }).check();
    await submit.click();
    await page.getByText('Für diesen Warenkorb läuft bereits eine Zahlung.').waitFor();
    expect(page.url()).toContain('/cart/checkout');
    await page.getByRole('button', { name: 'Zahlung fortsetzen' }).click();
    await page.waitForURL(`${world.apiUrl}/sandbox/pay/**`);
    expect(await world.ordersFor(MAX.email)).toHaveLength(1);

    await page.getByRole('button', { name: 'Zahlung abbrechen' }).click();
    await page.waitForURL('**/cancel-order**');
    await page.getByText('Die Zahlung wurde abgebrochen. Es wurde nichts berechnet.').waitFor();
    await expect
      .poll(async () => (await world.ordersFor(MAX.email)).map((o) => o.status))
      .toEqual(['cancelled']);
    await page.getByRole('link', { name: 'Zurück zum Warenkorb' }).click();
    await page.waitForURL('**/cart');
    await page.getByRole('row', { name: /HALLO/ }).waitFor();

    // Paying after the cancellation reuses that order.
    await page.getByRole('link', { name: 'Zur Kasse' }).click();
    await page.getByRole('button', { name: 'Zahlungspflichtig bestellen' }).waitFor();
    await page.getByRole('checkbox', { name: /AGB/ }).check();
    await page.getByRole('button', { name: 'Zahlungspflichtig bestellen' }).click();
    await page.waitForURL(`${world.apiUrl}/sandbox/pay/**`);
    await page.getByRole('button', { name: 'Zahlung bestätigen' }).click();
    await page.waitForURL('**/thank-you/**', { timeout: 15_000 });
    await page.getByTestId('order-number').waitFor();
    await expect.poll(async () => (await world.ordersFor(MAX.email)).map((o) => o.status)).toEqual(['paid']);
    expect(unexpected(errors)).toEqual([]);
    await page.close();
  });

  it('takes over a copy of a cart filled on a dealer site via /cart?cartGuid=', async () => {
    // The dealer's widget talks to the API directly, with its own storage.
    const dealer = createSdk({ baseUrl: world.apiUrl, storage: createMemoryStorage(), retries: 0 });
    const cart = await dealer.cart.addItem({
      productUniqueId: 'FKZ-001',
      quantity: 2,
      addData: [
        {
          count: 2,
          info: {
            Alias: 'funschild',
            Title: 'Funschild',
            Attributes: {
              Kennzeichen: 'HÄNDLER',
              'Kennzeichen-Art': 'Standard',
              Kennzeichengröße: '520x110',
            },
          },
        },
      ],
    });
    expect(cart.cartGuid).toBeTruthy();
    const { page, errors } = await world.open(`/cart?cartGuid=${cart.cartGuid}`);
    const row = page.getByRole('row', { name: /HÄNDLER/ });
    await row.waitFor();
    await cartSettled(page);
    // The guid leaves the address bar once the cart is taken over.
    await expect.poll(() => new URL(page.url()).search).toBe('');
    expect(await row.getByRole('spinbutton').inputValue()).toBe('2');
    await page.getByRole('link', { name: 'Warenkorb, 2 Artikel' }).waitFor();
    // The shopper continues in a copy of their own: whoever holds the handed-over guid (the dealer's page, or
    // whoever sent the link) sees nothing of what the shopper does, and the dealer's page keeps its cart.
    const mine = await page.evaluate(() => JSON.parse(localStorage.getItem('AppState') ?? '{}').CartGuid);
    expect(mine).toMatch(/^[0-9a-f-]{36}$/);
    expect(mine).not.toBe(cart.cartGuid);
    await row.getByRole('button', { name: /Entfernen/ }).click();
    await page.getByText('Ihr Warenkorb ist leer.').waitFor();
    dealer.appState.set({ CartGuid: cart.cartGuid as string });
    const dealerLines = (await dealer.cart.getCart()).items ?? [];
    expect(dealerLines.map((line) => line.quantity)).toEqual([2]);
    expect(unexpected(errors)).toEqual([]);
    await page.close();
  });
});
