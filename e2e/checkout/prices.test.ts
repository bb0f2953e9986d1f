// Issue 13 "Prices that add up", in Chromium against the real API and the built storefront: quantity discounts in
// cart, checkout and thank-you page (4 x KFZ-001, 10 x KZH-029), the tier table on product pages, the coupon that
// belongs to the cart (counted in the cart total, kept by a new browser context with the same cart), and no coupon
// request at all when none is applied.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gotoHydrated } from '../support/hydration';
import {
  ERIKA,
  applyCoupon,
  cartSettled,
  expectAxeClean,
  fillCheckout,
  plain,
  unexpected,
} from './checkoutDriver';
import { type CheckoutWorld, type ShopPage, startCheckoutWorld } from './checkoutWorld';

let world: CheckoutWorld;
beforeAll(async () => {
  world = await startCheckoutWorld();
}, 180_000);
afterAll(async () => {
  await world?.close();
});

const PLATE = { Kennzeichen: 'B-AB 123', 'Kennzeichen-Art': 'Standard', Kennzeichengröße: '520x110' };

/** Puts lines into a new cart straight through the API (prices are the server's) and answers its guid. */
async function cartWith(lines: { productUniqueId: string; quantity: number; attributes?: object }[]) {
  let guid = '';
  for (const line of lines) {
    const res = await fetch(`${world.apiUrl}/api/Cart/addCartItem`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', CartGuid: guid },
      body: JSON.stringify({
        productUniqueId: line.productUniqueId,
        quantity: line.quantity,
        addData: [
          { count: line.quantity, info: { Alias: 'x', Title: 'x', Attributes: line.attributes ?? {} } },
        ],
      }),
    });
    expect(res.status).toBe(200);
    guid = ((await res.json()) as { cartGuid: string }).cartGuid;
  }
  return guid;
}

/**
 * A new browser context (own storage, like a new session on another device) that knows only the cart guid, on
 * the cart page; every request the page sends is recorded.
 */
async function openCart(cartGuid: string, width: number): Promise<ShopPage & { requests: string[] }> {
  const shop = await world.open('/cart', { width });
  const requests: string[] = [];
  shop.page.on('request', (request) => requests.push(`${request.method()} ${request.url()}`));
  await shop.page.evaluate(
    (guid) => localStorage.setItem('AppState', JSON.stringify({ CartGuid: guid, orderHeaderGuid: null })),
    cartGuid,
  );
  await gotoHydrated(shop.page, `${world.shop.url}/cart`);
  await cartSettled(shop.page);
  return { ...shop, requests };
}

/** The figure next to a summary label ("Zwischensumme" -> "51,60 €"), as a reader sees it. */
const summaryRow = async (page: Page, label: string) =>
  plain(
    await page
      .locator('.price-summary dt', { hasText: new RegExp(`^${label.replace(/[()]/g, '\\$&')}$`) })
      .first()
      .locator('xpath=following-sibling::dd[1]')
      .textContent(),
  );

async function expectSummary(page: Page, rows: Record<string, string>, totalTestId = 'cart-total') {
  for (const [label, value] of Object.entries(rows))
    await expect.poll(() => summaryRow(page, label)).toBe(value);
  return plain(await page.getByTestId(totalTestId).textContent());
}

/** Checkout with Erika's address, the sandbox payment approved; ends on the thank-you page. */
async function payAndThank(page: Page) {
  await page.getByRole('link', { name: 'Zur Kasse' }).click();
  await page.waitForURL('**/cart/checkout');
  await page.getByRole('radio', { name: /PayPal/ }).waitFor();
  await fillCheckout(page, ERIKA);
  await page.getByRole('checkbox', { name: /AGB/ }).check();
  await page.getByRole('button', { name: 'Zahlungspflichtig bestellen' }).click();
  await page.waitForURL(`${world.apiUrl}/sandbox/pay/**`, { timeout: 30_000 });
  await page.getByRole('button', { name: 'Zahlung bestätigen' }).click();
  await page.waitForURL('**/thank-you/**', { timeout: 30_000 });
  await page.getByTestId('order-number').waitFor();
}

