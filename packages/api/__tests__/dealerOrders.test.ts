// Session 22, health (split from dealers.test.ts): which dealer a cart and its order are credited to, and what a
// dealer's key lists of them (GET /api/dealer/orders), refused and rate-limited for wrong keys.
import type { Cart, DealerOrderList } from '@lp/sdk/contract';
import { cartCopyPath, dealerPaths, paths } from '@lp/sdk/contract';
import { describe, expect, it } from 'vitest';
import { dealerKeyHash } from '../src/dealers/dealerKey';
import { addDealer, rotateDealerKey } from '../src/dealers/dealerRepo';
import { MEYER, dealerWorld } from './support/dealerWorld';
import { addBody, addItem, call, expectError, makeApi, payCart, saveBody } from './support/testApi';

const { api, meyerKey, schulzeKey, add, orderOf, dealerOrders } = await dealerWorld();

describe('attribution: dealer on the add (issue 12)', () => {
  it('credits the cart to the first dealer; a later dealer does not take it over; the order keeps it', async () => {
    const first = await add({ ...addBody('KZH-001'), dealer: 'autohaus-meyer' }, { origin: MEYER });
    expect(first.status).toBe(200);
    const guid = (first.body as Cart).cartGuid!;
    const second = await add({ ...addBody('KZH-001'), dealer: 'schulze-kfz' }, {}, guid);
    expect(second.status).toBe(200);
    expect((second.body as Cart).items?.[0]?.quantity).toBe(2);
    const [cart] = await api.db.query<{ dealer_id: string }>('SELECT dealer_id FROM carts WHERE guid = $1', [
      guid,
    ]);
    expect(cart?.dealer_id).toBe('autohaus-meyer');
    const headerGuid = await orderOf(guid);
    const [order] = await api.db.query<{ dealer_id: string; order_number: string }>(
      'SELECT dealer_id, order_number FROM orders WHERE header_guid = $1',
      [headerGuid],
    );
    expect(order?.dealer_id).toBe('autohaus-meyer');
    const mine = (await dealerOrders(meyerKey)).body as DealerOrderList;
    expect(mine.items.map((o) => o.orderNumber)).toContain(order!.order_number);
    const theirs = (await dealerOrders(schulzeKey)).body as DealerOrderList;
    expect(theirs.items.map((o) => o.orderNumber)).not.toContain(order!.order_number);
  });

  it('a cart first filled without a dealer is credited by a later dealer add, and its re-saved order too', async () => {
    const plain = await addItem(api, addBody('KZH-001'));
    const headerGuid = await orderOf(plain.cartGuid!);
    const [before] = await api.db.query<{ dealer_id: string | null }>(
      'SELECT dealer_id FROM orders WHERE header_guid = $1',
      [headerGuid],
    );
    expect(before?.dealer_id).toBeNull();
    expect((await add({ ...addBody('KZH-001'), dealer: 'schulze-kfz' }, {}, plain.cartGuid!)).status).toBe(
      200,
    );
    const resaved = await call(api, 'POST', paths.order.save, {
      body: saveBody({ headerGuid }),
      cartGuid: plain.cartGuid!,
    });
    expect(resaved.status).toBe(200);
    const [after] = await api.db.query<{ dealer_id: string | null }>(
      'SELECT dealer_id FROM orders WHERE header_guid = $1',
      [headerGuid],
    );
    expect(after?.dealer_id).toBe('schulze-kfz');
  });

  it("a paid order spends the cart's credit: the shopper's next purchase in the shop is not the dealer's", async () => {
    // The dealer's page fills its cart; the shop continues in a copy (the handoff), which the shopper pays.
    const page = (await add({ ...addBody('KZH-001'), dealer: 'autohaus-meyer' }, { origin: MEYER }))
      .body as Cart;
    const copy = await call(api, 'POST', cartCopyPath, { body: { cartGuid: page.cartGuid } });
    const shopGuid = (copy.body as Cart).cartGuid!;
    const { orderNumber: dealerSale } = await payCart(api, shopGuid);
    // Days later the same browser shops in the shop, with the same cart guid and no dealer anywhere.
    await addItem(api, addBody('KZH-001', 3), shopGuid);
    const { orderNumber: shopSale } = await payCart(api, shopGuid);
    const numbers = ((await dealerOrders(meyerKey, '?limit=100')).body as DealerOrderList).items.map(
      (o) => `${o.orderNumber} ${o.status}`,
    );
    expect(numbers).toContain(`${dealerSale} paid`);
    expect(numbers.some((n) => n.startsWith(`${shopSale} `))).toBe(false);
    const [order] = await api.db.query<{ dealer_id: string | null }>(
      'SELECT dealer_id FROM orders WHERE order_number = $1',
      [shopSale],
    );
    expect(order?.dealer_id).toBeNull();
    // A dealer's own checkout (SDK with `dealer`) keeps being credited: its next add records it again.
    await add({ ...addBody('KZH-001'), dealer: 'autohaus-meyer' }, {}, shopGuid);
    const [cart] = await api.db.query<{ dealer_id: string | null }>(
      'SELECT dealer_id FROM carts WHERE guid = $1',
      [shopGuid],
    );
    expect(cart?.dealer_id).toBe('autohaus-meyer');
  });

  it('refuses an unknown dealer with unknown-dealer and performs no add', async () => {
    const res = await add({ ...addBody('KZH-001'), dealer: 'niemand' });
    expectError(res, 400, 'unknown-dealer');
    expect((res.body as { message: string }).message).toContain("'niemand'");
    const [count] = await api.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM carts WHERE created_at > now() - interval '1 second' AND dealer_id IS NULL AND NOT EXISTS (SELECT 1 FROM cart_items WHERE cart_id = carts.id)",
    );
    expect(count!.n).toBe(0);
    const existing = await addItem(api, addBody('KZH-001'));
    const refused = await add({ ...addBody('KZH-001'), dealer: 'niemand' }, {}, existing.cartGuid!);
    expectError(refused, 400, 'unknown-dealer');
    const cart = await call(api, 'GET', paths.cart.get, { cartGuid: existing.cartGuid! });
    expect((cart.body as Cart).items?.[0]?.quantity).toBe(1);
  });

  it.each([
    ['a number', 42],
    ['null', null],
    ['an empty id', ''],
    ['upper case', 'Autohaus-Meyer'],
    ['spaces', ' autohaus-meyer'],
    ['a double hyphen', 'autohaus--meyer'],
    ['an SQL fragment', "x' OR '1'='1"],
    ['a huge id', 'a'.repeat(10_000)],
    ['unicode look-alike', 'autohaus-meуer'],
    ['an array', ['autohaus-meyer']],
    ['a NUL', 'autohaus\u0000meyer'],
  ])('refuses %s as dealer with a 400 validation', async (_name, dealer) => {
    const res = await add({ ...addBody('KZH-001'), dealer });
    expectError(res, 400, 'validation');
    expect((res.body as { errors: { field: string }[] }).errors[0]?.field).toBe('dealer');
  });
});

