// Session 23, accountant: hostile amounts through every money-bearing endpoint, as a careful shopper and the shop's
// Steuerberaterin would try them: a 100 % coupon (an order of 0,00 € or of the shipping alone), a fixed coupon worth
// more than the cart, quantities at and beyond the documented maximum, negative, fractional and huge numbers, a
// client that names its own amount, refunds beyond what was paid. Always 400 (or the command's refusal) with a
// machine code, never a 500, never a negative total, never a refund above what was paid, and the documents still
// agree to the cent.
import { type Cart, type Order, couponPaths, orderEInvoicePath, paths } from '@lp/sdk/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runFulfilmentCli } from '../src/fulfilment/fulfilmentCli';
import { MAX_LINE_QUANTITY } from '../src/cart/cartService';
import { checkedInvoice } from './support/checkedInvoice';
import { dealership } from './support/eInvoiceWorld';
import { centsOf, mailAmounts, pageAmountCents, vatOf } from './support/moneyWorld';
import { mailsFor } from './support/outboxMail';
import {
  type Api,
  addBody,
  addItem,
  call,
  expectError,
  makeApi,
  sandboxPayment,
  saveBody,
} from './support/testApi';

let api: Api;
beforeAll(async () => {
  api = await makeApi();
  // Coupons an operator may create (the seed has none so generous): all off, and 100 € off with no minimum.
  await api.db.query(
    `INSERT INTO coupons (company_id, code, kind, value_amount, min_order_cents, valid_until)
     VALUES (1001, 'GRATIS100', 'percent', 10000, 0, NULL), (1001, 'HUNDERT', 'fixed', 10000, 0, NULL)`,
  );
});
afterAll(() => api?.close());

/** Saves, confirms and pays a cart (company billing, so the XRechnung exists); answers the paid order. */
async function paid(cart: Cart, body = dealership()): Promise<{ order: Order; pageCents: number }> {
  const saved = await call(api, 'POST', paths.order.save, { body, cartGuid: cart.cartGuid! });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const headerGuid = (saved.body as { orderHeaderGuid: string }).orderHeaderGuid;
  const path = await sandboxPayment(api, headerGuid);
  const pageCents = pageAmountCents((await call(api, 'GET', path)).raw.body);
  expect((await call(api, 'POST', `${path}/approve`)).status).toBe(303);
  const order = (await call(api, 'GET', `${paths.order.get}?headerGuid=${headerGuid}`)).body as Order;
  return { order, pageCents };
}

/** Every document of a paid order states `total` with its VAT; answers the XRechnung's totals. */
async function documentsAgree(order: Order, pageCents: number, total: number) {
  expect(order.status).toBe('paid');
  expect(pageCents, 'payment page').toBe(total);
  expect(centsOf(order.totalAmount), 'order total').toBe(total);
  expect(centsOf(order.invoice!.taxes[0]!.taxAmount), 'invoice VAT').toBe(vatOf(total));
  const mail = await vi.waitFor(
    async () => {
      const found = (await mailsFor(api, order.orderNumber)).find((m) => m.text.includes('Gesamtbetrag'));
      if (!found) throw new Error('no confirmation mail yet');
      return found;
    },
    { timeout: 10_000, interval: 50 },
  );
  expect(mailAmounts(mail.text)).toMatchObject({
    gross: total,
    vat: vatOf(total),
    net: total - vatOf(total),
  });
  const xml = await call(
    api,
    'GET',
    `${orderEInvoicePath(order.orderNumber)}?headerGuid=${order.headerGuid}`,
  );
  expect(xml.status, String(xml.body).slice(0, 300)).toBe(200);
  const { totals } = checkedInvoice(xml.body as string);
  expect(totals).toMatchObject({ grand: total, tax: vatOf(total), basis: total - vatOf(total) });
  return totals as { lines: number; allowances: number; charges: number; basis: number };
}

/** `lp-api orders refund` as the operator types it; answers its exit code. */
const refund = (orderNumber: string, ...options: string[]) =>
  runFulfilmentCli(['refund', orderNumber, ...options], {
    output: { out: () => undefined, err: () => undefined },
    open: async () => ({ ...api.db, close: async () => undefined }) as never,
    mail: { send: async () => undefined },
    env: {},
  });

const refundsOf = async (o: Order) =>
  ((await call(api, 'GET', `${paths.order.get}?headerGuid=${o.headerGuid}`)).body as Order).refunds ?? [];