describe.each([390, 1366])('quantity discounts at %i px', (width) => {
  it('4 x KFZ-001: the line and the totals show 10 % off (46,44 € instead of 51,60 €)', async () => {
    const guid = await cartWith([{ productUniqueId: 'KFZ-001', quantity: 4, attributes: PLATE }]);
    const { page, errors } = await openCart(guid, width);
    const row = page.getByRole('row', { name: /B-AB 123/ });
    await expect
      .poll(async () => plain(await row.locator('.line-discount').textContent()))
      .toBe('Mengenrabatt (10 % ab 4 Kennzeichen): −5,16 €');
    expect(plain(await row.locator('.cart-line-unit').textContent())).toBe('12,90 € / Stück');
    expect(plain(await row.locator('.cart-line-total').textContent())).toBe('46,44 €');
    // Under the 50 € free-shipping minimum after the discount: 46,44 + 4,90.
    const total = await expectSummary(page, {
      Zwischensumme: '51,60 €',
      Mengenrabatt: '−5,16 €',
      Versand: '4,90 €',
    });
    expect(total).toBe('51,34 €');
    // The discount's reason fits the phone's width (no sideways scrolling).
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectAxeClean(page);
    expect(unexpected(errors)).toEqual([]);
    await page.close();
  });
});

describe('buying with quantity discounts and the cart coupon', () => {
  it('4 x KFZ-001 through checkout and thank-you, with no coupon request at all', async () => {
    const guid = await cartWith([{ productUniqueId: 'KFZ-001', quantity: 4, attributes: PLATE }]);
    const { page, errors, requests } = await openCart(guid, 390);
    await payAndThank(page);
    await expect.poll(async () => plain(await page.getByTestId('order-total').textContent())).toBe('51,34 €');
    expect(plain(await page.locator('.order-line .line-price').first().textContent())).toBe(
      '4 × 12,90 € Mengenrabatt (10 %): −5,16 € = 46,44 €',
    );
    await expectSummary(page, { Zwischensumme: '51,60 €', Mengenrabatt: '−5,16 €' }, 'order-total');
    await expectAxeClean(page);
    expect(await world.ordersFor(ERIKA.email)).toContainEqual({ status: 'paid', total: 51.34 });
    // Issue 13: without a coupon no coupon call is made (it used to send a DELETE answering 404).
    expect(requests.filter((request) => /\/api\/\S*coupon/i.test(request))).toEqual([]);
    expect(unexpected(errors)).toEqual([]);
    await page.close();
  });

  it('10 x KZH-029 with WILLKOMMEN10: the coupon counts in the cart total, survives a new context and reaches the order', async () => {
    const guid = await cartWith([{ productUniqueId: 'KZH-029', quantity: 10 }]);
    const first = await openCart(guid, 1366);
    // 10 x 9,90 € = 99,00 €, 10 % ab 10 Stück -> 89,10 €, free shipping.
    expect(await expectSummary(first.page, { Zwischensumme: '99,00 €', Mengenrabatt: '−9,90 €' })).toBe(
      '89,10 €',
    );
    await applyCoupon(first.page, 'willkommen10');
    await first.page.getByText('Gutschein WILLKOMMEN10: 10 % Rabatt.').waitFor();
    // 10 % of 89,10 € = 8,91 € -> 80,19 €.
    await expect.poll(() => summaryRow(first.page, 'Rabatt (Gutschein WILLKOMMEN10)')).toBe('−8,91 €');
    await expect
      .poll(async () => plain(await first.page.getByTestId('cart-total').textContent()))
      .toBe('80,19 €');
    await expectAxeClean(first.page);
    await first.page.close();

    // Another browser (no session storage, no cookies) with the same cart guid: the coupon is the cart's.
    const second = await openCart(guid, 1366);
    await expect
      .poll(async () => plain(await second.page.getByTestId('cart-total').textContent()))
      .toBe('80,19 €');
    await second.page.getByText(/Gutschein WILLKOMMEN10: 10 % Rabatt\. Er ist in der Gesamtsumme/).waitFor();

    await second.page.getByRole('link', { name: 'Zur Kasse' }).click();
    await second.page.waitForURL('**/cart/checkout');
    const summary = second.page.locator('.checkout-summary');
    await expect
      .poll(async () => plain(await summary.getByTestId('cart-total').textContent()))
      .toBe('80,19 €');
    expect(plain(await summary.locator('.line-price').first().textContent())).toBe(
      '10 × 9,90 € Mengenrabatt (10 % ab 10 Stück): −9,90 € = 89,10 €',
    );
    await expectAxeClean(second.page);
    await gotoHydrated(second.page, `${world.shop.url}/cart`);
    await payAndThank(second.page);
    await expect
      .poll(async () => plain(await second.page.getByTestId('order-total').textContent()))
      .toBe('80,19 €');
    await expectSummary(
      second.page,
      { Zwischensumme: '99,00 €', Mengenrabatt: '−9,90 €', 'Rabatt (Gutschein WILLKOMMEN10)': '−8,91 €' },
      'order-total',
    );
    // No request ever removed a coupon from an order.
    expect(second.requests.filter((request) => request.startsWith('DELETE'))).toEqual([]);
    expect(unexpected(second.errors)).toEqual([]);
    await second.page.close();
  });

  it('removing the coupon in the cart takes it out of the totals for every session', async () => {
    const guid = await cartWith([{ productUniqueId: 'KZH-029', quantity: 10 }]);
    const { page } = await openCart(guid, 390);
    await applyCoupon(page, 'WILLKOMMEN10');
    await expect.poll(async () => plain(await page.getByTestId('cart-total').textContent())).toBe('80,19 €');
    await page.getByRole('button', { name: 'Gutschein WILLKOMMEN10 entfernen' }).click();
    await page.getByText('Der Gutschein wurde entfernt.').waitFor();
    await expect.poll(async () => plain(await page.getByTestId('cart-total').textContent())).toBe('89,10 €');
    await page.close();
    const again = await openCart(guid, 390);
    await expect
      .poll(async () => plain(await again.page.getByTestId('cart-total').textContent()))
      .toBe('89,10 €');
    expect(await again.page.locator('.price-summary dt', { hasText: 'Gutschein' }).count()).toBe(0);
    await again.page.close();
  });
});

