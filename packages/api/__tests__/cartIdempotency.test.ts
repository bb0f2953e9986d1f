// An add whose answer is lost is not added twice (migrations/018, docs/reference/http-contract.md "Idempotency-Key"):
// the SDK sends the same add again with the same key, and the cart answers it as it is. Runs on PGlite and, with
// `node scripts/withPostgres.mjs`, on PostgreSQL (where the two requests of the concurrency test really overlap).
import { randomUUID } from 'node:crypto';
import type { Cart } from '@lp/sdk/contract';
import { IDEMPOTENCY_KEY_HEADER, paths } from '@lp/sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, addBody, addItem, call, expectError, makeApi, plateAttributes } from './support/testApi';

let api: Api;
beforeAll(async () => {
  api = await makeApi();
});
afterAll(() => api?.close());

const HOLDER = 'KZH-001';
const PLATE = 'KFZ-001-520x110-STD';
let keys = 0;
/** A fresh key per test: keys are per cart, but a test should not depend on another's cart. */
const newKey = () => `test-key-${Date.now()}-${++keys}`;

const keyedAdd = (key: string, cartGuid?: string, quantity = 1) =>
  call(api, 'POST', paths.cart.addItem, {
    body: addBody(HOLDER, quantity),
    headers: { [IDEMPOTENCY_KEY_HEADER]: key },
    ...(cartGuid ? { cartGuid } : {}),
  });
const getCart = async (guid: string) =>
  (await call(api, 'GET', paths.cart.get, { cartGuid: guid })).body as Cart;
const pieces = (cart: Cart) => (cart.items ?? []).map((line) => [line.productUniqueId, line.quantity]);

