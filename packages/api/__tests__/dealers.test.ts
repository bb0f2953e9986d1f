import type { Cart, DealerOrderList, EmbedOrigin } from '@lp/sdk/contract';
import { cartCopyPath, dealerPaths, paths } from '@lp/sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealerKeyHash } from '../src/dealers/dealerKey';
import { normaliseOrigin } from '../src/dealers/dealerOrigin';
import { createDealerRegistry } from '../src/dealers/dealerRegistry';
import {
  addDealer,
  addDealerOrigin,
  listDealers,
  removeDealerOrigin,
  rotateDealerKey,
} from '../src/dealers/dealerRepo';
import { type Api, addBody, addItem, call, expectError, makeApi, payCart, saveBody } from './support/testApi';

const MEYER = 'https://autohaus-meyer.example';
const SCHULZE = 'https://schulze-kfz.example';
const STRANGER = 'https://stranger.example';

let api: Api;
let meyerKey: string;
let schulzeKey: string;

beforeAll(async () => {
  api = await makeApi();
  meyerKey = (await addDealer(api.db, { id: 'autohaus-meyer', name: 'Autohaus Meyer', origins: [MEYER] }))
    .key;
  schulzeKey = (await addDealer(api.db, { id: 'schulze-kfz', name: 'Schulze KFZ', origins: [SCHULZE] })).key;
});
afterAll(async () => api?.close());

const add = (body: object, headers: Record<string, string> = {}, cartGuid?: string) =>
  call(api, 'POST', paths.cart.addItem, { body, headers, ...(cartGuid ? { cartGuid } : {}) });

async function orderOf(cartGuid: string): Promise<string> {
  const saved = await call(api, 'POST', paths.order.save, { body: saveBody(), cartGuid });
  expect(saved.status).toBe(200);
  return (saved.body as { orderHeaderGuid: string }).orderHeaderGuid;
}

const dealerOrders = (key: string | undefined, query = '', headers: Record<string, string> = {}) =>
  call(api, 'GET', `${dealerPaths.orders}${query}`, {
    headers: key === undefined ? headers : { authorization: `Bearer ${key}`, ...headers },
  });

