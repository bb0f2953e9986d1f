import type { Cart } from '@lp/sdk/contract';
import { paths } from '@lp/sdk/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Api, addBody, addItem, call, expectError, makeApi, saveBody } from './support/testApi';

/**
 * docs/reference/decisions.md, "The review window": between the cart read the shopper's review showed and the
 * save, a change of a price, tier, coupon or shipping rate must not change the amount owed without a word. The save
 * carries the total the shopper was shown (`expectedTotal`); any other total answers 409 `price-changed` with the
 * current one and saves nothing. Catalogue reads are cached 10 s per process, so the clock is moved past that bound.
 */
const later = () => vi.setSystemTime(Date.now() + 10_001);

let api: Api;
let rates: { method_id: number; position: number; rate_cents: number }[];
beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  api = await makeApi();
  rates = await api.db.query('SELECT method_id, position, rate_cents FROM shipping_rates');
});
afterAll(async () => {
  await api.close();
  vi.useRealTimers();
});
afterEach(async () => {
  await api.db.query("UPDATE products SET price_cents = 490 WHERE unique_id = 'KZH-001'");
  await api.db.query("UPDATE coupons SET value_amount = 500 WHERE code = 'SOMMER5'");
  for (const rate of rates)
    await api.db.query('UPDATE shipping_rates SET rate_cents = $3 WHERE method_id = $1 AND position = $2', [
      rate.method_id,
      rate.position,
      rate.rate_cents,
    ]);
  later();
});

const setHolderPrice = (cents: number) =>
  api.db.query("UPDATE products SET price_cents = $1 WHERE unique_id = 'KZH-001'", [cents]);
const getCart = async (cartGuid: string) =>
  (await call(api, 'GET', paths.cart.get, { cartGuid })).body as Cart;
/** What the review above the order button shows: goods − coupon + shipping, euro. */
const shownTotal = (cart: Cart) =>
  Math.round((cart.totalAmount - (cart.coupon?.discountAmount ?? 0) + cart.deliveryPrice) * 100) / 100;
const save = (cartGuid: string, expectedTotal?: unknown) =>
  call(api, 'POST', paths.order.save, {
    body: { ...saveBody(), ...(expectedTotal !== undefined && { expectedTotal }) },
    cartGuid,
  });
const ordersOf = async (cartGuid: string) =>
  api.db.query<{ total: number }>(
    `SELECT o.cart_cents - o.discount_cents + o.shipping_cents AS total
       FROM orders o JOIN carts c ON c.id = o.cart_id WHERE c.guid = $1::uuid ORDER BY o.id`,
    [cartGuid],
  );

/** A cart of 5 × KZH-001 (4,90 €) with SOMMER5 (5 € off from 20 €), read as the review shows it. */
async function reviewedCart(): Promise<{ cartGuid: string; cart: Cart }> {
  const cartGuid = (await addItem(api, addBody('KZH-001', 5))).cartGuid!;
  const applied = await call(api, 'POST', paths.cart.applyCoupon, { body: { code: 'SOMMER5' }, cartGuid });
  expect(applied.status).toBe(200);
  const cart = await getCart(cartGuid);
  expect(cart.coupon?.discountAmount).toBe(5);
  return { cartGuid, cart };
}

describe('a change between the review and the save', () => {
  it.each([
    ['price raised', () => setHolderPrice(990)],
    ['price lowered', () => setHolderPrice(450)],
    ['coupon worth more', () => api.db.query("UPDATE coupons SET value_amount = 700 WHERE code = 'SOMMER5'")],
    ['shipping rate raised', () => api.db.query('UPDATE shipping_rates SET rate_cents = rate_cents + 1000')],
  ])(
    '%s: 409 price-changed with the current total, nothing saved, cart and coupon untouched',
    async (_, change) => {
      const { cartGuid, cart } = await reviewedCart();
      const shown = shownTotal(cart);
      await change();
      later();
      const res = await save(cartGuid, shown);
      expectError(res, 409, 'price-changed');
      expect(await ordersOf(cartGuid)).toEqual([]);
      const after = await getCart(cartGuid);
      const now = shownTotal(after);
      expect(now).not.toBe(shown);
      expect((res.body as { errors?: unknown }).errors).toEqual([
        { field: 'expectedTotal', message: now.toFixed(2) },
      ]);
      expect(after.items).toHaveLength(1);
      expect(after.items![0]!.quantity).toBe(5);
      expect(after.coupon?.code).toBe('SOMMER5');
      // A new review reads the new figure; saving with it goes through at that total.
      const again = await save(cartGuid, now);
      expect(again.status).toBe(200);
      expect((await ordersOf(cartGuid)).map((row) => row.total)).toEqual([Math.round(now * 100)]);
    },
  );

  // The review's shipping figure comes from getShippingRates (the SDK cart store's price summary). It read the
  // database while the cart and the save read the 10-second cache: for up to 10 s after an operator changed a rate,
  // every save was refused with the same figure the re-read showed again.
  it('a rate changed a moment ago: the rates the review reads and the save agree', async () => {
    const { cartGuid, cart } = await reviewedCart();
    await api.db.query('UPDATE shipping_rates SET rate_cents = rate_cents + 1000');
    const rates = await call(
      api,
      'GET',
      `${paths.shipping.rates}?companyId=1001&totalAmount=${cart.totalAmount}`,
    );
    const shipping = (rates.body as { shippingCost: number }[])[0]!.shippingCost;
    const shown = Math.round((cart.totalAmount - 5 + shipping) * 100) / 100;
    expect((await save(cartGuid, shown)).status).toBe(200);
  });

  it('the coupon expiring after the review is a change too', async () => {
    const { cartGuid, cart } = await reviewedCart();
    await api.db.query("UPDATE coupons SET valid_until = now() - interval '1 day' WHERE code = 'SOMMER5'");
    try {
      expectError(await save(cartGuid, shownTotal(cart)), 409, 'price-changed');
      expect(await ordersOf(cartGuid)).toEqual([]);
    } finally {
      await api.db.query("UPDATE coupons SET valid_until = NULL WHERE code = 'SOMMER5'");
    }
  });

  it('the total shown (also written 24.4 or 24.40) saves; a save without it charges the cart as before', async () => {
    const { cartGuid, cart } = await reviewedCart();
    expect(shownTotal(cart)).toBe(24.4);
    expect((await save(cartGuid, 24.4)).status).toBe(200);
    expect((await save(cartGuid, 24.400000000000002)).status).toBe(200);
    await setHolderPrice(990);
    later();
    // Integrators that do not send it yet: the save charges what the cart costs now (decisions.md, session 14).
    expect((await save(cartGuid)).status).toBe(200);
    expect((await ordersOf(cartGuid)).map((row) => row.total)).toEqual([2440, 2440, 4940]);
  });

  it.each([
    ['negative', -1],
    ['a string', '24.40'],
    ['NaN as text', 'NaN'],
    ['more than two decimals', 24.401],
    ['huge', 1e21],
    ['null', null],
    ['an object', { total: 24.4 }],
  ])('an expectedTotal that is %s is 400 validation and saves nothing', async (_, value) => {
    const { cartGuid } = await reviewedCart();
    const res = await save(cartGuid, value);
    expectError(res, 400, 'validation');
    expect(await ordersOf(cartGuid)).toEqual([]);
  });
});
