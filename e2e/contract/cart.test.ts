import { createAppState, createMemoryStorage, isLpError } from '@lp/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHandle, withApi } from '../support/api';
import { address, funschild, plainLine } from './support';

let api: ApiHandle;
beforeAll(async () => {
  api = await withApi();
});
afterAll(() => api?.close());

describe('cart through the SDK and the cart store against the real API', () => {
  it('a new shopper has the empty default cart (getCart 400 -> empty cart)', async () => {
    const sdk = api.sdk();
    expect(await sdk.cart.getCart()).toEqual({
      id: 0,
      userId: null,
      cartGuid: null,
      deliveryPrice: 0,
      totalAmount: 0,
      items: null,
    });
    await sdk.cartStore.getState().load();
    expect(sdk.cartStore.getState()).toMatchObject({ count: 0, pending: false, error: null });
  });

  it('add, update and remove keep count, price summary, shipping and free shipping in step (spec 4)', async () => {
    const sdk = api.sdk();
    const store = sdk.cartStore;
    const cart = await store.getState().add(funschild(2));
    expect(cart.cartGuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(sdk.appState.get().CartGuid).toBe(cart.cartGuid);
    expect(store.getState()).toMatchObject({
      count: 2,
      priceSummary: { cartAmount: 29.8, shippingAmount: 4.9, total: 34.7 },
      shippingMethod: { shippingCost: 4.9 },
      freeShippingFrom: 50,
    });
    const line = cart.items![0]!;
    expect(line).toMatchObject({ productUniqueId: 'FKZ-001', price: 14.9, quantity: 2 });
    await store.getState().update(line.itemInternalId, 4);
    expect(store.getState()).toMatchObject({
      count: 4,
      priceSummary: { cartAmount: 59.6, shippingAmount: 0, total: 59.6 },
      shippingMethod: { shippingCost: 0 },
    });
    await store.getState().remove(line.itemInternalId);
    expect(store.getState()).toMatchObject({ count: 0, priceSummary: { cartAmount: 0 } });
    expect(store.getState().cart.cartGuid).toBe(cart.cartGuid);
  });

  it('the same configuration merges into one line; prices sent by the client are ignored', async () => {
    const sdk = api.sdk();
    await sdk.cartStore.getState().add(funschild(1, 'HALLO'));
    const forged = { ...funschild(2, 'HALLO'), price: 0.01 } as never;
    const cart = await sdk.cartStore.getState().add(forged);
    expect(cart.items).toHaveLength(1);
    expect(cart.items![0]).toMatchObject({ quantity: 3, price: 14.9 });
    expect(cart.totalAmount).toBe(44.7);
  });

  it('concurrent adds through the store lose nothing and land in one cart', async () => {
    const sdk = api.sdk();
    const texts = ['EINS', 'ZWEI', 'DREI', 'VIER', 'FUENF', 'SECHS'];
    await Promise.all(texts.map((text) => sdk.cartStore.getState().add(funschild(1, text))));
    const state = sdk.cartStore.getState();
    expect(state.count).toBe(6);
    expect(state.cart.items).toHaveLength(6);
    const server = await sdk.cart.getCart();
    expect(server.cartGuid).toBe(state.cart.cartGuid);
    expect(server.items).toHaveLength(6);
  });

  it('the cart identity persists across reloads and can be handed over by guid', async () => {
    const storage = createMemoryStorage();
    const first = api.sdk({ storage });
    const cart = await first.cartStore.getState().add(funschild(3));
    const reloaded = api.sdk({ storage });
    await reloaded.cartStore.getState().load();
    expect(reloaded.cartStore.getState()).toMatchObject({ count: 3, cart: { cartGuid: cart.cartGuid } });
    const otherDevice = api.sdk();
    await otherDevice.cartStore.getState().adoptCartGuid(cart.cartGuid!);
    expect(otherDevice.cartStore.getState().count).toBe(3);
    expect(createAppState(storage).get().CartGuid).toBe(cart.cartGuid);
  });

  it('a stored guid the server does not know counts as an empty cart and is forgotten', async () => {
    const storage = createMemoryStorage();
    createAppState(storage).set({ CartGuid: '00000000-0000-4000-8000-000000000000' });
    const sdk = api.sdk({ storage });
    await sdk.cartStore.getState().load();
    expect(sdk.cartStore.getState()).toMatchObject({ count: 0, cart: { cartGuid: null } });
    expect(sdk.appState.get().CartGuid).toBeNull();
  });

  it('checkout starts only with a cart, then starts and stops; addresses are accepted', async () => {
    const sdk = api.sdk();
    await expect(sdk.cartStore.getState().startCheckout()).rejects.toMatchObject({
      code: 'invalidParameter',
    });
    await sdk.cartStore.getState().add(funschild());
    await sdk.cartStore.getState().startCheckout();
    await sdk.cart.addShippingAddress(address);
    await sdk.cart.addBillingAddress(address);
    await sdk.cartStore.getState().stopCheckout();
    expect(sdk.cartStore.getState().error).toBeNull();
  });

  it('uploads a PNG design image and answers its url', async () => {
    const sdk = api.sdk();
    // 1x1 transparent PNG
    const png = Uint8Array.from(
      atob(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
      ),
      (c) => c.charCodeAt(0),
    );
    const { url } = await sdk.cart.addItemImage(new Blob([png], { type: 'image/png' }), 1001);
    expect(url).toMatch(/^https?:\/\/|^\//);
    const notAnImage = await sdk.cart
      .addItemImage(new Blob(['<svg onload=alert(1)>']), 1001)
      .catch((e: unknown) => e);
    // Checked by content, not by name (DESIGN 2): 4xx, never stored.
    expect(isLpError(notAnImage) && notAnImage.status! >= 400 && notAnImage.status! < 500).toBe(true);
  });

  it('rejects bad lines with 4xx and keeps the cart as it was', async () => {
    const sdk = api.sdk();
    await sdk.cartStore.getState().add(funschild(1));
    const before = sdk.cartStore.getState().cart;
    const bad = [
      { ...funschild(1), productUniqueId: 'NOPE-999' },
      { ...funschild(0) },
      { ...funschild(1), quantity: 5 },
      { ...funschild(1), addData: [] },
    ];
    for (const body of bad) {
      const error = await sdk.cartStore
        .getState()
        .add(body)
        .catch((e: unknown) => e);
      expect(isLpError(error) && error.code === 'http' && error.status! >= 400 && error.status! < 500).toBe(
        true,
      );
    }
    const lineId = before.items![0]!.itemInternalId;
    for (const call of [
      () => sdk.cartStore.getState().update(lineId, -1),
      () => sdk.cartStore.getState().update(lineId, 1e9),
      () => sdk.cartStore.getState().update(lineId, Number.NaN),
      () => sdk.cartStore.getState().update('gibt-es-nicht', 2),
      () => sdk.cartStore.getState().remove("' OR 1=1 --"),
    ]) {
      const error = await call().catch((e: unknown) => e);
      expect(isLpError(error) && error.status! >= 400 && error.status! < 500).toBe(true);
    }
    expect(sdk.cartStore.getState().cart).toEqual(before);
    expect(sdk.cartStore.getState().error?.code).toBe('http');
    const [accessory] = (await sdk.catalogue.products(1001)).items.filter((p) =>
      p.UniqueId.startsWith('ZUB-'),
    );
    await sdk.cartStore.getState().add(plainLine(accessory!));
    expect(sdk.cartStore.getState()).toMatchObject({ count: 2, error: null });
  });
});