describe('CORS allow-list from the database (issue 12)', () => {
  it('reflects a registered dealer origin and a configured one; a stranger gets no CORS header', async () => {
    for (const origin of [MEYER, 'http://127.0.0.1:3000']) {
      const res = await call(api, 'GET', '/health', { headers: { origin } });
      expect(res.headers['access-control-allow-origin']).toBe(origin);
    }
    const refused = await call(api, 'GET', '/health', { headers: { origin: STRANGER } });
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers the preflight of a dealer origin, not of a stranger', async () => {
    const preflight = (origin: string) =>
      call(api, 'OPTIONS', paths.cart.addItem, {
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type, cartguid',
        },
      });
    const ok = await preflight(MEYER);
    expect(ok.status).toBe(204);
    expect(ok.headers['access-control-allow-origin']).toBe(MEYER);
    expect(String(ok.headers['access-control-allow-headers'])).toContain('CartGuid');
    const refused = await preflight(STRANGER);
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('a removed origin stops working and an added one starts, within the cache time', async () => {
    const dealer = await addDealer(api.db, { id: 'wechsel-haus', name: 'Wechsel', origins: [] });
    expect(dealer.origins).toEqual([]);
    const origin = 'https://wechsel.example:8443';
    await addDealerOrigin(api.db, 'wechsel-haus', origin);
    await expect
      .poll(
        async () =>
          (await call(api, 'GET', '/health', { headers: { origin } })).headers['access-control-allow-origin'],
        { timeout: 10_000, interval: 250 },
      )
      .toBe(origin);
    await removeDealerOrigin(api.db, 'wechsel-haus', origin);
    await expect
      .poll(
        async () =>
          (await call(api, 'GET', '/health', { headers: { origin } })).headers['access-control-allow-origin'],
        { timeout: 10_000, interval: 250 },
      )
      .toBeUndefined();
  });
});

describe('GET /api/embed/origin', () => {
  const check = (origin?: string) =>
    call(api, 'GET', dealerPaths.embedOrigin, { headers: origin === undefined ? {} : { origin } });

  it('tells any origin whether it is allowed, readable by every origin', async () => {
    for (const [origin, allowed] of [
      [MEYER, true],
      [STRANGER, false],
      ['http://localhost:3000', true],
      ['null', false],
    ] as const) {
      const res = await check(origin);
      expect(res.status).toBe(200);
      expect(res.body as EmbedOrigin).toEqual({ allowed, origin });
      expect(res.headers['access-control-allow-origin']).toBe('*');
      expect(res.headers['access-control-allow-credentials']).toBeUndefined();
      expect(String(res.headers.vary)).toMatch(/Origin/i);
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('without an Origin (no browser, no CORS) answers allowed with origin null', async () => {
    expect((await check()).body).toEqual({ allowed: true, origin: null });
  });

  it('does not match near misses: case, trailing slash, port, scheme, unicode look-alikes', async () => {
    for (const origin of [
      'https://AUTOHAUS-MEYER.example',
      `${MEYER}/`,
      `${MEYER}:443`,
      'http://autohaus-meyer.example',
      'https://autohaus-meуer.example', // Cyrillic у
      `${MEYER}.evil.example`,
      ` ${MEYER}`,
    ]) {
      expect((await check(origin)).body, origin).toMatchObject({ allowed: false });
    }
  });

  it('echoes a huge Origin bounded', async () => {
    const res = await check(`https://${'a'.repeat(5000)}.example`);
    expect(res.status).toBe(200);
    expect((res.body as EmbedOrigin).origin!.length).toBeLessThanOrEqual(300);
    expect((res.body as EmbedOrigin).allowed).toBe(false);
  });
});

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

describe("registering dealers (the operator command's functions)", () => {
  it('stores only the hash of the key, and lists dealers without keys', async () => {
    const [row] = await api.db.query<{ key_sha256: Buffer }>(
      "SELECT key_sha256 FROM dealers WHERE id = 'autohaus-meyer'",
    );
    expect(row!.key_sha256.equals(dealerKeyHash(meyerKey)!)).toBe(true);
    expect(JSON.stringify(await api.db.query('SELECT * FROM dealers'))).not.toContain(meyerKey);
    const listed = await listDealers(api.db);
    expect(listed.find((d) => d.id === 'autohaus-meyer')).toMatchObject({
      name: 'Autohaus Meyer',
      origins: [MEYER],
    });
    expect(JSON.stringify(listed)).not.toContain('lpdk_');
  });

  it('refuses a second dealer with the same id', async () => {
    await expect(addDealer(api.db, { id: 'autohaus-meyer', name: 'Again', origins: [] })).rejects.toThrow(
      /registered already/,
    );
  });

  it.each([
    ['', /1-64 characters/],
    ['Autohaus', /a-z, 0-9/],
    ['-x', /a-z, 0-9/],
    ['a'.repeat(65), /1-64/],
    ['ä-haus', /a-z/],
  ])('refuses the id %j', async (id, message) => {
    await expect(addDealer(api.db, { id, name: 'X', origins: [] })).rejects.toThrow(message);
  });

  it('refuses names that are empty, huge or hold control characters', async () => {
    for (const name of ['', '   ', 'x'.repeat(201), 'a\u001b[31mb']) {
      await expect(addDealer(api.db, { id: 'name-test', name, origins: [] })).rejects.toThrow(/name/);
    }
  });

  it('refuses a bad origin and registers nothing', async () => {
    await expect(
      addDealer(api.db, {
        id: 'halb-fertig',
        name: 'Halb',
        origins: ['https://ok.example', 'https://x.example/shop'],
      }),
    ).rejects.toThrow(/not a bare origin/);
    expect((await listDealers(api.db)).some((d) => d.id === 'halb-fertig')).toBe(false);
  });

  it('caps the origins of a dealer', async () => {
    const origins = Array.from({ length: 21 }, (_, i) => `https://o${i}.example`);
    await expect(addDealer(api.db, { id: 'viele', name: 'Viele', origins })).rejects.toThrow(/at most 20/);
  });
});

describe('normaliseOrigin', () => {
  it.each([
    ['https://autohaus-meyer.example', 'https://autohaus-meyer.example'],
    ['https://Autohaus-Meyer.EXAMPLE/', 'https://autohaus-meyer.example'],
    ['https://autohaus-meyer.example:443', 'https://autohaus-meyer.example'],
    ['http://127.0.0.1:4100', 'http://127.0.0.1:4100'],
    ['https://müller.example', 'https://xn--mller-kva.example'],
    ['https://[::1]:8443', 'https://[::1]:8443'],
    ['  https://a.example  ', 'https://a.example'],
  ])('%s -> %s', (input, expected) => {
    expect(normaliseOrigin(input)).toBe(expected);
  });

  it.each([
    '',
    'autohaus-meyer.example',
    'https://a.example/shop',
    'https://a.example/?x=1',
    'https://a.example#top',
    'https://user:pw@a.example',
    'ftp://a.example',
    'javascript:alert(1)',
    'data:text/html,x',
    'null',
    '*',
    'https://*.example',
    `https://${'a'.repeat(400)}.example`,
    'https://a.example\u0000',
    'file:///etc/passwd',
  ])('refuses %j', (input) => {
    expect(() => normaliseOrigin(input)).toThrow();
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

describe('the per-process copy of the registered dealers (dealerRegistry)', () => {
  /** A database stand-in that counts reloads and can fail (failure injection). */
  function fakeDb() {
    const state = { origins: [MEYER], ids: ['autohaus-meyer'], fail: false, reloads: 0, lookups: 0 };
    const db = {
      identity: {},
      exec: async () => {},
      query: async (sql: string) => {
        if (state.fail) throw new Error('connection lost');
        if (sql.includes('array_agg')) {
          state.reloads++;
          return [{ origins: [...state.origins], ids: [...state.ids] }];
        }
        state.lookups++;
        return state.ids.includes('schulze-kfz') ? [{ '?column?': 1 }] : [];
      },
    };
    return { db: db as never, state };
  }

  it('reloads at most once per cache time, also under many concurrent checks', async () => {
    const { db, state } = fakeDb();
    let clock = 0;
    const registry = createDealerRegistry(db, { cacheMs: 3000, now: () => clock });
    const answers = await Promise.all(Array.from({ length: 50 }, () => registry.allowsOrigin(MEYER)));
    expect(answers.every(Boolean)).toBe(true);
    expect(state.reloads).toBe(1);
    state.origins = [SCHULZE];
    clock = 2999;
    expect(await registry.allowsOrigin(SCHULZE)).toBe(false);
    clock = 3000;
    expect(await registry.allowsOrigin(SCHULZE)).toBe(true);
    expect(await registry.allowsOrigin(MEYER)).toBe(false);
    expect(state.reloads).toBe(2);
  });

  it('keeps the last copy while the database cannot answer, and reports the failure', async () => {
    const { db, state } = fakeDb();
    let clock = 0;
    const errors: unknown[] = [];
    const registry = createDealerRegistry(db, {
      cacheMs: 1000,
      now: () => clock,
      onError: (e) => errors.push(e),
    });
    expect(await registry.allowsOrigin(MEYER)).toBe(true);
    state.fail = true;
    clock = 5000;
    expect(await registry.allowsOrigin(MEYER)).toBe(true);
    expect(await registry.allowsOrigin(STRANGER)).toBe(false);
    expect(errors.length).toBeGreaterThan(0);
  });

  it('allows no dealer origin when it never could load (configured origins are not its business)', async () => {
    const { db, state } = fakeDb();
    state.fail = true;
    const registry = createDealerRegistry(db, { onError: () => {} });
    expect(await registry.allowsOrigin(MEYER)).toBe(false);
  });

  it('knows cached ids without a query and looks up ids it has not seen', async () => {
    const { db, state } = fakeDb();
    const registry = createDealerRegistry(db, { now: () => 0 });
    expect(await registry.isDealer('autohaus-meyer')).toBe(true);
    expect(state.lookups).toBe(0);
    expect(await registry.isDealer('schulze-kfz')).toBe(false);
    state.ids.push('schulze-kfz');
    expect(await registry.isDealer('schulze-kfz')).toBe(true);
    expect(state.lookups).toBe(2);
  });
});
