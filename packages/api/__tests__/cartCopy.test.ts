// The storefront's handoff of a dealer's cart copies it (decisions.md "Cart handoff copies"): whoever knows the
// handed-over guid (the dealer's page, or whoever sent the link) must not read, change or cancel what the shopper
// does afterwards.
import type { Cart } from '@lp/sdk/contract';
import { cartCopyPath, paths } from '@lp/sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDealer } from '../src/dealers/dealerRepo';
import {
  type Api,
  addBody,
  addItem,
  call,
  expectError,
  loginDemo,
  makeApi,
  payCart,
  plateAttributes,
  saveBody,
} from './support/testApi';

let api: Api;
beforeAll(async () => {
  api = await makeApi();
  await addDealer(api.db, { id: 'autohaus-kopie', name: 'Autohaus Kopie', origins: [] });
});
afterAll(() => api?.close());

const copy = (body: unknown, cartGuid?: string) =>
  call(api, 'POST', cartCopyPath, { body, ...(cartGuid ? { cartGuid } : {}) });
const getCart = async (guid: string) =>
  (await call(api, 'GET', paths.cart.get, { cartGuid: guid })).body as Cart;

async function dealerCart(): Promise<Cart> {
  const first = await addItem(api, {
    ...addBody('KFZ-001-520x110-STD', 2, plateAttributes('HB-KO 1')),
    dealer: 'autohaus-kopie',
  });
  return addItem(api, addBody('KZH-001', 3), first.cartGuid!);
}

