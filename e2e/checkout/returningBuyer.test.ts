// Session 20: the checkout of a returning customer and of a company buyer. A car dealership's workshop that orders
// every week logs in on a new phone: the checkout starts with its e-mail, phone and last address, and it picks another
// of its earlier addresses. A municipality's vehicle fleet gives its Leitweg-ID and USt-IdNr.: the thank-you page
// shows them and the XRechnung carries the Leitweg-ID in BT-10. Real API, built storefront, Chromium, axe.
import type { Address } from '@lp/sdk/contract';
import { createAccountService } from '@lp/sdk/account';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieJar, sdkWithCookies } from '../account/cookieJarFetch';
import { funschild } from '../contract/support';
import { gotoHydrated } from '../support/hydration';
import { logInAsShopper } from '../support/logIn';
import { addPlate, expectAxeClean, fillAddress, plain, unexpected } from './checkoutDriver';
import { type CheckoutWorld, startCheckoutWorld } from './checkoutWorld';

const EMAIL = `werkstatt.${Date.now()}@autohaus.example`;
const PASSWORD = 'Herbst 2026!';
const LEITWEG_ID = '04011000-1234512345-06';

const place = (street: string, city: string, zipCode: string, company?: string): Address => ({
  name: 'Petra',
  lastName: 'Händler',
  ...(company ? { company } : {}),
  street,
  houseNumber: '5',
  zipCode,
  city,
  country: 'DE',
});
const WORKSHOP = place('Werkstattweg', 'Potsdam', '14467', 'Autohaus Händler GmbH');
const BRANCH = place('Filialstraße', 'Berlin', '10115', 'Autohaus Händler GmbH');

let world: CheckoutWorld;
beforeAll(async () => {
  world = await startCheckoutWorld();
  // Registered earlier (through the API); two orders placed while logged in, the workshop's the newer.
  const buyer = sdkWithCookies(cookieJar(world.apiUrl));
  await createAccountService(buyer.client).register({
    email: EMAIL,
    password: PASSWORD,
    name: 'Petra',
    lastName: 'Händler',
    confirmUrl: `${world.apiUrl}/account/confirm`,
  });
  for (const shippingAddress of [BRANCH, WORKSHOP]) {
    await buyer.cartStore.getState().add(funschild(1, 'P AH 1'));
    const { orderHeaderGuid } = await buyer.orders.save({
      billingPerson: { email: EMAIL, phone: '+49 3312345678', name: 'Petra', lastName: 'Händler' },
      shippingAddress,
      paymentMethod: 'paypal',
    });
    await buyer.orders.confirm(orderHeaderGuid);
    await buyer.cartStore.getState().clear();
  }
});
afterAll(async () => {
  await world?.close();
});

/** The 401 answers of "who is logged in?" before the login are expected. */
const realErrors = (errors: string[]) => unexpected(errors).filter((error) => !/status of 401\b/.test(error));

const logIn = (page: Page) => logInAsShopper(page, world.shop.url, EMAIL, PASSWORD);

const value = (page: Page, group: string, label: string) =>
  page.getByRole('group', { name: group }).getByLabel(label, { exact: false }).first().inputValue();

describe('the checkout of a returning customer on a new device', () => {
  it('starts filled in; another earlier address is one choice away; the order goes there', async () => {
    const { page, errors } = await world.open('/');
    await logIn(page);
    await gotoHydrated(page, `${world.shop.url}/kfz-kennzeichen`);
    await addPlate(page, 'P AH 2');
    await gotoHydrated(page, `${world.shop.url}/cart/checkout`);
    await page.getByRole('button', { name: 'Zahlungspflichtig bestellen' }).waitFor();

    await expect.poll(() => page.getByLabel('E-Mail').inputValue()).toBe(EMAIL);
    expect(await page.getByLabel('Telefon').inputValue()).toBe('+49 3312345678');
    expect(await value(page, 'Lieferadresse', 'Straße')).toBe('Werkstattweg');
    expect(await value(page, 'Lieferadresse', 'Ort')).toBe('Potsdam');

    const choice = page.getByRole('group', { name: 'Lieferadresse' }).getByRole('combobox', {
      name: 'Adresse aus früheren Bestellungen',
    });
    await choice.selectOption({
      label: 'Petra Händler, Autohaus Händler GmbH, Filialstraße 5, 10115 Berlin',
    });
    expect(await value(page, 'Lieferadresse', 'Straße')).toBe('Filialstraße');
    expect(await value(page, 'Lieferadresse', 'Ort')).toBe('Berlin');
    await expectAxeClean(page);

    await page.getByRole('checkbox', { name: /AGB/ }).check();
    await page.getByRole('button', { name: 'Zahlungspflichtig bestellen' }).click();
    await page.waitForURL(`${world.apiUrl}/sandbox/pay/**`);
    await page.getByRole('button', { name: 'Zahlung bestätigen' }).click();
    await page.waitForURL('**/thank-you/**', { timeout: 15_000 });
    const delivery = page.locator('.order-addresses address').first();
    // biome-ignore lint/performance/useDomNodeTextContent: the lines as the shopper sees them (<br> as line breaks)
    expect(await delivery.innerText()).toContain('Filialstraße 5\n10115 Berlin');
    expect(realErrors(errors)).toEqual([]);
  });
});

