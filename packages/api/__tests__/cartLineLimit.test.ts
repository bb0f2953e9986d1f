import type { Cart } from '@lp/sdk/contract';
import { MAX_CART_LINES, paths } from '@lp/sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, addBody, addItem, call, makeApi, expectError } from './support/testApi';

// A cart holds at most MAX_CART_LINES distinct lines (shared by client and server); an add that merges into an
// existing line still works at the limit, and the one-too-many line is refused with 400 `cart-line-limit`.
let api: Api;
beforeAll(async () => {
  api = await makeApi();
});
afterAll(() => api.close());

/** A distinct configuration of one product per index (KZH-005 takes a free note). */
const line = (i: number, quantity = 1) => addBody('KZH-005', quantity, { Notiz: `Zeile ${i}` });
const getCart = async (guid: string) =>
  (await call(api, 'GET', paths.cart.get, { cartGuid: guid })).body as Cart;

describe('lines per cart', () => {
  it(`holds ${MAX_CART_LINES} lines, refuses the next new one and still merges into existing ones`, async () => {
    expect(MAX_CART_LINES).toBe(100);
    const guid = (await addItem(api, line(0))).cartGuid!;
    for (let i = 1; i < MAX_CART_LINES; i++) await addItem(api, line(i), guid);
    expect((await getCart(guid)).items).toHaveLength(MAX_CART_LINES);

    const refused = await call(api, 'POST', paths.cart.addItem, {
      body: line(MAX_CART_LINES),
      cartGuid: guid,
    });
    expectError(refused, 400, 'cart-line-limit');
    expect(refused.body).toMatchObject({
      status: 400,
      code: 'cart-line-limit',
      message: `A cart holds at most ${MAX_CART_LINES} different lines; change the quantity of a line or remove one first.`,
    });
    const unchanged = await getCart(guid);
    expect(unchanged.items).toHaveLength(MAX_CART_LINES);
    expect(
      unchanged.items!.some((i) => i.addData?.[0]?.info.Attributes.Notiz === `Zeile ${MAX_CART_LINES}`),
    ).toBe(false);

    // The same configuration as line 7 merges: no new line, so the limit does not apply.
    const merged = await addItem(api, line(7, 2), guid);
    expect(merged.items).toHaveLength(MAX_CART_LINES);
    expect(merged.items!.find((i) => i.addData?.[0]?.info.Attributes.Notiz === 'Zeile 7')!.quantity).toBe(3);

    // After removing a line there is room for one new line again.
    const first = merged.items![0]!;
    await call(api, 'POST', paths.cart.removeItem, {
      body: { itemInternalId: first.itemInternalId },
      cartGuid: guid,
    });
    expect((await addItem(api, line(MAX_CART_LINES), guid)).items).toHaveLength(MAX_CART_LINES);
  });

  it('counts per cart: concurrent adds to a full cart add nothing, adds to another cart work', async () => {
    const guid = (await addItem(api, line(0))).cartGuid!;
    await Promise.all(Array.from({ length: MAX_CART_LINES - 1 }, (_, i) => addItem(api, line(i + 1), guid)));
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        call(api, 'POST', paths.cart.addItem, { body: line(1000 + i), cartGuid: guid }),
      ),
    );
    expect(results.map((r) => [r.status, (r.body as { code?: string }).code])).toEqual(
      Array.from({ length: 5 }, () => [400, 'cart-line-limit']),
    );
    expect((await getCart(guid)).items).toHaveLength(MAX_CART_LINES);
    expect((await addItem(api, line(1000))).items).toHaveLength(1);
  });
});