describe('GET /api/dealer/orders', () => {
  it('answers number, date, total and status, and never customer data', async () => {
    const cart = (await add({ ...addBody('KZH-001', 2), dealer: 'autohaus-meyer' })).body as Cart;
    await orderOf(cart.cartGuid!);
    const res = await dealerOrders(meyerKey);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const list = res.body as DealerOrderList;
    expect(list.totalCount).toBeGreaterThanOrEqual(2);
    for (const item of list.items) {
      expect(Object.keys(item).sort()).toEqual([
        'createdAt',
        'orderNumber',
        'shippedAt',
        'status',
        'totalAmount',
      ]);
      expect(item.orderNumber).toMatch(/^LP-\d{4}-\d{6}$/);
      expect(Number.isNaN(Date.parse(item.createdAt))).toBe(false);
    }
    expect(JSON.stringify(list)).not.toMatch(/Erika|Musterfrau|erika@example|Hauptstra|10115/);
    // Newest first: the order just saved (2 x 4.90 + shipping) leads.
    expect(list.items[0]!.totalAmount).toBeGreaterThanOrEqual(9.8);
    // Session 18: when the shop shipped it (`lp-api orders ship`), never the buyer's tracking number.
    expect(list.items[0]!.shippedAt).toBeNull();
    await api.db.query(
      `INSERT INTO shipments (order_id, carrier, tracking_number, shipped_at)
       SELECT id, 'DHL', '00340434161234567890', '2026-11-25T13:30:00Z' FROM orders WHERE order_number = $1`,
      [list.items[0]!.orderNumber],
    );
    const shipped = (await dealerOrders(meyerKey)).body as DealerOrderList;
    expect(shipped.items[0]!.shippedAt).toBe('2026-11-25T13:30:00.000Z');
    expect(JSON.stringify(shipped)).not.toContain('00340434161234567890');
  });

  it('pages with limit and offset, bounded', async () => {
    const all = (await dealerOrders(meyerKey, '?limit=100')).body as DealerOrderList;
    const page = (await dealerOrders(meyerKey, '?limit=1&offset=1')).body as DealerOrderList;
    expect(page).toMatchObject({ limit: 1, offset: 1, totalCount: all.totalCount });
    expect(page.items.map((o) => o.orderNumber)).toEqual([all.items[1]!.orderNumber]);
    expectError(await dealerOrders(meyerKey, '?limit=101'), 400, 'validation');
    expectError(await dealerOrders(meyerKey, '?limit=0'), 400, 'validation');
    expectError(await dealerOrders(meyerKey, '?offset=-1'), 400, 'validation');
    expectError(await dealerOrders(meyerKey, '?limit=abc'), 400, 'validation');
    const beyond = (await dealerOrders(meyerKey, '?offset=1000000')).body as DealerOrderList;
    expect(beyond.items).toEqual([]);
  });

  it("a dealer key never sees another dealer's orders", async () => {
    const cart = (await add({ ...addBody('KZH-001'), dealer: 'schulze-kfz' })).body as Cart;
    await orderOf(cart.cartGuid!);
    const [theirs] = await api.db.query<{ order_number: string }>(
      "SELECT order_number FROM orders WHERE dealer_id = 'schulze-kfz' ORDER BY id DESC LIMIT 1",
    );
    const meyer = (await dealerOrders(meyerKey, '?limit=100')).body as DealerOrderList;
    const schulze = (await dealerOrders(schulzeKey, '?limit=100')).body as DealerOrderList;
    expect(schulze.items.map((o) => o.orderNumber)).toContain(theirs!.order_number);
    expect(meyer.items.map((o) => o.orderNumber)).not.toContain(theirs!.order_number);
    const [counts] = await api.db.query<{ m: number; s: number }>(
      "SELECT count(*) FILTER (WHERE dealer_id = 'autohaus-meyer')::int AS m, count(*) FILTER (WHERE dealer_id = 'schulze-kfz')::int AS s FROM orders",
    );
    expect([meyer.totalCount, schulze.totalCount]).toEqual([counts!.m, counts!.s]);
  });

  it.each([
    ['no header', undefined, {}],
    ['an empty bearer', '', {}],
    ['another scheme', undefined, { authorization: `Basic ${Buffer.from('a:b').toString('base64')}` }],
    ['a wrong key', `lpdk_${'A'.repeat(43)}`, {}],
    ['a key with a byte changed', 'MUTATE', {}],
    ['a huge key', 'x'.repeat(8000), {}],
    ['the hash of a key', 'HASH', {}],
    ['an SQL fragment', "' OR 1=1 --", {}],
    ['unicode', 'lpdk_ключ', {}],
  ])('refuses %s with 401 unauthorized', async (_name, key, headers) => {
    const sent =
      key === 'MUTATE'
        ? `${meyerKey.slice(0, -1)}${meyerKey.endsWith('A') ? 'B' : 'A'}`
        : key === 'HASH'
          ? dealerKeyHash(meyerKey)!.toString('hex')
          : key;
    const res = await dealerOrders(sent, '', { ...headers, 'x-forwarded-for': '10.1.1.1' });
    expectError(res, 401, 'unauthorized');
    expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
  });

  it('a rotated key replaces the old one at once', async () => {
    const dealer = await addDealer(api.db, { id: 'rotier-bar', name: 'Rotierbar', origins: [] });
    expect((await dealerOrders(dealer.key)).status).toBe(200);
    const fresh = await rotateDealerKey(api.db, 'rotier-bar');
    expectError(await dealerOrders(dealer.key), 401, 'unauthorized');
    expect((await dealerOrders(fresh)).body).toMatchObject({ items: [], totalCount: 0 });
  });

  it('a browser page cannot send the key cross-origin: Authorization is not an allowed CORS header', async () => {
    const preflight = await call(api, 'OPTIONS', dealerPaths.orders, {
      headers: {
        origin: MEYER,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(String(preflight.headers['access-control-allow-headers'] ?? '')).not.toMatch(/authorization/i);
  });
});

describe('wrong dealer keys are limited per client address', () => {
  it('answers 429 with Retry-After after 20 wrong keys, and only for that address', async () => {
    const secret = 'p'.repeat(32);
    const limited = await makeApi({ proxySecret: secret });
    try {
      const dealer = await addDealer(limited.db, { id: 'limit-test', name: 'Limit', origins: [] });
      const from = (ip: string, key: string) =>
        call(limited, 'GET', dealerPaths.orders, {
          headers: { authorization: `Bearer ${key}`, 'x-lp-proxy-secret': secret, 'x-forwarded-for': ip },
        });
      const wrong = `lpdk_${'B'.repeat(43)}`;
      for (let i = 0; i < 20; i++) expectError(await from('10.0.0.1', wrong), 401, 'unauthorized');
      const blocked = await from('10.0.0.1', wrong);
      expectError(blocked, 429, 'rate-limited');
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      // Even the right key waits: a guesser learns nothing more from this address.
      expectError(await from('10.0.0.1', dealer.key), 429, 'rate-limited');
      expect((await from('10.0.0.2', dealer.key)).status).toBe(200);
      // Right keys do not use up the allowance.
      for (let i = 0; i < 25; i++) expect((await from('10.0.0.3', dealer.key)).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
