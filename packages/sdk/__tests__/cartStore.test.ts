import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAppState, createMemoryStorage } from '../src/appState';
import { createCartStore } from '../src/cart/cartStore';
import { createClient } from '../src/client/createClient';
import { json } from './support/fakeFetch';
import { createCartService } from '../src/services/cartService';
import { addBody, fakeShop } from './support/fakeShop';

function setup(options: Parameters<typeof fakeShop>[0] = {}, storage = createMemoryStorage()) {
  const shop = fakeShop(options);
  const appState = createAppState(storage);
  const client = createClient({ baseUrl: 'http://api.test', fetch: shop.fetch, appState, retryDelayMs: 1 });
  const store = createCartStore({
    cart: createCartService(client),
    appState,
    shipping: shop.shipping,
    companyId: async () => 1001,
  });
  return { shop, appState, store, storage };
}

afterEach(() => vi.useRealTimers());

describe('cart store transitions (spec 4)', () => {
  it('starts with the empty default cart and loads it without a request when no guid is stored', async () => {
    const { store, shop } = setup();
    await store.getState().load();
    expect(store.getState()).toMatchObject({
      count: 0,
      cart: { id: 0, cartGuid: null, items: null },
      pending: false,
    });
    expect(shop.calls).toHaveLength(0);
  });

  it('add replaces the cart, counts addData, stores the guid and refreshes summary and shipping', async () => {
    const { store, appState, shop } = setup();
    const cart = await store.getState().add(addBody('FKZ-001', 2));
    const state = store.getState();
    expect(state.cart).toEqual(cart);
    expect(state.count).toBe(2);
    expect(appState.get().CartGuid).toBe(cart.cartGuid);
    expect(state.priceSummary).toEqual({
      cartAmount: 29.8,
      discountAmount: 0,
      shippingAmount: 4.9,
      total: 34.7,
    });
    expect(state.shippingMethod).toEqual({ methodId: 1, name: 'DHL', shippingCost: 4.9 });
    expect(state.freeShippingFrom).toBe(50);
    expect(shop.shipping.calls).toEqual([29.8]);
  });

  it('update and remove recount and reach free shipping above the minimum', async () => {
    const { store } = setup();
    const cart = await store.getState().add(addBody('FKZ-001', 1));
    const id = cart.items![0]!.itemInternalId;
    await store.getState().update(id, 4);
    expect(store.getState().count).toBe(4);
    expect(store.getState().priceSummary).toEqual({
      cartAmount: 59.6,
      discountAmount: 0,
      shippingAmount: 0,
      total: 59.6,
    });
    await store.getState().add(addBody('KZH-001', 1));
    expect(store.getState().count).toBe(5);
    await store.getState().remove(id);
    expect(store.getState()).toMatchObject({
      count: 1,
      priceSummary: { cartAmount: 9.95, shippingAmount: 4.9, total: 14.85 },
    });
  });

  it('clear empties the cart, zeroes count and price, forgets shipping and guid', async () => {
    const { store, appState } = setup();
    await store.getState().add(addBody('FKZ-001'));
    store.getState().clear();
    expect(store.getState()).toMatchObject({
      count: 0,
      cart: { id: 0, cartGuid: null, items: null },
      priceSummary: { cartAmount: 0, shippingAmount: 0, total: 0 },
      shippingMethod: null,
    });
    expect(appState.get().CartGuid).toBeNull();
  });

  it('keeps the cart identity across reloads through the AppState key', async () => {
    const storage = createMemoryStorage();
    const first = setup({}, storage);
    const cart = await first.store.getState().add(addBody('FKZ-001', 3));
    expect(JSON.parse(storage.getItem('AppState')!)).toMatchObject({ CartGuid: cart.cartGuid });
    // A new page view: new store and client over the same storage and the same server.
    const appState = createAppState(storage);
    const client = createClient({ baseUrl: 'http://api.test', fetch: first.shop.fetch, appState });
    const store = createCartStore({ cart: createCartService(client), appState });
    await store.getState().load();
    expect(store.getState()).toMatchObject({ count: 3, cart: { cartGuid: cart.cartGuid } });
    // Without shipping rates the server's deliveryPrice stands in.
    expect(store.getState().priceSummary).toEqual({
      cartAmount: 44.7,
      discountAmount: 0,
      shippingAmount: 4.9,
      total: 49.6,
    });
  });

  it('a stored guid the server no longer knows (400) falls back to the empty cart and is forgotten', async () => {
    const { store, appState } = setup();
    appState.set({ CartGuid: 'stale' });
    await store.getState().load();
    expect(store.getState().cart.cartGuid).toBeNull();
    expect(appState.get().CartGuid).toBeNull();
  });

  it('adoptCartGuid takes over a handed-over cart (widget link /cart?cartGuid=)', async () => {
    const a = setup();
    const cart = await a.store.getState().add(addBody('PS-001', 2));
    const appState = createAppState(createMemoryStorage());
    const client = createClient({ baseUrl: 'http://api.test', fetch: a.shop.fetch, appState });
    const other = createCartStore({ cart: createCartService(client), appState });
    await other.getState().adoptCartGuid(cart.cartGuid!);
    expect(other.getState().count).toBe(2);
    await expect(other.getState().adoptCartGuid('  ')).rejects.toMatchObject({ code: 'invalidParameter' });
  });
});

