// Issue 13 "Prices that add up": quantity discounts applied by the server, and the coupon that belongs to the cart.
// Seed: KFZ-001 12,90 € with "10 % ab 4 Kennzeichen"; KZH-029 9,90 € with 10 % from 10 and 20 % from 50 pieces;
// coupons WILLKOMMEN10 (10 %), SOMMER5 (5 € from 20 €), HALTER20 (20 % from 100 €), ALT2020 (expired).
import type { Cart, Order } from '@lp/sdk/contract';
import { paths } from '@lp/sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Api,
  addBody,
  addItem,
  call,
  expectError,
  makeApi,
  plateAttributes,
  saveBody,
} from './support/testApi';

let api: Api;
beforeAll(async () => {
  api = await makeApi();
});
afterAll(() => api.close());

const plates = (quantity: number, text = 'B-AB 123', cartGuid?: string) =>
  addItem(api, addBody('KFZ-001', quantity, plateAttributes(text)), cartGuid);
const holders = (quantity: number, cartGuid?: string) => addItem(api, addBody('KZH-029', quantity), cartGuid);
const getCart = async (cartGuid: string) =>
  (await call(api, 'GET', paths.cart.get, { cartGuid })).body as Cart;
const applyCoupon = (cartGuid: string, code: unknown) =>
  call(api, 'POST', paths.cart.applyCoupon, { cartGuid, body: { code } });
const removeCoupon = (cartGuid: string) => call(api, 'POST', paths.cart.removeCoupon, { cartGuid });
const save = async (cartGuid: string) => {
  const res = await call(api, 'POST', paths.order.save, { body: saveBody(), cartGuid });
  expect(res.status).toBe(200);
  const { orderHeaderGuid } = res.body as { orderHeaderGuid: string };
  return (await call(api, 'GET', `${paths.order.get}?headerGuid=${orderHeaderGuid}`)).body as Order;
};

describe('quantity discounts on cart lines', () => {
  it.each([
    // pieces, line total, discount, percent
    [3, 38.7, 0, 0],
    [4, 46.44, 5.16, 10],
    [5, 58.05, 6.45, 10],
  ])('%i x KFZ-001 (12,90 €) costs %d €', async (quantity, total, discount, percent) => {
    const cart = await plates(quantity);
    const [line] = cart.items!;
    expect(line).toMatchObject({
      price: 12.9,
      quantity,
      discountPercent: percent,
      discountAmount: discount,
      lineTotal: total,
      discountLabel: percent ? 'Mengenrabatt: 10 % ab 4 Kennzeichen' : null,
    });
    expect(cart.totalAmount).toBe(total);
    expect(cart.quantityDiscountAmount).toBe(discount);
  });

  it.each([
    [9, 89.1, 0],
    [10, 89.1, 10],
    [49, 436.59, 10],
    [50, 396, 20],
  ])('%i x KZH-029 (9,90 €) costs %d € (%i %)', async (quantity, total, percent) => {
    const cart = await holders(quantity);
    expect(cart.items![0]).toMatchObject({ discountPercent: percent, lineTotal: total });
    expect(cart.totalAmount).toBe(total);
  });

  it('counts the pieces of one product across lines and variants (2 + 2 plates reach "ab 4")', async () => {
    const first = await plates(2, 'B-AB 123');
    const cart = await addItem(
      api,
      addBody('KFZ-001-520x110-STD', 2, plateAttributes('B-CD 456')),
      first.cartGuid!,
    );
    expect(cart.items).toHaveLength(2);
    expect(cart.items!.map((i) => [i.discountPercent, i.lineTotal])).toEqual([
      [10, 23.22],
      [10, 23.22],
    ]);
    expect(cart.totalAmount).toBe(46.44);
  });

  it('drops the discount when the quantity falls below the tier, and the delivery price follows', async () => {
    const cart = await plates(4);
    // 46,44 € after the discount is under the free-shipping minimum (50 €), so shipping is charged.
    expect(cart.deliveryPrice).toBe(4.9);
    const res = await call(api, 'POST', paths.cart.updateItem, {
      cartGuid: cart.cartGuid!,
      body: { itemInternalId: cart.items![0]!.itemInternalId, quantity: 3 },
    });
    expect(res.body).toMatchObject({ totalAmount: 38.7, quantityDiscountAmount: 0 });
    expect((await getCart(cart.cartGuid!)).items![0]).toMatchObject({ discountPercent: 0, lineTotal: 38.7 });
  });

  it('leaves products without tiers alone', async () => {
    const cart = await addItem(api, addBody('KZH-001', 20));
    expect(cart.items![0]).toMatchObject({
      price: 4.9,
      discountPercent: 0,
      discountAmount: 0,
      lineTotal: 98,
    });
  });
});

describe('the saved order keeps the discounted figures', () => {
  it('stores each line with unit price, discount and line total; totals add up in cents', async () => {
    const cart = await plates(4);
    await holders(10, cart.cartGuid!);
    const order = await save(cart.cartGuid!);
    expect(order.orderItems.map((i) => [i.price, i.itemQuantity, i.discountAmount, i.lineTotal])).toEqual([
      [12.9, 4, 5.16, 46.44],
      [9.9, 10, 9.9, 89.1],
    ]);
    // 46,44 + 89,10 = 135,54 €, free shipping.
    expect(order).toMatchObject({ cartAmount: 135.54, discountAmount: 0, totalAmount: 135.54 });
  });
});