describe('coupons that take everything', () => {
  it('a 100 % coupon on 50 € of goods: an order of 0,00 € whose documents say 0,00 €, nothing to refund', async () => {
    const cart = await addItem(api, addBody('KZH-001', 11)); // 53,90 €: free shipping
    const applied = await call(api, 'POST', paths.cart.applyCoupon, {
      body: { code: 'gratis100' },
      cartGuid: cart.cartGuid!,
    });
    expect(applied.status).toBe(200);
    expect((applied.body as Cart).coupon?.discountAmount).toBe(53.9);
    const { order, pageCents } = await paid(cart);
    expect(centsOf(order.discountAmount)).toBe(5390);
    const totals = await documentsAgree(order, pageCents, 0);
    expect(totals.allowances).toBe(totals.lines); // the coupon's net is the goods' net: nothing is left
    // Nothing was paid, so nothing can be refunded: refused (exit 1), no Rechnungskorrektur.
    expect(await refund(order.orderNumber)).toBe(1);
    expect(await refund(order.orderNumber, '--amount', '0,01')).toBe(1);
    expect(await refundsOf(order)).toEqual([]);
  });

  it('a 100 % coupon below the free-shipping minimum: the shipping alone is owed, with its VAT', async () => {
    const cart = await addItem(api, addBody('KZH-001', 2)); // 9,80 € + 4,90 € shipping
    const { order, pageCents } = await paid(cart, dealership(undefined, 'GRATIS100'));
    const totals = await documentsAgree(order, pageCents, 490);
    expect(totals.lines - totals.allowances).toBe(0); // the goods are all taken off
    expect(totals.basis).toBe(totals.charges); // the basis is the shipping's net
    expect(await refund(order.orderNumber, '--amount', '4,91')).toBe(1);
    expect(await refund(order.orderNumber)).toBe(0);
    expect((await refundsOf(order)).map((r) => [r.amount, r.vat])).toEqual([[4.9, 0.78]]);
  });

  it('a fixed coupon worth more than the cart takes the goods, never more: the total is the shipping', async () => {
    const cart = await addItem(api, addBody('KZH-001', 3)); // 14,70 €
    const applied = await call(api, 'POST', paths.cart.applyCoupon, {
      body: { code: 'HUNDERT' },
      cartGuid: cart.cartGuid!,
    });
    expect((applied.body as Cart).coupon?.discountAmount).toBe(14.7);
    const { order, pageCents } = await paid(cart);
    expect(centsOf(order.discountAmount)).toBe(1470);
    await documentsAgree(order, pageCents, 490);
  });
});

/** Numbers no money field takes: negative, zero where a piece is meant, fractional, huge, of the wrong type. */
const BAD_QUANTITIES: [string, unknown, string][] = [
  ['negative', -1, 'quantity-out-of-range'],
  ['zero', 0, 'quantity-out-of-range'],
  ['fractional', 1.5, 'validation'],
  ['one over the maximum', MAX_LINE_QUANTITY + 1, 'quantity-out-of-range'],
  ['huge', 1e12, 'validation'],
  ['a numeric string', '3', 'validation'],
  ['null', null, 'validation'],
  ['an exponent past the integers', 1e308, 'validation'],
];