describe('POST /api/Cart/addCartItem with an Idempotency-Key', () => {
  it('answers a repeated key with the cart as it is, without adding again', async () => {
    const cart = await addItem(api, addBody(PLATE, 2, plateAttributes()));
    const key = newKey();
    const first = await keyedAdd(key, cart.cartGuid!);
    expect(first.status).toBe(200);
    expect(pieces(first.body as Cart)).toEqual([
      [PLATE, 2],
      [HOLDER, 1],
    ]);
    // The answer was lost; the SDK sends the same add again.
    const repeat = await keyedAdd(key, cart.cartGuid!);
    expect(repeat.status).toBe(200);
    expect(repeat.body).toEqual(first.body);
    expect(await getCart(cart.cartGuid!)).toEqual(first.body);
  });

  it('adds again under a new key, and without a key adds as before (old SDKs, curl)', async () => {
    const cart = await addItem(api, addBody(HOLDER));
    await keyedAdd(newKey(), cart.cartGuid!);
    await keyedAdd(newKey(), cart.cartGuid!);
    await addItem(api, addBody(HOLDER), cart.cartGuid!);
    await addItem(api, addBody(HOLDER), cart.cartGuid!);
    expect(pieces(await getCart(cart.cartGuid!))).toEqual([[HOLDER, 5]]);
  });

  it('adds exactly once when two requests with one key arrive at the same time', async () => {
    const cart = await addItem(api, addBody(HOLDER));
    for (let round = 0; round < 5; round++) {
      const key = newKey();
      const answers = await Promise.all([keyedAdd(key, cart.cartGuid!), keyedAdd(key, cart.cartGuid!)]);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
      // Whichever came second waited for the first on the cart's lock and answers the same cart.
      expect(answers[0]!.body).toEqual(answers[1]!.body);
      expect(pieces(await getCart(cart.cartGuid!))).toEqual([[HOLDER, 2 + round]]);
    }
  });

  it('keeps keys per cart: the same key adds to another cart and answers only that cart', async () => {
    const mine = await addItem(api, addBody(PLATE, 1, plateAttributes('HB-MI 1')));
    const key = newKey();
    await keyedAdd(key, mine.cartGuid!);
    const theirs = await addItem(api, addBody(HOLDER, 3));
    const res = await keyedAdd(key, theirs.cartGuid!);
    expect(res.status).toBe(200);
    const answer = res.body as Cart;
    expect(answer.cartGuid).toBe(theirs.cartGuid);
    expect(pieces(answer)).toEqual([[HOLDER, 4]]);
    expect(JSON.stringify(answer)).not.toContain('HB-MI 1');
    expect(pieces(await getCart(mine.cartGuid!))).toEqual([
      [PLATE, 1],
      [HOLDER, 1],
    ]);
  });

  it('a first add without a cart creates one cart per request (the lost answer named no cart to repeat into)', async () => {
    const key = newKey();
    const first = (await keyedAdd(key)).body as Cart;
    const again = (await keyedAdd(key)).body as Cart;
    expect(again.cartGuid).not.toBe(first.cartGuid);
    expect(pieces(again)).toEqual([[HOLDER, 1]]);
    // With the guid the key is known in the first cart.
    expect((await keyedAdd(key, first.cartGuid!)).body).toEqual(first);
  });

  it('remembers a key for 24 hours; an older key adds again', async () => {
    const cart = await addItem(api, addBody(HOLDER));
    const key = newKey();
    await keyedAdd(key, cart.cartGuid!);
    await api.db.query(
      `UPDATE cart_add_keys SET created_at = now() - interval '23 hours'
        WHERE key = $1 AND cart_id = (SELECT id FROM carts WHERE guid = $2::uuid)`,
      [key, cart.cartGuid],
    );
    await keyedAdd(key, cart.cartGuid!);
    expect(pieces(await getCart(cart.cartGuid!))).toEqual([[HOLDER, 2]]);
    await api.db.query(
      `UPDATE cart_add_keys SET created_at = now() - interval '25 hours'
        WHERE key = $1 AND cart_id = (SELECT id FROM carts WHERE guid = $2::uuid)`,
      [key, cart.cartGuid],
    );
    await keyedAdd(key, cart.cartGuid!);
    await keyedAdd(key, cart.cartGuid!);
    expect(pieces(await getCart(cart.cartGuid!))).toEqual([[HOLDER, 3]]);
  });

  it('records no key for a refused add: the same key adds once the add is possible', async () => {
    const cart = await addItem(api, addBody(HOLDER, 999));
    const key = newKey();
    expectError(await keyedAdd(key, cart.cartGuid!), 400, 'quantity-out-of-range');
    const line = (await getCart(cart.cartGuid!)).items![0]!;
    await call(api, 'POST', paths.cart.updateItem, {
      body: { itemInternalId: line.itemInternalId, quantity: 1 },
      cartGuid: cart.cartGuid!,
    });
    expect(pieces((await keyedAdd(key, cart.cartGuid!)).body as Cart)).toEqual([[HOLDER, 2]]);
    expect(pieces((await keyedAdd(key, cart.cartGuid!)).body as Cart)).toEqual([[HOLDER, 2]]);
  });

  it.each([
    ['empty', ''],
    ['blank', '   '],
    ['longer than 255 characters', 'k'.repeat(256)],
    ['with a space', 'two words'],
    ['with a tab', 'a\tb'],
    ['with non-ASCII characters', 'schlüssel'],
    ['a JSON object', '{"key": 1}'],
  ])('refuses a key that is %s with 400 validation and adds nothing', async (_, key) => {
    const cart = await addItem(api, addBody(HOLDER));
    const res = await keyedAdd(key, cart.cartGuid!);
    expectError(res, 400, 'validation');
    expect((res.body as { errors: { field: string }[] }).errors[0]!.field).toBe(IDEMPOTENCY_KEY_HEADER);
    expect(pieces(await getCart(cart.cartGuid!))).toEqual([[HOLDER, 1]]);
  });

  it('refuses a key sent twice (joined by Node into one value with ", ")', async () => {
    const cart = await addItem(api, addBody(HOLDER));
    const raw = await api.inject({
      method: 'POST',
      url: paths.cart.addItem,
      headers: { CartGuid: cart.cartGuid!, [IDEMPOTENCY_KEY_HEADER]: ['a', 'b'] },
      payload: addBody(HOLDER) as object,
    });
    expect(raw.statusCode).toBe(400);
    expect(pieces(await getCart(cart.cartGuid!))).toEqual([[HOLDER, 1]]);
  });

  it('lets a dealer page (another origin) send the key: the preflight allows the header', async () => {
    // Without it the browser refuses the header and every add from a dealer page fails (createApi.ts CORS).
    const res = await api.inject({
      method: 'OPTIONS',
      url: paths.cart.addItem,
      headers: {
        origin: 'http://localhost:4100',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'cartguid,content-type,idempotency-key',
      },
    });
    expect(res.statusCode).toBe(204);
    expect(String(res.headers['access-control-allow-headers']).toLowerCase().split(', ')).toContain(
      'idempotency-key',
    );
  });

  it('accepts a 255-character key of visible ASCII (a UUID, the SDK\'s "0.123…")', async () => {
    const cart = await addItem(api, addBody(HOLDER));
    for (const key of ['~'.repeat(255), crypto.randomUUID(), `${Math.random()}`]) {
      expect((await keyedAdd(key, cart.cartGuid!)).status).toBe(200);
      expect((await keyedAdd(key, cart.cartGuid!)).status).toBe(200);
    }
    expect(pieces(await getCart(cart.cartGuid!))).toEqual([[HOLDER, 4]]);
  });

  it("keeps the previous release's add (017's 14 arguments) working during a rolling deploy", async () => {
    const cart = await addItem(api, addBody(HOLDER));
    const [line] = await api.db.query<Record<string, unknown>>(
      `SELECT c.company_id, i.product_unique_id, i.price_cents, i.description, i.alias, i.title, i.attributes,
              i.attributes_key
         FROM cart_items i JOIN carts c ON c.id = i.cart_id WHERE c.guid = $1::uuid`,
      [cart.cartGuid],
    );
    // The statement a process of the previous release sends (cartRepo.addLine before 018).
    await api.db.query(
      'SELECT * FROM lp_add_cart_item($1::uuid, $2::uuid, $3, $4::uuid, $5, $6, $7, $8, $9, $10, $11::jsonb, $12, $13, $14)',
      [
        cart.cartGuid,
        randomUUID(),
        line!.company_id,
        randomUUID(),
        line!.product_unique_id,
        line!.price_cents,
        line!.description,
        1,
        line!.alias,
        line!.title,
        JSON.stringify(line!.attributes),
        line!.attributes_key,
        100,
        100,
      ],
    );
    expect(pieces(await getCart(cart.cartGuid!))).toEqual([[HOLDER, 2]]);
  });

  it('deletes keys older than a day with the first keyed add of a process (they no longer answer repeats)', async () => {
    const fresh = await makeApi();
    try {
      const cart = await addItem(fresh, addBody(HOLDER));
      const [{ id }] = (await fresh.db.query<{ id: number }>('SELECT id FROM carts WHERE guid = $1::uuid', [
        cart.cartGuid,
      ])) as [{ id: number }];
      await fresh.db.query(
        `INSERT INTO cart_add_keys (cart_id, key, created_at)
           VALUES ($1, 'old', now() - interval '25 hours'), ($1, 'recent', now() - interval '23 hours')`,
        [id],
      );
      const res = await call(fresh, 'POST', paths.cart.addItem, {
        body: addBody(HOLDER),
        headers: { [IDEMPOTENCY_KEY_HEADER]: newKey() },
        cartGuid: cart.cartGuid!,
      });
      expect(res.status).toBe(200);
      const left = await fresh.db.query<{ key: string }>(
        'SELECT key FROM cart_add_keys WHERE cart_id = $1 ORDER BY created_at',
        [id],
      );
      expect(left.map((row) => row.key)).toEqual(['recent', expect.stringMatching(/^test-key-/)]);
    } finally {
      await fresh.close();
    }
  });
});
