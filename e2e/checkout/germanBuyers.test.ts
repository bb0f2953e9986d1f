// German buyers with legitimate but unusual data: what they type reaches the order exactly (umlauts, ß, long
// double names, company, leading-zero postcode, a phone written with brackets and slashes, a plus address), with a
// separate billing address; a double click on the order button makes one order; the thank-you page survives a
// reload; the order the API answers holds the same text.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Address,
  addPlate,
  applyCoupon,
  cartSettled,
  euro,
  fillAddress,
  fillCheckout,
  plain,
  unexpected,
} from './checkoutDriver';
import { gotoHydrated, reloadHydrated } from '../support/hydration';
import { type CheckoutWorld, startCheckoutWorld } from './checkoutWorld';

let world: CheckoutWorld;
beforeAll(async () => {
  world = await startCheckoutWorld();
});
afterAll(async () => {
  await world?.close();
});

const BUYER: Address = {
  email: 'karl-theodor+kennzeichen@example.de',
  // 24 characters as typed; the field used to cut it at 20 characters.
  phone: '+49 (0) 151 / 234 567 89',
  name: 'Karl-Theodor Maria Nikolaus Johann Jacob Philipp Franz Joseph Sylvester',
  lastName: 'Freiherr von und zu Guttenberg-Müller-Lüdenscheidt',
  street: 'Straße des 17. Juni',
  houseNumber: '12-14',
  zipCode: '01067',
  city: 'Dresden',
};

const BILLING = {
  name: 'Ștefan',
  lastName: 'Nguyễn-Weiß',
  company: 'Weiß & Söhne GmbH',
  street: 'Am Mühlgraben',
  houseNumber: '7a',
  zipCode: '06667',
  city: 'Weißenfels',
};

interface ApiAddress {
  name: string;
  lastName: string;
  company?: string | null;
  street: string;
  houseNumber: string;
  zipCode: string;
  city: string;
}

