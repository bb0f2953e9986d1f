// Session 23, refunds: `lp-api orders refund <n> --lines …` computes the refund of withdrawn lines instead of the
// operator typing it: the lines' price, minus their share of the coupon (shares computed on everything withdrawn so
// far, so partial refunds add up to the coupon to the cent), plus the delivery cost only with the last piece of the
// order (§ 357 (2) BGB). All refunds of a fully withdrawn order equal what was paid, and their VAT the invoice's.
import { paths } from '@lp/sdk/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { couponShare } from '../src/fulfilment/withdrawnRefund';
import { fulfilmentWorld } from './support/fulfilmentWorld';
import { type Api, addBody, addItem, call, payCart, plateAttributes } from './support/testApi';

const world = fulfilmentWorld();
const { cli } = world;
let api: Api;
beforeAll(async () => {
  api = world.api();
  // An operator's coupon the seed has not: everything off (the delivery cost stays).
  await api.db.query(
    `INSERT INTO coupons (company_id, code, kind, value_amount, min_order_cents, valid_until)
     VALUES (1001, 'GRATIS100', 'percent', 10000, 0, NULL)`,
  );
});

/**
 * A paid order of `plates` Kfz-Kennzeichen at 12,90 € (line 1) and one holder at 4,90 € (line 2), with `coupon`
 * applied in the cart; answers its number and what the database holds of its money.
 */
async function paidOrder(plates: number, coupon?: string) {
  const cart = await addItem(api, addBody('KFZ-001', plates, plateAttributes('M-LP 2026')));
  await addItem(api, addBody('KZH-001', 1), cart.cartGuid!);
  if (coupon) {
    const applied = await call(api, 'POST', paths.cart.applyCoupon, {
      body: { code: coupon },
      cartGuid: cart.cartGuid!,
    });
    expect(applied.status).toBe(200);
  }
  const { orderNumber } = await payCart(api, cart.cartGuid!);
  const [money] = await api.db.query<{ cart: number; discount: number; shipping: number; vat: number }>(
    `SELECT cart_cents AS cart, discount_cents AS discount, shipping_cents AS shipping, vat_cents AS vat
       FROM orders WHERE order_number = $1`,
    [orderNumber],
  );
  // From 4 plates the quantity discount takes 10 % off each: 11,61 €.
  expect(money!.cart).toBe(plates * (plates >= 4 ? 1161 : 1290) + 490);
  return { orderNumber, ...money!, paid: money!.cart - money!.discount + money!.shipping };
}

const refunds = (orderNumber: string) =>
  api.db.query<{ amount: number; vat: number; lines: unknown }>(
    `SELECT amount_cents AS amount, vat_cents AS vat, lines FROM refunds
      WHERE order_id = (SELECT id FROM orders WHERE order_number = $1) ORDER BY id`,
    [orderNumber],
  );

const refund = (orderNumber: string, ...args: string[]) =>
  cli(['refund', orderNumber, '--reason', 'withdrawal', ...args]);

/** Withdraws the order in two steps and checks what a tax adviser checks: the sum is what was paid, to the cent. */
async function inTwoSteps(order: Awaited<ReturnType<typeof paidOrder>>, first: string, second: string) {
  const one = await refund(order.orderNumber, '--lines', first);
  expect(one.err).toBe('');
  expect(one.code).toBe(0);
  expect(one.out).toContain('shipping: not refunded');
  const two = await refund(order.orderNumber, '--again', '--lines', second);
  expect(two.err).toBe('');
  expect(two.code).toBe(0);
  expect(two.out).toContain(`The whole ${(order.paid / 100).toFixed(2)} EUR paid are refunded.`);
  const rows = await refunds(order.orderNumber);
  expect(rows.reduce((sum, row) => sum + row.amount, 0)).toBe(order.paid);
  expect(rows.reduce((sum, row) => sum + row.vat, 0)).toBe(order.vat);
  return { rows, one: one.out, two: two.out };
}

