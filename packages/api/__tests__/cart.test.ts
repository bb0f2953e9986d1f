import type { Cart } from '@lp/sdk/contract';
import { paths } from '@lp/sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FREE_SHIPPING_FROM } from '../src/seed/data/index';
import {
  type Api,
  addBody,
  addItem,
  address,
  call,
  makeApi,
  plateAttributes,
  expectError,
} from './support/testApi';

let api: Api;
beforeAll(async () => {
  api = await makeApi();
});
afterAll(() => api.close());

const getCart = async (guid: string) =>
  (await call(api, 'GET', paths.cart.get, { cartGuid: guid })).body as Cart;

describe('CartGuid', () => {
  it.each([
    ['no header', undefined, 'parameter-missing', 'The CartGuid header is missing.'],
    ['an empty header', '', 'parameter-missing', 'The CartGuid header is missing.'],
    ['an unknown guid', '00000000-0000-4000-8000-000000000000', 'cart-not-found', 'Unknown cart.'],
    [
      'a malformed guid',
      "'; DROP TABLE carts; --",
      'cart-guid-invalid',
      'The CartGuid header is not a valid cart id.',
    ],
  ])('getCart with %s answers 400', async (_, guid, code, message) => {
    const res = await call(api, 'GET', paths.cart.get, guid === undefined ? {} : { cartGuid: guid });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ status: 400, code, message });
  });

  it('creates the cart on the first add and returns its guid', async () => {
    const cart = await addItem(api, addBody('KZH-001'));
    expect(cart.cartGuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(await getCart(cart.cartGuid!)).toEqual(cart);
  });

  it('creates a fresh cart when the header names an unknown cart', async () => {
    const stale = '00000000-0000-4000-8000-000000000001';
    const cart = await addItem(api, addBody('KZH-001'), stale);
    expect(cart.cartGuid).not.toBe(stale);
  });
});

describe('server-side prices and totals', () => {
  it('takes the catalogue price and ignores a client-sent price', async () => {
    const body = { ...addBody('KZH-001', 2), price: 0.01, totalAmount: 0.02 };
    const res = await call(api, 'POST', paths.cart.addItem, { body });
    const cart = res.body as Cart;
    expect(res.status).toBe(200);
    expect(cart.items![0]!.price).toBe(4.9);
    expect(cart.totalAmount).toBe(9.8);
    expect(cart.deliveryPrice).toBe(4.9);
  });

  it('prices a variant line from the variant', async () => {
    const cart = await addItem(api, addBody('KFZ-001-520x110-STD', 1, plateAttributes()));
    expect(cart.items![0]).toMatchObject({
      productUniqueId: 'KFZ-001-520x110-STD',
      price: 12.9,
      currency: 'EUR',
    });
    expect(cart.items![0]!.addData).toEqual([
      {
        count: 1,
        info: { Alias: 'kfz-kennzeichen', Title: expect.any(String), Attributes: plateAttributes() },
      },
    ]);
  });

  it('merges identical configurations and keeps different ones apart', async () => {
    const first = await addItem(api, addBody('KFZ-001', 1, plateAttributes('B-AB 123')));
    const guid = first.cartGuid!;
    // Same attributes in another key order merge.
    const reordered = { Kennzeichengröße: '520x110', Kennzeichen: 'B-AB 123', 'Kennzeichen-Art': 'Standard' };
    await addItem(api, addBody('KFZ-001', 2, reordered), guid);
    const cart = await addItem(api, addBody('KFZ-001', 1, plateAttributes('M-XY 42')), guid);
    expect(cart.items!.map((i) => i.quantity)).toEqual([3, 1]);
    // 4 plates of KFZ-001 across both lines reach "10 % ab 4 Kennzeichen" (issue 13): 4 x 11,61 €.
    expect(cart.totalAmount).toBe(46.44);
  });

  it('answers a line exactly as configured, quotes, backslashes, umlauts, emoji and line breaks included', async () => {
    // The lines travel from PostgreSQL as JSON text built when the line is written (migrations/016).
    const note = { Notiz: 'Für "Oma" \\ Opa 🚗\nZeile 2', 'Schlüssel "x"': '{"a": [1]}' };
    const added = await addItem(api, addBody('KZH-001', 2, note));
    const second = await addItem(api, addBody('KZH-002', 1), added.cartGuid!);
    for (const cart of [second, await getCart(added.cartGuid!)]) {
      expect(cart.items!.map((i) => [i.productUniqueId, i.quantity, i.addData[0]!.info.Attributes])).toEqual([
        ['KZH-001', 2, note],
        ['KZH-002', 1, {}],
      ]);
      expect(cart.items![0]!.description).toBe(cart.items![0]!.addData[0]!.info.Title);
    }
  });

  it('ships for free from the free-shipping minimum', async () => {
    const quantity = Math.ceil(FREE_SHIPPING_FROM / 4.9);
    const cart = await addItem(api, addBody('KZH-001', quantity));
    expect(cart.totalAmount).toBeGreaterThanOrEqual(FREE_SHIPPING_FROM);
    expect(cart.deliveryPrice).toBe(0);
  });
});