describe('German buyers with unusual but real data', () => {
  it('get an order that holds exactly what they typed, once, even after a double click', async () => {
    const { page, errors } = await world.open('/kfz-kennzeichen');
    await addPlate(page, 'LÖ-AB 123');
    await gotoHydrated(page, `${world.shop.url}/cart/checkout`);
    const submit = page.getByRole('button', { name: 'Zahlungspflichtig bestellen' });
    await submit.waitFor();
    await page.getByRole('radio', { name: /PayPal/ }).waitFor();

    await fillCheckout(page, BUYER);
    await page
      .getByRole('group', { name: 'Lieferadresse' })
      .getByLabel('Firma')
      .fill('c/o Weiß & Söhne GmbH');
    await page.getByRole('checkbox', { name: 'Rechnungsadresse entspricht der Lieferadresse' }).uncheck();
    await fillAddress(page, 'Rechnungsadresse', BILLING);
    await page.getByRole('checkbox', { name: /AGB/ }).check();
    // Nothing typed was cut off: the phone is written as '+49 …' with all its digits.
    expect(await page.getByLabel('Telefon').inputValue()).toBe('+49 15123456789');
    expect(await page.getByRole('group', { name: 'Lieferadresse' }).getByLabel('Vorname').inputValue()).toBe(
      BUYER.name,
    );

    await submit.dblclick();
    await page.waitForURL(`${world.apiUrl}/sandbox/pay/**`);
    expect(await world.ordersFor(BUYER.email)).toHaveLength(1);
    await page.getByRole('button', { name: 'Zahlung bestätigen' }).click();
    await page.waitForURL('**/thank-you/**', { timeout: 15_000 });
    await page.getByTestId('order-number').waitFor();

    const expectPage = async () => {
      const addresses = plain(await page.locator('.order-addresses').textContent());
      for (const text of [
        `${BUYER.name} ${BUYER.lastName}`,
        'c/o Weiß & Söhne GmbH',
        `${BUYER.street} ${BUYER.houseNumber}`,
        `${BUYER.zipCode} ${BUYER.city}`,
        `${BILLING.name} ${BILLING.lastName}`,
        BILLING.company,
        `${BILLING.street} ${BILLING.houseNumber}`,
        `${BILLING.zipCode} ${BILLING.city}`,
      ])
        expect(addresses).toContain(text);
      await page.getByText(`Bestätigung an: ${BUYER.email}`).waitFor();
    };
    await expectPage();
    await reloadHydrated(page);
    await page.getByTestId('order-number').waitFor();
    await expectPage();

    // The order as the API answers it.
    const headerGuid = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
    const response = await fetch(
      `${world.apiUrl}/api/Order/getOrder?headerGuid=${encodeURIComponent(headerGuid)}`,
    );
    expect(response.status).toBe(200);
    const order = (await response.json()) as {
      billingPerson: { email: string; phone: string; name: string; lastName: string };
      shippingAddress: ApiAddress;
      billingAddress: ApiAddress;
    };
    expect(order.billingPerson).toMatchObject({
      email: BUYER.email,
      phone: '+49 15123456789',
      name: BUYER.name,
      lastName: BUYER.lastName,
    });
    expect(order.shippingAddress).toMatchObject({
      name: BUYER.name,
      lastName: BUYER.lastName,
      company: 'c/o Weiß & Söhne GmbH',
      street: BUYER.street,
      houseNumber: BUYER.houseNumber,
      zipCode: BUYER.zipCode,
      city: BUYER.city,
    });
    expect(order.billingAddress).toMatchObject(BILLING);
    expect(await world.ordersFor(BUYER.email)).toEqual([expect.objectContaining({ status: 'paid' })]);
    expect(unexpected(errors)).toEqual([]);
    await page.close();
  });

  it('the logged-in demo customer buys with a coupon and finds the order in the account', async () => {
    const { page, errors } = await world.open('/account/login');
    await page.getByLabel('E-Mail').fill('demo@lp-de.example');
    await page.getByLabel('Passwort').fill('Demo1234!');
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await page.waitForURL('**/account');
    // The login page asks for the session first and gets the expected 401 of a logged-out browser; from here on
    // nothing may fail.
    errors.length = 0;
    await gotoHydrated(page, `${world.shop.url}/kfz-kennzeichen`);
    await addPlate(page, 'MÜ-AB 12');
    await gotoHydrated(page, `${world.shop.url}/cart`);
    await cartSettled(page);
    await applyCoupon(page, 'WILLKOMMEN10');
    await page.getByText('Gutschein WILLKOMMEN10: 10 % Rabatt.').waitFor();
    await page.getByRole('link', { name: 'Zur Kasse' }).click();
    await page.waitForURL('**/cart/checkout');
    const submit = page.getByRole('button', { name: 'Zahlungspflichtig bestellen' });
    await submit.waitFor();
    await fillCheckout(page, {
      email: 'demo@lp-de.example',
      phone: '0151/23456789',
      name: 'Max',
      lastName: 'Mustermann',
      street: 'Weißenfelser Straße',
      houseNumber: '3/1',
      zipCode: '04109',
      city: 'Leipzig',
    });
    await page.getByRole('checkbox', { name: /AGB/ }).check();
    await page.getByRole('radio', { name: /Kreditkarte/ }).check();
    await submit.click();
    await page.waitForURL(`${world.apiUrl}/sandbox/pay/**`);
    await page.getByRole('button', { name: 'Zahlung bestätigen' }).click();
    await page.waitForURL('**/thank-you/**', { timeout: 15_000 });
    const orderNumber = plain(await page.getByTestId('order-number').textContent());
    expect(orderNumber).not.toBe('');
    // Prices from the server: the total the page shows is the one the API stored.
    const [stored] = await world.ordersFor('demo@lp-de.example');
    await expect
      .poll(async () => plain(await page.getByTestId('order-total').textContent()))
      .toBe(euro(stored!.total));
    await page.getByText('Weißenfelser Straße 3/1').first().waitFor();
    await page.getByText('04109 Leipzig').first().waitFor();

    await gotoHydrated(page, `${world.shop.url}/account`);
    await page.getByRole('heading', { name: `Bestellung ${orderNumber}` }).waitFor();
    expect(unexpected(errors)).toEqual([]);
    await page.close();
  });
});
