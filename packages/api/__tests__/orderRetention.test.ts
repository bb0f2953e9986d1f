// Placed orders are the shop's sales records: kept 10 years after the end of the calendar year of their last change
// (§ 147 AO, § 257 HGB), then deleted with their lines and payments by the order sweep (limits/retention.ts), and
// their carts by the carts' rule. Back-dated rows on both sides of the boundary; each step a fresh process.
import { paths } from '@lp/sdk/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { CART_RETENTION_DAYS } from '../src/cart/cartRoutes';
import { PLACED_ORDER_RETENTION_YEARS } from '../src/orders/orderRepo';
import { type Api, addBody, addItem, call, restartableApi, savedOrder } from './support/testApi';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A confirmed order with a payment, last changed at `when` (SQL, in the shop's time zone Europe/Berlin). */
async function placedOrderOf(api: Api, when: string) {
  const order = await savedOrder(api);
  expect(
    (await call(api, 'POST', paths.order.confirm, { body: { headerGuid: order.headerGuid } })).status,
  ).toBe(200);
  await api.db.query(
    `INSERT INTO payments (id, order_id, method, amount_cents, return_url, cancel_url, status)
     SELECT gen_random_uuid(), id, 'paypal', cart_cents, 'http://127.0.0.1:3000/ok', 'http://127.0.0.1:3000/no', 'approved'
       FROM orders WHERE header_guid = $1::uuid`,
    [order.headerGuid],
  );
  const year = `extract(year FROM now() AT TIME ZONE 'Europe/Berlin')::int`;
  await api.db.query(
    `UPDATE orders SET created_at = ${when.replaceAll('YEAR', year)}, updated_at = ${when.replaceAll('YEAR', year)}
      WHERE header_guid = $1::uuid`,
    [order.headerGuid],
  );
  await api.db.query(
    `UPDATE carts SET updated_at = now() - make_interval(days => $2) WHERE guid = $1::uuid`,
    [order.cartGuid, CART_RETENTION_DAYS + 1],
  );
  return order;
}

const rowsOf = async (api: Api, headerGuid: string) => {
  const [row] = await api.db.query<{ orders: number; items: number; payments: number }>(
    `SELECT count(o.id)::int AS orders,
            (SELECT count(*)::int FROM order_items i JOIN orders x ON x.id = i.order_id WHERE x.header_guid = $1::uuid) AS items,
            (SELECT count(*)::int FROM payments p JOIN orders x ON x.id = p.order_id WHERE x.header_guid = $1::uuid) AS payments
       FROM orders o WHERE o.header_guid = $1::uuid`,
    [headerGuid],
  );
  return row;
};

describe(`placed orders, ${PLACED_ORDER_RETENTION_YEARS} years after the end of their year`, () => {
  it('are deleted with lines and payments by the next order save; younger ones stay; their carts follow', async () => {
    const start = await restartableApi(cleanups, 'lp-order-retention-');
    let api = await start();
    // Last changed on 31 December 11 years ago, 23:30 in Germany: the 10 years ended last New Year's Eve.
    const expired = await placedOrderOf(
      api,
      `make_timestamptz(YEAR - ${PLACED_ORDER_RETENTION_YEARS + 1}, 12, 31, 23, 30, 0, 'Europe/Berlin')`,
    );
    // Changed half an hour later, on 1 January 10 years ago: kept until the end of this year.
    const kept = await placedOrderOf(
      api,
      `make_timestamptz(YEAR - ${PLACED_ORDER_RETENTION_YEARS}, 1, 1, 0, 0, 0, 'Europe/Berlin')`,
    );
    expect(await rowsOf(api, expired.headerGuid)).toEqual({ orders: 1, items: 1, payments: 1 });
    await api.close();

    api = await start();
    await savedOrder(api);
    expect(await rowsOf(api, expired.headerGuid)).toEqual({ orders: 0, items: 0, payments: 0 });
    expect(await rowsOf(api, kept.headerGuid)).toEqual({ orders: 1, items: 1, payments: 1 });
    expect((await call(api, 'GET', `${paths.order.get}?headerGuid=${kept.headerGuid}`)).status).toBe(200);
    await api.close();

    // The expired order's cart (its lines: plate texts) goes with the next process's first cart write.
    api = await start();
    await addItem(api, addBody('KZH-001'));
    expect((await call(api, 'GET', paths.cart.get, { cartGuid: expired.cartGuid })).status).toBe(400);
    expect((await call(api, 'GET', paths.cart.get, { cartGuid: kept.cartGuid })).status).toBe(200);
  }, 90_000);
});