describe('bad cart lines change nothing', () => {
  let guid: string;
  beforeAll(async () => {
    guid = (await addItem(api, addBody('KZH-001'))).cartGuid!;
  });

  const entry = (count: number) => ({ count, info: { Alias: 'a', Title: 't', Attributes: {} } });
  it.each([
    ['no addData entry', { productUniqueId: 'KZH-001', quantity: 1, addData: [] }],
    ['two addData entries', { productUniqueId: 'KZH-001', quantity: 1, addData: [entry(1), entry(1)] }],
    ['count differs from quantity', { productUniqueId: 'KZH-001', quantity: 2, addData: [entry(1)] }],
    ['quantity 0', { ...addBody('KZH-001'), quantity: 0, addData: [entry(0)] }],
    ['negative quantity', { ...addBody('KZH-001'), quantity: -3, addData: [entry(-3)] }],
    ['quantity 1000', addBody('KZH-001', 1000)],
    ['fractional quantity', { ...addBody('KZH-001'), quantity: 1.5, addData: [entry(1.5)] }],
    ['quantity as text', { ...addBody('KZH-001'), quantity: '1' }],
    ['quantity as boolean', { ...addBody('KZH-001'), quantity: true }],
    ['missing productUniqueId', { quantity: 1, addData: [entry(1)] }],
    ['productUniqueId as number', { ...addBody('KZH-001'), productUniqueId: 7 }],
    ['attribute value as number', addBody('KZH-001', 1, { Kennzeichen: 5 } as never)],
    ['control characters', addBody('KZH-001', 1, { Kennzeichen: 'B\u0000AB\u001b[2J' })],
    ['a 100k-character value', addBody('KZH-001', 1, { Kennzeichen: 'A'.repeat(100_000) })],
    ['a foreign design image', addBody('KZH-029', 1, { 'Design-Bild': 'javascript:alert(1)' })],
    ['a broken design document', addBody('KZH-029', 1, { 'Design-Dokument': '{not json' })],
    ['a body that is an array', [addBody('KZH-001')]],
  ])('%s -> 400', async (_, body) => {
    const res = await call(api, 'POST', paths.cart.addItem, { body, cartGuid: guid });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      status: 400,
      code: expect.stringMatching(/^(validation|parameter-missing|quantity-out-of-range)$/),
      message: expect.any(String),
    });
    expect((res.body as { message: string }).message.length).toBeLessThan(300);
    expect((await getCart(guid)).items).toHaveLength(1);
  });

  it('answers 400 for a JSON string body and 415 for XML', async () => {
    const headers = { 'content-type': 'application/json', CartGuid: guid };
    const json = await api.inject({ method: 'POST', url: paths.cart.addItem, headers, payload: '"hello"' });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toMatchObject({ status: 400, code: 'validation' });
    const text = await api.inject({
      method: 'POST',
      url: paths.cart.addItem,
      headers: { 'content-type': 'application/xml', CartGuid: guid },
      payload: '<cart/>',
    });
    expect(text.statusCode).toBe(415);
    expect(JSON.parse(text.body)).toMatchObject({
      status: 415,
      code: 'unsupported-media-type',
      message: expect.stringContaining('application/json'),
    });
  });

  it('answers 404 for an unknown product and creates no cart', async () => {
    const res = await call(api, 'POST', paths.cart.addItem, { body: addBody('NOPE-1') });
    expect(res.body).toEqual({
      status: 404,
      code: 'product-not-found',
      message: 'Product NOPE-1 not found.',
    });
  });

  it('refuses a merge that would exceed 999 pieces', async () => {
    const cart = await addItem(api, addBody('KZH-002', 990));
    const res = await call(api, 'POST', paths.cart.addItem, {
      body: addBody('KZH-002', 10),
      cartGuid: cart.cartGuid!,
    });
    expectError(res, 400, 'quantity-out-of-range');
    expect((await getCart(cart.cartGuid!)).items![0]!.quantity).toBe(990);
  });

  it('enforces the product minimum quantity', async () => {
    await api.db.query(
      `UPDATE products SET data = jsonb_set(data, '{MinQuantity}', '5'), min_quantity = 5 WHERE unique_id = 'ZUB-002'`,
    );
    const res = await call(api, 'POST', paths.cart.addItem, { body: addBody('ZUB-002', 4) });
    expect(res.body).toMatchObject({
      status: 400,
      code: 'quantity-out-of-range',
      message: 'The quantity must be at least 5.',
    });
    expect((await addItem(api, addBody('ZUB-002', 5))).items![0]!.quantity).toBe(5);
  });

  it('trims the product id (spec 5)', async () => {
    expect((await addItem(api, addBody('  KZH-001 '))).items![0]!.productUniqueId).toBe('KZH-001');
  });
});

