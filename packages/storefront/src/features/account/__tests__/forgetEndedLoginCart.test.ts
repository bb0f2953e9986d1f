import { createMemoryStorage, createSdk } from '@lp/sdk';
import type { Cart } from '@lp/sdk/contract';
import { describe, expect, it, vi } from 'vitest';
import { forgetEndedLoginCart } from '../forgetEndedLoginCart';

const GUID = '6f1c1a52-5a0e-4c55-9a43-0a7c1b8e2d11';
const ORDER = '0b6f0d0e-8a43-4d3c-9d55-2f6ab3c1e7a0';

/** A cart with a pair of plates "M-AA 1", as getCart answers it; `userId` null is a guest's. */
const cartOf = (userId: number | null): Cart => ({
  id: 7,
  userId,
  cartGuid: GUID,
  deliveryPrice: 0,
  totalAmount: 20,
  items: [
    {
      itemInternalId: 'a',
      productUniqueId: 'KFZ-001-520x110-STD',
      price: 10,
      description: 'Kfz-Kennzeichen',
      currency: 'EUR',
      quantity: 2,
      addData: [
        { count: 2, info: { Alias: 'kfz', Title: 'Kfz-Kennzeichen', Attributes: { Kennzeichen: 'M-AA 1' } } },
      ],
    },
  ],
});

/** The browser after the restart: the stored guids, the cart loaded as the page's entry loads it. */
async function browserWith(userId: number | null) {
  const json = JSON.stringify(cartOf(userId));
  const fetch = async () =>
    new Response(json, { status: 200, headers: { 'content-type': 'application/json' } });
  const sdk = createSdk({ baseUrl: 'http://shop.test', storage: createMemoryStorage(), fetch, retries: 0 });
  sdk.appState.set({ CartGuid: GUID, orderHeaderGuid: ORDER });
  await sdk.cartStore.getState().load();
  return sdk;
}

describe('an account cart whose login ended (session 25: the library computer after the browser closed)', () => {
  it('is forgotten, with the saved order guid, when nobody is logged in', async () => {
    const sdk = await browserWith(42);
    const signedIn = vi.fn(async () => null);
    const stop = forgetEndedLoginCart(sdk, signedIn);
    await vi.waitFor(() => expect(sdk.appState.get()).toEqual({ CartGuid: null, orderHeaderGuid: null }));
    expect(sdk.cartStore.getState().count).toBe(0);
    expect(JSON.stringify(sdk.cartStore.getState().cart)).not.toContain('M-AA 1');
    expect(signedIn).toHaveBeenCalledTimes(1);
    stop();
  });

  it('is asked about after the cart loads, when it was not loaded yet', async () => {
    const sdk = await browserWith(42);
    sdk.cartStore.getState().clear();
    sdk.appState.set({ CartGuid: GUID });
    const stop = forgetEndedLoginCart(sdk, async () => null);
    await sdk.cartStore.getState().load();
    await vi.waitFor(() => expect(sdk.appState.get().CartGuid).toBeNull());
    stop();
  });

  it('stays while its owner is logged in, and the question is asked once per cart, not on every change', async () => {
    const sdk = await browserWith(42);
    const signedIn = vi.fn(async () => ({ id: 42 }));
    const stop = forgetEndedLoginCart(sdk, signedIn);
    await sdk.cartStore.getState().load();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(sdk.appState.get()).toEqual({ CartGuid: GUID, orderHeaderGuid: ORDER });
    expect(sdk.cartStore.getState().count).toBe(2);
    expect(signedIn).toHaveBeenCalledTimes(1);
    stop();
  });

  it("a guest's cart stays after the browser restart, and nobody is asked about it", async () => {
    const sdk = await browserWith(null);
    const signedIn = vi.fn(async () => null);
    const stop = forgetEndedLoginCart(sdk, signedIn);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(signedIn).not.toHaveBeenCalled();
    expect(sdk.appState.get().CartGuid).toBe(GUID);
    expect(sdk.cartStore.getState().count).toBe(2);
    stop();
  });

  it('forgets nothing when the API cannot say who is logged in', async () => {
    const sdk = await browserWith(42);
    const stop = forgetEndedLoginCart(sdk, async () => Promise.reject(new Error('offline')));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(sdk.appState.get().CartGuid).toBe(GUID);
    expect(sdk.cartStore.getState().count).toBe(2);
    stop();
  });
});