describe('queue, pending and errors', () => {
  it('concurrent adds run one after another and lose nothing, all in one cart', async () => {
    // Early requests answer slowest: without the queue they would race and create several carts.
    let n = 10;
    const { store, shop } = setup({ delay: () => (n-- > 0 ? n * 3 : 0) });
    const adds = Array.from({ length: 8 }, (_, i) =>
      store.getState().add(addBody('FKZ-001', 1, `B-AB ${i + 1}`)),
    );
    expect(store.getState().pending).toBe(true);
    await Promise.all(adds);
    expect(store.getState().pending).toBe(false);
    expect(shop.carts.size).toBe(1);
    expect(store.getState().count).toBe(8);
    expect(store.getState().cart.items).toHaveLength(8);
  });

  it('a load queued behind the first add loads that cart, and an add queued behind a load is kept', async () => {
    const { store } = setup({ delay: () => 5 });
    const added = store.getState().add(addBody('FKZ-001', 2));
    const loaded = store.getState().load();
    await Promise.all([added, loaded]);
    expect(store.getState().count).toBe(2);
    const fresh = setup({ delay: () => 5 });
    await Promise.all([fresh.store.getState().load(), fresh.store.getState().add(addBody('FKZ-001', 3))]);
    expect(fresh.store.getState().count).toBe(3);
  });

  it('a failed add sets error, keeps the previous cart and does not block later adds', async () => {
    const { store, shop } = setup();
    await store.getState().add(addBody('FKZ-001'));
    shop.failWith(() => json({ status: 500, message: 'kaputt' }, 500));
    await expect(store.getState().add(addBody('FKZ-001'))).rejects.toMatchObject({
      code: 'http',
      status: 500,
    });
    expect(store.getState()).toMatchObject({ count: 1, pending: false, error: { status: 500 } });
    shop.failWith(undefined);
    await store.getState().add(addBody('FKZ-001'));
    expect(store.getState()).toMatchObject({ count: 2, error: null });
  });

  it('answers of requests started before clear() are ignored', async () => {
    const { store, appState, shop } = setup({ delay: () => 20 });
    const pending = store.getState().add(addBody('FKZ-001'));
    await vi.waitFor(() => expect(shop.calls).toHaveLength(1));
    store.getState().clear();
    await pending;
    expect(store.getState().count).toBe(0);
    expect(appState.get().CartGuid).toBeNull();
  });

  it('a request still queued at clear() runs after it, into a new cart, and is kept (session 10)', async () => {
    // Before: the queued add was still sent, its new cart's answer was dropped, and the add resolved: the line
    // sat in a cart nobody could see any more.
    const { store, appState, shop } = setup({ delay: () => 100 });
    const running = store.getState().add(addBody('FKZ-001'));
    const queued = store.getState().add(addBody('FKZ-001', 2));
    // The first add is on the wire, the second waits in the queue.
    await vi.waitFor(() => expect(shop.calls).toHaveLength(1), { interval: 1 });
    store.getState().clear();
    await Promise.all([running, queued]);
    expect(store.getState().count).toBe(2);
    expect(appState.get().CartGuid).toBe(store.getState().cart.cartGuid);
    expect(shop.carts.size).toBe(2);
  });

  it('shipping rate failures do not fail the cart change', async () => {
    const { store, shop } = setup();
    shop.shipping.rates = async () => {
      throw new Error('rates down');
    };
    await store.getState().add(addBody('FKZ-001'));
    expect(store.getState()).toMatchObject({ count: 1, error: null, priceSummary: { shippingAmount: 4.9 } });
  });

  it('no rates means shipping 0 and no free shipping without a zero rate', async () => {
    const { store, shop } = setup();
    shop.shipping.rates = async () => [];
    shop.shipping.activeMethods = async () => [
      { id: 1, name: 'x', shippingRates: [{ rate: 5, minOrderAmount: 0 }] },
    ];
    await store.getState().add(addBody('FKZ-001'));
    expect(store.getState()).toMatchObject({
      shippingMethod: null,
      freeShippingFrom: 0,
      priceSummary: { shippingAmount: 0, total: 14.9 },
    });
  });

  it('notifies subscribers on every change', async () => {
    const { store } = setup();
    const counts: number[] = [];
    store.subscribe((s) => counts.push(s.count));
    await store.getState().add(addBody('FKZ-001', 2));
    expect(counts).toContain(2);
  });
});

describe('checkout (spec 4)', () => {
  it('cannot start without a cart guid and sends nothing', async () => {
    const { store, shop } = setup();
    await expect(store.getState().startCheckout()).rejects.toMatchObject({
      code: 'invalidParameter',
      message: 'The parameter cartGuid cannot be null.',
    });
    expect(shop.calls).toHaveLength(0);
  });

  it('starts and stops once a cart exists', async () => {
    const { store, shop } = setup();
    await store.getState().add(addBody('FKZ-001'));
    await store.getState().startCheckout();
    await store.getState().stopCheckout();
    const paths = shop.calls.map((c) => new URL(c.url).pathname);
    expect(paths.slice(-2)).toEqual(['/api/Cart/startCheckout', '/api/Cart/stopCheckout']);
    expect(shop.calls.at(-1)!.headers.CartGuid).toBe(store.getState().cart.cartGuid);
  });
});