describe('update and remove', () => {
  it('updates the quantity and recomputes totals', async () => {
    const cart = await addItem(api, addBody('KZH-001'));
    const item = cart.items![0]!;
    const res = await call(api, 'POST', paths.cart.updateItem, {
      body: { itemInternalId: item.itemInternalId, quantity: 3 },
      cartGuid: cart.cartGuid!,
    });
    expect((res.body as Cart).totalAmount).toBe(14.7);
    const bad = await call(api, 'POST', paths.cart.updateItem, {
      body: { itemInternalId: item.itemInternalId, quantity: 0 },
      cartGuid: cart.cartGuid!,
    });
    expectError(bad, 400, 'quantity-out-of-range');
    expect((await getCart(cart.cartGuid!)).items![0]!.quantity).toBe(3);
  });

  it("cannot touch another cart's line", async () => {
    const mine = await addItem(api, addBody('KZH-001'));
    const theirs = await addItem(api, addBody('KZH-003'));
    const itemInternalId = theirs.items![0]!.itemInternalId;
    const update = await call(api, 'POST', paths.cart.updateItem, {
      body: { itemInternalId, quantity: 5 },
      cartGuid: mine.cartGuid!,
    });
    const remove = await call(api, 'POST', paths.cart.removeItem, {
      body: { itemInternalId },
      cartGuid: mine.cartGuid!,
    });
    expect([update.status, remove.status]).toEqual([404, 404]);
    expect((await getCart(theirs.cartGuid!)).items![0]!.quantity).toBe(1);
  });

  it('removes a line', async () => {
    const cart = await addItem(api, addBody('KZH-001'));
    const res = await call(api, 'POST', paths.cart.removeItem, {
      body: { itemInternalId: cart.items![0]!.itemInternalId },
      cartGuid: cart.cartGuid!,
    });
    expect(res.body).toMatchObject({ items: [], totalAmount: 0, deliveryPrice: 0 });
    // A cart without lines reads as such (the lines' texts are NULL then, migrations/017).
    const read = await call(api, 'GET', paths.cart.get, { cartGuid: cart.cartGuid! });
    expect(read.body).toMatchObject({ cartGuid: cart.cartGuid, items: [], totalAmount: 0 });
  });

  it('needs a cart for update and remove', async () => {
    const body = { itemInternalId: '00000000-0000-4000-8000-000000000000' };
    expectError(await call(api, 'POST', paths.cart.removeItem, { body }), 400, 'parameter-missing');
    expect((await call(api, 'POST', paths.cart.removeItem, { body: { itemInternalId: 'x' } })).status).toBe(
      400,
    );
  });
});