describe('the coupon belongs to the cart', () => {
  it('is stored on the cart, counted in its totals and read back by the same cart guid', async () => {
    const cart = await plates(4);
    const res = await applyCoupon(cart.cartGuid!, 'willkommen10');
    expect(res.status).toBe(200);
    // Coupon after the quantity discount: 10 % of 46,44 € = 4,644 -> 4,64 €.
    const expected = {
      totalAmount: 46.44,
      coupon: {
        code: 'WILLKOMMEN10',
        kind: 'percent',
        value: 10,
        minOrderAmount: 0,
        discountAmount: 4.64,
        problem: null,
      },
    };
    expect(res.body).toMatchObject(expected);
    // A new browser session knows only the guid.
    expect(await getCart(cart.cartGuid!)).toMatchObject(expected);
    const order = await save(cart.cartGuid!);
    // 46,44 - 4,64 + 4,90 shipping (the goods after quantity discounts are under 50 €).
    expect(order).toMatchObject({ cartAmount: 46.44, discountAmount: 4.64, totalAmount: 46.7 });
    expect(order.coupon).toMatchObject({ code: 'WILLKOMMEN10', discountAmount: 4.64 });
  });

  it('combines with the quantity discount on 10 holders: 89,10 € - 8,91 € = 80,19 €', async () => {
    const cart = await holders(10);
    const res = await applyCoupon(cart.cartGuid!, 'WILLKOMMEN10');
    expect(res.body).toMatchObject({ totalAmount: 89.1, deliveryPrice: 0, coupon: { discountAmount: 8.91 } });
    expect(await save(cart.cartGuid!)).toMatchObject({ discountAmount: 8.91, totalAmount: 80.19 });
  });

  it('checks the minimum order on the goods after quantity discounts', async () => {
    // 11 x 9,90 = 108,90 € list, 98,01 € after 10 %: under HALTER20's 100 €.
    const cart = await holders(11);
    expectError(await applyCoupon(cart.cartGuid!, 'HALTER20'), 400, 'coupon-minimum-not-reached');
    const more = await holders(1, cart.cartGuid!);
    expect(more.totalAmount).toBe(106.92);
    const res = await applyCoupon(cart.cartGuid!, 'HALTER20');
    expect(res.body).toMatchObject({ coupon: { code: 'HALTER20', discountAmount: 21.38, problem: null } });
  });

  it('takes nothing while the cart is under the minimum again, says why, and is left out of the order', async () => {
    const cart = await holders(3);
    await applyCoupon(cart.cartGuid!, 'SOMMER5'); // 29,70 €: 5 € off
    expect((await getCart(cart.cartGuid!)).coupon).toMatchObject({ discountAmount: 5, problem: null });
    const res = await call(api, 'POST', paths.cart.updateItem, {
      cartGuid: cart.cartGuid!,
      body: { itemInternalId: cart.items![0]!.itemInternalId, quantity: 1 },
    });
    expect((res.body as Cart).coupon).toMatchObject({
      code: 'SOMMER5',
      discountAmount: 0,
      problem: 'coupon-minimum-not-reached',
    });
    const order = await save(cart.cartGuid!);
    expect(order).toMatchObject({ discountAmount: 0, coupon: null, totalAmount: 14.8 });
  });

  it('replaces a coupon with another, removes idempotently, and the order then has none', async () => {
    const cart = await plates(1);
    await applyCoupon(cart.cartGuid!, 'WILLKOMMEN10');
    const replaced = await applyCoupon(cart.cartGuid!, 'SOMMER5');
    expectError(replaced, 400, 'coupon-minimum-not-reached');
    expect((await getCart(cart.cartGuid!)).coupon?.code).toBe('WILLKOMMEN10');
    for (let i = 0; i < 2; i++) {
      const removed = await removeCoupon(cart.cartGuid!);
      expect(removed.status).toBe(200);
      expect((removed.body as Cart).coupon).toBeNull();
    }
    expect((await getCart(cart.cartGuid!)).coupon).toBeNull();
    expect((await save(cart.cartGuid!)).coupon).toBeNull();
  });

  it('refuses unknown, expired, malformed, empty, huge and wrongly typed codes with the machine code', async () => {
    const cart = await plates(1);
    expectError(await applyCoupon(cart.cartGuid!, 'UNBEKANNT'), 404, 'coupon-not-found');
    expectError(await applyCoupon(cart.cartGuid!, 'ALT2020'), 400, 'coupon-expired');
    expectError(await applyCoupon(cart.cartGuid!, '<script>'), 400, 'validation');
    expectError(await applyCoupon(cart.cartGuid!, ''), 400, 'validation');
    expectError(await applyCoupon(cart.cartGuid!, 'A'.repeat(10_000)), 400, 'validation');
    expectError(await applyCoupon(cart.cartGuid!, 42), 400, 'validation');
    expectError(await applyCoupon(cart.cartGuid!, { $ne: null }), 400, 'validation');
    expect((await getCart(cart.cartGuid!)).coupon).toBeNull();
  });

  it('needs a known cart guid', async () => {
    expectError(
      await call(api, 'POST', paths.cart.applyCoupon, { body: { code: 'WILLKOMMEN10' } }),
      400,
      'parameter-missing',
    );
    expectError(
      await applyCoupon('6f1c1f53-8c4e-4a8e-9d9b-0c8e7f1d2a3b', 'WILLKOMMEN10'),
      400,
      'cart-not-found',
    );
    expectError(await removeCoupon('not-a-guid'), 400, 'cart-guid-invalid');
  });
});
