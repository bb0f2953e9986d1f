// Carts are not kept for ever (their lines carry plate numbers, their addresses names, their dealer the
// attribution): a cart nothing changed for CART_RETENTION_DAYS and from which no order was placed is deleted by the
// first cart write of an API process, then at most hourly (limits/retention.ts). Each case starts a fresh process
// on data an earlier one wrote, as a restart does.
import type { Cart } from '@lp/sdk/contract';
import { paths } from '@lp/sdk/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { CART_RETENTION_DAYS } from '../src/cart/cartRoutes';
import { DRAFT_ORDER_RETENTION_DAYS } from '../src/orders/orderRoutes';
import { SWEEP_BATCH } from '../src/limits/retention';
import {
  type Api,
  addBody,
  addItem,
  call,
  restartableApi,
  plateAttributes,
  savedOrder,
} from './support/testApi';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const untouchedFor = (api: Api, cartGuid: string, days: number) =>
  api.db.query(`UPDATE carts SET updated_at = now() - make_interval(days => $2) WHERE guid = $1::uuid`, [
    cartGuid,
    days,
  ]);
const getCart = (api: Api, cartGuid: string) => call(api, 'GET', paths.cart.get, { cartGuid });

describe(`carts untouched for ${CART_RETENTION_DAYS} days`, () => {
  it('are deleted with their lines by the next process; recent carts and carts with an order stay', async () => {
    const start = await restartableApi(cleanups, 'lp-cart-retention-');
    let api = await start();
    const stale = (await addItem(api, addBody('KFZ-001', 1, plateAttributes('B-XY 1')))).cartGuid!;
    const recent = (await addItem(api, addBody('KFZ-001', 1, plateAttributes('B-XY 2')))).cartGuid!;
    const ordered = (await savedOrder(api)).cartGuid;
    await untouchedFor(api, stale, CART_RETENTION_DAYS + 1);
    // A shopper the cart reminder greets: back after weeks, the cart still there.
    await untouchedFor(api, recent, CART_RETENTION_DAYS - 1);
    await untouchedFor(api, ordered, CART_RETENTION_DAYS * 3);
    await api.close();

    api = await start();
    // Reads delete nothing: the sweep runs with a write that makes carts.
    expect((await getCart(api, stale)).status).toBe(200);
    await addItem(api, addBody('KZH-001'));
    expect((await getCart(api, stale)).status).toBe(400);
    const [lines] = await api.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM cart_items WHERE attributes->>'Kennzeichen' = 'B-XY 1'",
    );
    expect(lines!.n).toBe(0);
    const kept = (await getCart(api, recent)).body as Cart;
    expect(kept.items!.map((i) => i.addData[0]!.info.Attributes.Kennzeichen)).toEqual(['B-XY 2']);
    expect((await getCart(api, ordered)).status).toBe(200);
  }, 60_000);

  it(`deletes a backlog ${SWEEP_BATCH} at a time, one batch per cart write, until it is gone`, async () => {
    const start = await restartableApi(cleanups, 'lp-cart-retention-');
    let api = await start();
    await api.db.query(
      `INSERT INTO carts (guid, company_id, updated_at)
         SELECT gen_random_uuid(), 1001, now() - make_interval(days => $1) FROM generate_series(1, $2)`,
      [CART_RETENTION_DAYS + 30, SWEEP_BATCH + 5],
    );
    await api.close();
    api = await start();
    const staleCarts = async () =>
      (
        await api.db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM carts WHERE updated_at < now() - make_interval(days => $1)`,
          [CART_RETENTION_DAYS],
        )
      )[0]!.n;
    await addItem(api, addBody('KZH-001'));
    expect(await staleCarts()).toBe(5);
    const copy = await call(api, 'POST', '/api/Cart/copyCart', {
      body: { cartGuid: (await addItem(api, addBody('KZH-001'))).cartGuid },
    });
    expect(copy.status).toBe(200);
    expect(await staleCarts()).toBe(0);
  }, 60_000);
});

describe(`checkouts never placed, untouched for ${DRAFT_ORDER_RETENTION_DAYS} days`, () => {
  const orderAged = (api: Api, headerGuid: string, days: number) =>
    api.db.query(
      `UPDATE orders SET updated_at = now() - make_interval(days => $2) WHERE header_guid = $1::uuid`,
      [headerGuid, days],
    );
  const orderStatus = async (api: Api, headerGuid: string) =>
    (
      await api.db.query<{ status: string }>('SELECT status FROM orders WHERE header_guid = $1::uuid', [
        headerGuid,
      ])
    )[0]?.status ?? 'gone';

  it('are deleted by the next order save, then their carts by the cart rule; placed orders stay for good', async () => {
    const start = await restartableApi(cleanups, 'lp-cart-retention-');
    let api = await start();
    // An abandoned checkout: saved with the buyer's contact data, never confirmed.
    const abandoned = await savedOrder(api);
    const recentDraft = await savedOrder(api);
    const placed = await savedOrder(api);
    expect(
      (await call(api, 'POST', '/api/Order/confirmOrder', { body: { headerGuid: placed.headerGuid } }))
        .status,
    ).toBe(200);
    for (const order of [abandoned, placed]) {
      await orderAged(api, order.headerGuid, DRAFT_ORDER_RETENTION_DAYS + 1);
      await untouchedFor(api, order.cartGuid, CART_RETENTION_DAYS + 1);
    }
    await orderAged(api, recentDraft.headerGuid, DRAFT_ORDER_RETENTION_DAYS - 1);
    await api.close();

    api = await start();
    // The cart sweep alone keeps the abandoned checkout's cart: an order still names it.
    await addItem(api, addBody('KZH-001'));
    expect((await getCart(api, abandoned.cartGuid)).status).toBe(200);
    await savedOrder(api);
    expect(await orderStatus(api, abandoned.headerGuid)).toBe('gone');
    const [lines] = await api.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM order_items i WHERE NOT EXISTS (SELECT 1 FROM orders o WHERE o.id = i.order_id)',
    );
    expect(lines!.n).toBe(0);
    expect(await orderStatus(api, recentDraft.headerGuid)).toBe('saved');
    expect(await orderStatus(api, placed.headerGuid)).toBe('confirmed');
    await api.close();

    // The next process's first cart write takes the abandoned checkout's cart; the placed order's cart stays.
    api = await start();
    await addItem(api, addBody('KZH-001'));
    expect((await getCart(api, abandoned.cartGuid)).status).toBe(400);
    expect((await getCart(api, placed.cartGuid)).status).toBe(200);
  }, 90_000);
});