describe('product pages show the tiers', () => {
  it('KZH-029: tier table and the price at the chosen quantity', async () => {
    const res = await fetch(
      `${world.apiUrl}/api/v1/business/getproducts?companyId=1001&page=1&pageSize=1000`,
    );
    const { items } = (await res.json()) as { items: { UniqueId: string; Alias: string }[] };
    const alias = items.find((product) => product.UniqueId === 'KZH-029')!.Alias;
    for (const width of [390, 1366]) {
      const { page, errors } = await world.open(`/${alias}`, { width });
      const table = page.getByRole('table', { name: 'Mengenrabatt' });
      // Server-rendered: in the page before any script ran.
      expect(await table.count()).toBe(1);
      expect((await table.getByRole('row').allTextContents()).slice(1).map(plain)).toEqual([
        'ab 10 Stück10 %8,91 €',
        'ab 50 Stück20 %7,92 €',
      ]);
      const quantity = page.getByRole('spinbutton', { name: 'Menge' });
      await quantity.fill('9');
      await page.getByText('Ab 10 Stück 10 % Mengenrabatt.').waitFor();
      await quantity.fill('10');
      await expect
        .poll(async () => plain(await page.locator('.price-at-quantity').textContent()).replace(/\s+/g, ' '))
        .toBe('10 Stück: 89,10 € (8,91 € / Stück, 10 % Mengenrabatt)Ab 50 Stück 20 % Mengenrabatt.');
      await expectAxeClean(page);
      expect(unexpected(errors)).toEqual([]);
      await page.close();
    }
  });

  it('KFZ-001: the plate page shows "ab 4 Stück: 10 %"', async () => {
    const { page } = await world.open('/kfz-kennzeichen', { width: 390 });
    const table = page.getByRole('table', { name: 'Mengenrabatt' });
    expect((await table.getByRole('row').allTextContents()).slice(1).map(plain)).toEqual([
      'ab 4 Stück10 %ab 11,61 €',
    ]);
    await page.close();
  });
});