describe('hostile amounts: 400 with a code, the cart and its total unchanged', () => {
  it.each(BAD_QUANTITIES)('a quantity that is %s, added or updated', async (_, quantity, code) => {
    const cart = await addItem(api, addBody('KZH-001', 2));
    const add = await call(api, 'POST', paths.cart.addItem, {
      body: {
        ...addBody('KZH-001', 1),
        quantity,
        addData: [{ count: quantity, info: { Alias: 'x', Title: 'x', Attributes: {} } }],
      },
      cartGuid: cart.cartGuid!,
    });
    expectError(add, 400, code as never);
    const update = await call(api, 'POST', paths.cart.updateItem, {
      body: { itemInternalId: cart.items![0]!.itemInternalId, quantity },
      cartGuid: cart.cartGuid!,
    });
    expectError(update, 400, code as never);
    const now = (await call(api, 'GET', paths.cart.get, { cartGuid: cart.cartGuid! })).body as Cart;
    expect({ total: now.totalAmount, pieces: now.items!.map((i) => i.quantity) }).toEqual({
      total: 9.8,
      pieces: [2],
    });
  });

  it('the documented maximum quantity is sold at its quantity price and paid to the cent', async () => {
    const cart = await addItem(api, addBody('KZH-029', MAX_LINE_QUANTITY));
    const line = cart.items![0]!;
    expect(line.discountPercent).toBe(20);
    expect(centsOf(line.lineTotal)).toBe(
      MAX_LINE_QUANTITY * (centsOf(line.price) - Math.round(centsOf(line.price) * 0.2)),
    );
    const { order, pageCents } = await paid(cart);
    await documentsAgree(order, pageCents, centsOf(line.lineTotal));
  });

  it('a price, total or discount the client sends is ignored: the server prices the cart', async () => {
    const cart = await addItem(api, {
      ...addBody('KZH-001', 2),
      price: 0.01,
      totalAmount: 0.01,
      discountPercent: 100,
    } as never);
    expect(cart.totalAmount).toBe(9.8);
    const payment = await call(api, 'POST', paths.order.save, {
      body: { ...saveBody(), expectedTotal: 0.01 },
      cartGuid: cart.cartGuid!,
    });
    // The shopper reviewed another total: 409 with the real one, nothing saved.
    expectError(payment, 409, 'price-changed');
    expect(payment.body).toMatchObject({ errors: [{ field: 'expectedTotal', message: '14.70' }] });
  });

  it.each([
    ['negative', -14.7],
    ['sub-cent', 14.699],
    ['huge', 1e21],
    ['a string', '14.70'],
  ])('an expectedTotal that is %s saves nothing', async (_, expectedTotal) => {
    const cart = await addItem(api, addBody('KZH-001', 2));
    const res = await call(api, 'POST', paths.order.save, {
      body: { ...saveBody(), expectedTotal },
      cartGuid: cart.cartGuid!,
    });
    expectError(res, 400, 'validation');
  });

  it.each([
    ['negative', '-1'],
    ['sub-cent', '19.999'],
    ['nine decimals (within a fixed float tolerance of 20.00)', '19.999999999'],
    ['huge', '1e30'],
    ['not a number', 'zwanzig'],
  ])('a goods total that is %s: coupon check and shipping rates answer 400 validation', async (_, amount) => {
    const validate = await call(
      api,
      'GET',
      `${couponPaths.validate}?code=SOMMER5&companyId=1001&totalAmount=${amount}`,
    );
    expectError(validate, 400, 'validation');
    const rates = await call(api, 'GET', `${paths.shipping.rates}?companyId=1001&totalAmount=${amount}`);
    expectError(rates, 400, 'validation');
  });

  it('a coupon code that is huge, hostile or of the wrong type is refused with a code, the order unchanged', async () => {
    const cart = await addItem(api, addBody('KZH-001', 2));
    for (const code of ['X'.repeat(10_000), "' OR 1=1 --", 5, null, '']) {
      const res = await call(api, 'POST', paths.cart.applyCoupon, {
        body: { code },
        cartGuid: cart.cartGuid!,
      });
      expect(res.status, String(code).slice(0, 20)).toBe(400);
    }
    const saved = await call(api, 'POST', paths.order.save, { body: saveBody(), cartGuid: cart.cartGuid! });
    const headerGuid = (saved.body as { orderHeaderGuid: string }).orderHeaderGuid;
    for (const code of ['X'.repeat(10_000), '<b>', 5]) {
      const res = await call(api, 'POST', couponPaths.apply, { body: { headerGuid, code } });
      expect(res.status).toBe(400);
    }
    const order = (await call(api, 'GET', `${paths.order.get}?headerGuid=${headerGuid}`)).body as Order;
    expect({ total: order.totalAmount, coupon: order.coupon }).toEqual({ total: 14.7, coupon: null });
  });

  it('a payment that names its own amount is refused; the payment asks for the order total', async () => {
    const cart = await addItem(api, addBody('KZH-001', 2));
    const saved = await call(api, 'POST', paths.order.save, { body: saveBody(), cartGuid: cart.cartGuid! });
    const headerGuid = (saved.body as { orderHeaderGuid: string }).orderHeaderGuid;
    expect((await call(api, 'POST', paths.order.confirm, { body: { headerGuid } })).status).toBe(200);
    const payment = await call(api, 'POST', paths.order.createPayment, {
      body: {
        headerGuid,
        paymentMethod: 'paypal',
        returnUrl: 'http://localhost:3000/ok',
        cancelUrl: 'http://localhost:3000/no',
        amount: 0.01,
      },
      headers: { host: '127.0.0.1:4000' },
    });
    expectError(payment, 400, 'validation');
  });

  it.each([['-5'], ['0'], ['4,999'], ['1e3'], ['99999999'], ['1.000,00'], ['NaN']])(
    'a refund of %s is refused as usage (exit 2) and records nothing',
    async (amount) => {
      const cart = await addItem(api, addBody('KZH-001', 2));
      const { order } = await paid(cart, saveBody());
      expect(await refund(order.orderNumber, '--amount', amount)).toBe(2);
      expect(await refundsOf(order)).toEqual([]);
    },
  );
});