describe('POST /api/Cart/copyCart', () => {
  it('answers a new cart with the same lines, prices and totals, and leaves the handed-over cart as it was', async () => {
    const source = await dealerCart();
    const res = await copy({ cartGuid: source.cartGuid });
    expect(res.status).toBe(200);
    const copied = res.body as Cart;
    expect(copied.cartGuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(copied.cartGuid).not.toBe(source.cartGuid);
    const shape = (cart: Cart) =>
      (cart.items ?? []).map(({ productUniqueId, price, quantity, addData }) => ({
        productUniqueId,
        price,
        quantity,
        addData,
      }));
    expect(shape(copied)).toEqual(shape(source));
    expect(copied.totalAmount).toBe(source.totalAmount);
    const sourceIds = new Set(source.items?.map((line) => line.itemInternalId));
    for (const line of copied.items ?? []) expect(sourceIds.has(line.itemInternalId)).toBe(false);
    expect(await getCart(source.cartGuid!)).toEqual(source);
  });

  it('keeps the dealer’s credit: the copy’s order is the dealer’s', async () => {
    const source = await dealerCart();
    const copied = (await copy({ cartGuid: source.cartGuid })).body as Cart;
    const saved = await call(api, 'POST', paths.order.save, { body: saveBody(), cartGuid: copied.cartGuid! });
    expect(saved.status).toBe(200);
    const [order] = await api.db.query<{ dealer_id: string | null }>(
      'SELECT dealer_id FROM orders WHERE header_guid = $1',
      [(saved.body as { orderHeaderGuid: string }).orderHeaderGuid],
    );
    expect(order?.dealer_id).toBe('autohaus-kopie');
  });

  it('a copy of a copy, taken by a shopper who logs in at the checkout, keeps the dealer’s credit', async () => {
    const source = await dealerCart();
    const first = (await copy({ cartGuid: source.cartGuid })).body as Cart;
    const second = (await copy({ cartGuid: first.cartGuid })).body as Cart;
    // The login attaches the cart to the account (the storefront's attachCartToUser) and the order is saved with
    // the session: neither changes whose cart it is.
    const session = await loginDemo(api);
    const attached = await call(api, 'POST', paths.cart.attachToUser, {
      headers: session,
      cartGuid: second.cartGuid!,
    });
    expect((attached.body as Cart).userId).toBe(1);
    const saved = await call(api, 'POST', paths.order.save, {
      body: saveBody(),
      headers: session,
      cartGuid: second.cartGuid!,
    });
    expect(saved.status).toBe(200);
    const [order] = await api.db.query<{ dealer_id: string | null; customer_id: number | null }>(
      'SELECT dealer_id, customer_id FROM orders WHERE header_guid = $1',
      [(saved.body as { orderHeaderGuid: string }).orderHeaderGuid],
    );
    expect(order).toEqual({ dealer_id: 'autohaus-kopie', customer_id: 1 });
  });

  it('whoever holds the handed-over guid sees nothing the shopper adds, and cannot cancel the shopper’s order', async () => {
    const source = await dealerCart();
    const mine = (await copy({ cartGuid: source.cartGuid })).body as Cart;
    await addItem(api, addBody('KFZ-001-520x110-STD', 1, plateAttributes('M-XY 42')), mine.cartGuid!);
    const seen = JSON.stringify(await getCart(source.cartGuid!));
    expect(seen).not.toContain('M-XY 42');

    const saved = await call(api, 'POST', paths.order.save, { body: saveBody(), cartGuid: mine.cartGuid! });
    const headerGuid = (saved.body as { orderHeaderGuid: string }).orderHeaderGuid;
    // The holder of the old guid saves an order of that cart: it is another order, the shopper's stays.
    expect(
      (await call(api, 'POST', paths.order.save, { body: saveBody(), cartGuid: source.cartGuid! })).status,
    ).toBe(200);
    const confirmed = await call(api, 'POST', paths.order.confirm, {
      body: { headerGuid },
      cartGuid: mine.cartGuid!,
    });
    expect(confirmed.status).toBe(200);
  });

  it('paying for the copy takes the paid plates out of the handed-over cart, and only those', async () => {
    // The dealer's page: the plate HB-KO 1 x2 and the holder x3; the shop continues in a copy.
    const source = await dealerCart();
    const mine = (await copy({ cartGuid: source.cartGuid })).body as Cart;
    // The shopper adds one more of the plate and another plate; the dealer's page meanwhile adds two more holders
    // and a plate of its own.
    await addItem(api, addBody('KFZ-001-520x110-STD', 1, plateAttributes('HB-KO 1')), mine.cartGuid!);
    await addItem(api, addBody('KFZ-001-520x110-STD', 1, plateAttributes('M-XY 42')), mine.cartGuid!);
    await addItem(api, addBody('KZH-001', 2), source.cartGuid!);
    await addItem(api, addBody('KFZ-001-520x110-STD', 1, plateAttributes('HB-NE 7')), source.cartGuid!);

    await payCart(api, mine.cartGuid!);
    // The dealer's page keeps only what was not paid: the holders beyond the three bought, its own new plate.
    const left = (await getCart(source.cartGuid!)).items?.map((line) => [
      line.productUniqueId,
      line.quantity,
    ]);
    expect(left).toEqual([
      ['KZH-001', 2],
      ['KFZ-001-520x110-STD', 1],
    ]);
    expect(JSON.stringify(await getCart(source.cartGuid!))).toContain('HB-NE 7');
  });

  it('a later purchase in the same shop cart leaves the handed-over cart alone', async () => {
    const source = await dealerCart();
    const mine = (await copy({ cartGuid: source.cartGuid })).body as Cart;
    await payCart(api, mine.cartGuid!);
    expect((await getCart(source.cartGuid!)).items ?? []).toEqual([]);
    // The dealer's page is used again; the shopper buys the same holder once more in the shop alone.
    await addItem(api, addBody('KZH-001', 1), source.cartGuid!);
    await addItem(api, addBody('KZH-001', 1), mine.cartGuid!);
    await payCart(api, mine.cartGuid!);
    expect((await getCart(source.cartGuid!)).items?.map((line) => line.quantity)).toEqual([1]);
  });

  it('copies the applied coupon with the lines', async () => {
    const source = await addItem(api, addBody('KFZ-001-520x110-STD', 5, plateAttributes('B-CO 5')));
    const applied = await call(api, 'POST', paths.cart.applyCoupon, {
      cartGuid: source.cartGuid!,
      body: { code: 'WILLKOMMEN10' },
    });
    expect(applied.status).toBe(200);
    const copied = (await copy({ cartGuid: source.cartGuid })).body as Cart;
    expect(copied).toMatchObject({ coupon: { code: 'WILLKOMMEN10' } });
    expect(copied.totalAmount).toBe((applied.body as Cart).totalAmount);
  });

  it('ignores the shopper’s own CartGuid header: that cart is not changed', async () => {
    const source = await dealerCart();
    const own = await addItem(api, addBody('KZH-001', 1));
    const copied = (await copy({ cartGuid: source.cartGuid }, own.cartGuid!)).body as Cart;
    expect(copied.cartGuid).not.toBe(own.cartGuid);
    expect(await getCart(own.cartGuid!)).toEqual(own);
  });

  it.each([
    ['an unknown cart', { cartGuid: '00000000-0000-4000-8000-00000000c0de' }, 400, 'cart-not-found'],
    ['no guid', {}, 400, 'parameter-missing'],
    ['a guid that is not one', { cartGuid: "x'; DROP TABLE carts; --" }, 400, 'validation'],
    ['a number', { cartGuid: 42 }, 400, 'validation'],
    ['more fields', { cartGuid: '00000000-0000-4000-8000-00000000c0de', items: [] }, 400, 'validation'],
    ['an array', [], 400, 'validation'],
    ['a huge guid', { cartGuid: 'a'.repeat(200_000) }, 400, 'validation'],
  ] as const)('answers %s with %s %s', async (_, body, status, code) => {
    expectError(await copy(body), status, code);
  });

  it('answers an empty cart with 400 cart-empty and writes no cart', async () => {
    const cart = await addItem(api, addBody('KZH-001', 1));
    await call(api, 'POST', paths.cart.removeItem, {
      cartGuid: cart.cartGuid!,
      body: { itemInternalId: cart.items![0]!.itemInternalId },
    });
    const [before] = await api.db.query<{ n: number }>('SELECT count(*)::int AS n FROM carts');
    expectError(await copy({ cartGuid: cart.cartGuid }), 400, 'cart-empty');
    const [after] = await api.db.query<{ n: number }>('SELECT count(*)::int AS n FROM carts');
    expect(after?.n).toBe(before?.n);
  });
});