describe('the checkout of a municipality’s vehicle fleet', () => {
  it('takes its Leitweg-ID and USt-IdNr.; the order page shows them and the XRechnung carries them', async () => {
    const { page, errors } = await world.open('/kfz-kennzeichen');
    await addPlate(page, 'M FP 1');
    await gotoHydrated(page, `${world.shop.url}/cart/checkout`);
    await page.getByRole('button', { name: 'Zahlungspflichtig bestellen' }).waitFor();
    await page.getByLabel('E-Mail').fill('fuhrpark@musterstadt.example');
    await page.getByLabel('Telefon').fill('089 1234567');
    // A guest: nothing is filled in, no earlier addresses are offered.
    expect(await page.getByRole('combobox', { name: 'Adresse aus früheren Bestellungen' }).count()).toBe(0);
    expect(await page.getByLabel(/^USt-IdNr\./).count()).toBe(0);
    await fillAddress(page, 'Lieferadresse', {
      name: 'Franz',
      lastName: 'Bauer',
      company: 'Stadt Musterstadt, Fuhrpark',
      street: 'Rathausplatz',
      houseNumber: '1',
      zipCode: '80331',
      city: 'München',
    });
    const invoice = page.getByRole('group', { name: 'Angaben für die Rechnung' });
    const reference = invoice.getByLabel(/^Ihre Bestellnummer \/ Leitweg-ID/);
    // A typo in the check digits is caught before anything is sent.
    await reference.fill('04011000-1234512345-60');
    await invoice.getByLabel(/^USt-IdNr\./).fill('de 136 695 976');
    await page.getByRole('checkbox', { name: /AGB/ }).check();
    await page.getByRole('button', { name: 'Zahlungspflichtig bestellen' }).click();
    await page.getByText('Diese Leitweg-ID ist ungültig', { exact: false }).waitFor();
    await expect.poll(() => reference.evaluate((node) => node === document.activeElement)).toBe(true);
    expect(await invoice.getByLabel(/^USt-IdNr\./).inputValue()).toBe('DE136695976');
    await expectAxeClean(page);
    expect(await world.ordersFor('fuhrpark@musterstadt.example')).toEqual([]);

    await reference.fill(LEITWEG_ID);
    await page.getByRole('button', { name: 'Zahlungspflichtig bestellen' }).click();
    await page.waitForURL(`${world.apiUrl}/sandbox/pay/**`);
    await page.getByRole('button', { name: 'Zahlung bestätigen' }).click();
    await page.waitForURL('**/thank-you/**', { timeout: 15_000 });
    const section = page.getByRole('region', { name: 'Angaben für die Rechnung' });
    await section.waitFor();
    expect(plain(await section.textContent())).toContain(LEITWEG_ID);
    expect(plain(await section.textContent())).toContain('DE136695976');

    const download = page.getByRole('link', { name: /E-Rechnung \(XRechnung\) herunterladen/ });
    const href = await download.getAttribute('href');
    const xml = await page.evaluate(async (path) => (await fetch(path!)).text(), href);
    expect(xml).toContain(`<ram:BuyerReference>${LEITWEG_ID}</ram:BuyerReference>`);
    expect(xml).toMatch(/<ram:ID schemeID="VA">DE136695976<\/ram:ID>/);
    expect(unexpected(errors)).toEqual([]);
  });
});