describe('addresses, checkout and attach', () => {
  it('stores a valid address and refuses invalid ones', async () => {
    const guid = (await addItem(api, addBody('KZH-001'))).cartGuid!;
    const ok = await call(api, 'POST', paths.cart.addShippingAddress, { body: address, cartGuid: guid });
    expect(ok.status).toBe(200);
    const bad = await call(api, 'POST', paths.cart.addBillingAddress, {
      body: { ...address, zipCode: '1234' },
      cartGuid: guid,
    });
    expectError(bad, 400, 'validation');
    expect(bad.body).toMatchObject({ message: 'address.zipCode must be exactly 5 digits.' });
    const missing = await call(api, 'POST', paths.cart.addBillingAddress, {
      body: { ...address, city: undefined },
      cartGuid: guid,
    });
    expect(missing.body).toMatchObject({
      status: 400,
      code: 'parameter-missing',
      message: 'The parameter city cannot be null.',
    });
  });

  it('starts and stops checkout only for an existing cart', async () => {
    expectError(await call(api, 'POST', paths.cart.startCheckout), 400, 'parameter-missing');
    const guid = (await addItem(api, addBody('KZH-001'))).cartGuid!;
    expect((await call(api, 'POST', paths.cart.startCheckout, { cartGuid: guid })).status).toBe(200);
    expect((await call(api, 'POST', paths.cart.stopCheckout, { cartGuid: guid })).status).toBe(200);
    const attach = await call(api, 'POST', paths.cart.attachToUser, { cartGuid: guid });
    expect(attach.body).toMatchObject({ cartGuid: guid, userId: null });
  });

  it('accepts an empty JSON body on body-less endpoints', async () => {
    const guid = (await addItem(api, addBody('KZH-001'))).cartGuid!;
    const res = await call(api, 'POST', paths.cart.startCheckout, {
      cartGuid: guid,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(200);
  });
});

describe('concurrency', () => {
  it('loses no add when 50 adds hit one cart at once', async () => {
    const guid = (await addItem(api, addBody('KZH-001'))).cartGuid!;
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        call(api, 'POST', paths.cart.addItem, {
          body: i % 2 === 0 ? addBody('KZH-001') : addBody('KZH-005', 1, { Notiz: `n${i}` }),
          cartGuid: guid,
        }),
      ),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    const cart = await getCart(guid);
    expect(cart.items!.find((i) => i.productUniqueId === 'KZH-001')!.quantity).toBe(26);
    expect(cart.items!.filter((i) => i.productUniqueId === 'KZH-005')).toHaveLength(25);
    expect(cart.totalAmount).toBe(Math.round((26 * 4.9 + 25 * 6.9) * 100) / 100);
  });
});

describe('plate rules on every line (validatePlateAttributes)', () => {
  it('accepts a valid car plate and a two-line parking sign', async () => {
    expect((await addItem(api, addBody('KFZ-001', 1, plateAttributes('HH-AB 1234')))).items).toHaveLength(1);
    const sign = await addItem(api, addBody('PPS-001', 1, { Kennzeichen: 'PRIVAT\nNUR KUNDEN' }));
    expect(sign.items![0]!.addData[0]!.info.Attributes.Kennzeichen).toBe('PRIVAT\nNUR KUNDEN');
  });

  it.each([
    ['a leading zero', 'KFZ-001', plateAttributes('B-AB 0123')],
    ['a forbidden letter pair', 'KFZ-001', plateAttributes('B-SS 123')],
    ['markup on a fun plate', 'FKZ-002', { Kennzeichen: '<script>alert(1)</script>' }],
    ['an unknown plate kind', 'KFZ-001', { ...plateAttributes(), 'Kennzeichen-Art': 'Geheim' }],
  ])('refuses %s with the rule message under Kennzeichen', async (_, product, attributes) => {
    const res = await call(api, 'POST', paths.cart.addItem, { body: addBody(product, 1, attributes) });
    expectError(res, 400, 'plate-invalid');
    const body = res.body as {
      status: number;
      message: string;
      errors: { field: string; message: string }[];
    };
    expect(body.message.length).toBeGreaterThan(5);
    expect(body.errors).toEqual([{ field: 'Kennzeichen', message: body.message }]);
  });
});