describe('lp-api orders refund --lines', () => {
  it('refunds one line of two: its price, no shipping, the lines kept; the same line again is refused', async () => {
    const order = await paidOrder(2);
    const { code, out, err } = await refund(order.orderNumber, '--lines', '2');
    expect(err).toBe('');
    expect(code).toBe(0);
    expect(out).toContain('line 2: 1 × 4.90 EUR = 4.90 EUR');
    expect(out).toContain('  = 4.90 EUR');
    expect(out).toContain(`Order ${order.orderNumber} refunded: 4.90 EUR`);
    expect(await refunds(order.orderNumber)).toMatchObject([
      { amount: 490, lines: [{ line: 2, quantity: 1 }] },
    ]);

    const again = await refund(order.orderNumber, '--again', '--lines', '2');
    expect(again.code).toBe(1);
    expect(again.err).toContain('line 2 has 0 piece(s) not refunded before. Nothing changed.');
    const unknown = await refund(order.orderNumber, '--again', '--lines', '3');
    expect(unknown.err).toContain(`Order ${order.orderNumber} has no line 3.`);
    expect(await refunds(order.orderNumber)).toHaveLength(1);
  });

  it('withdraws every piece in two steps with a 10 % coupon: shares to the cent, shipping with the last', async () => {
    const order = await paidOrder(2, 'WILLKOMMEN10'); // 30,70 € − 3,07 € + 4,90 € = 32,53 €
    expect([order.discount, order.shipping, order.paid]).toEqual([307, 490, 3253]);
    // One plate of two: 12,90 € − 1,29 € (its 10 %); then the other plate and the holder with the rest and shipping.
    const { rows, one, two } = await inTwoSteps(order, '1:1', '1,2');
    expect(rows.map((row) => [row.amount, row.lines])).toEqual([
      [1161, [{ line: 1, quantity: 1 }]],
      [
        2092,
        [
          { line: 1, quantity: 1 },
          { line: 2, quantity: 1 },
        ],
      ],
    ]);
    expect(one).toContain('coupon share: −1.29 EUR');
    expect(two).toContain('coupon share: −1.78 EUR');
    expect(two).toContain('shipping: 4.90 EUR (the last withdrawn piece of the order)');
  });

  it('shares a fixed 5 € coupon in proportion to the price, the last refund taking the rest', async () => {
    const order = await paidOrder(2, 'SOMMER5');
    expect([order.discount, order.paid]).toEqual([500, 3060]);
    const { rows } = await inTwoSteps(order, '2', '1');
    // 5 € × 4,90 / 30,70 = 0,798… → 0,80 €; the plates take 4,20 €.
    expect(rows.map((row) => row.amount)).toEqual([490 - 80, 2580 - 420 + 490]);
  });

  it('refunds no shipping of a free-shipping order, also not with the last piece', async () => {
    const order = await paidOrder(4); // 4 × 11,61 € + 4,90 € = 51,34 €, from 50 € on: no shipping
    expect(order.shipping).toBe(0);
    // The pieces at the price paid for them, after the quantity discount.
    const { rows, two } = await inTwoSteps(order, '1:3', '1,2');
    expect(rows.map((row) => row.amount)).toEqual([3 * 1161, 1161 + 490]);
    expect(two).toContain('shipping: 0.00 EUR');
  });

  it('refunds nothing for lines a 100 % coupon made free; the whole order gives back the shipping paid', async () => {
    const order = await paidOrder(1, 'GRATIS100');
    expect(order.paid).toBe(490);
    const free = await refund(order.orderNumber, '--lines', '1');
    expect(free.code).toBe(1);
    expect(free.err).toContain('the withdrawn lines cost nothing after the coupon, nothing to refund');
    expect(await refunds(order.orderNumber)).toHaveLength(0);
    const whole = await refund(order.orderNumber, '--lines', '1,2');
    expect(whole.code).toBe(0);
    expect(await refunds(order.orderNumber)).toMatchObject([{ amount: 490, vat: order.vat }]);
  });

  it('refuses --lines after a typed refund (it names no pieces, so they could be paid twice), and --amount with --lines', async () => {
    const order = await paidOrder(2);
    expect(
      (await cli(['refund', order.orderNumber, '--amount', '4,90', '--reason', 'withdrawal'])).code,
    ).toBe(0);
    const again = await refund(order.orderNumber, '--again', '--lines', '2');
    expect(again.code).toBe(1);
    expect(again.err).toMatch(
      /was refunded by a typed amount before \(RK-\d{4}-\d{6}\), which names no lines, so --lines could pay the same pieces again; type this refund with --amount too\. Nothing changed\./,
    );
    const both = await refund(order.orderNumber, '--again', '--amount', '1', '--lines', '1');
    expect(both.code).toBe(2);
    expect(both.err).toContain('refund takes --amount or --lines, not both.');
    const bad = await refund(order.orderNumber, '--again', '--lines', '1:0');
    expect(bad.code).toBe(2);
    expect(await refunds(order.orderNumber)).toHaveLength(1);
  });
});

describe('couponShare', () => {
  it('rounds half up, is the whole coupon for all goods and stays exact for the largest orders', () => {
    expect(couponShare(307, 3070, 1290)).toBe(129);
    expect(couponShare(1, 2, 1)).toBe(1);
    expect(couponShare(500, 3070, 3070)).toBe(500);
    expect(couponShare(99_999_999, 100_000_000, 99_999_999)).toBe(99_999_998);
  });
});
