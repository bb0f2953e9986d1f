import { createMemoryStorage, createSdk } from '@lp/sdk';
import { APP_STATE_KEY } from '@lp/sdk/contract';
import { describe, expect, it } from 'vitest';
import {
  CART_COOKIE_MAX_AGE_S,
  cartCookiePair,
  cartSetCookie,
  mirrorCartCookie,
  readCartCookie,
} from '../cartCookie';

const A = '0b6f3c1e-1d2a-4c3b-9e8f-112233445566';
const B = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';

/** A document whose cookie jar behaves like a browser's for one path: name=value pairs, Max-Age=0 deletes. */
function fakeDocument(initial = '') {
  const jar = new Map<string, string>();
  const writes: string[] = [];
  for (const pair of initial.split(';').filter(Boolean)) {
    const [name, value] = pair.trim().split('=');
    jar.set(name ?? '', value ?? '');
  }
  return {
    writes,
    get cookie() {
      return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    },
    set cookie(text: string) {
      writes.push(text);
      const [pair = '', ...attributes] = text.split(';').map((part) => part.trim());
      const [name = '', value = ''] = pair.split('=');
      if (attributes.includes('Max-Age=0')) jar.delete(name);
      else jar.set(name, value);
    },
  };
}

/** A shop SDK whose AppState lives in a mirrored storage, and an API that answers a cart for any add. */
function shop(doc: ReturnType<typeof fakeDocument>, storage = createMemoryStorage()) {
  const fetch: typeof globalThis.fetch = async () =>
    new Response(
      JSON.stringify({ id: 1, userId: null, cartGuid: A, deliveryPrice: 0, totalAmount: 10, items: [] }),
      { headers: { 'content-type': 'application/json' } },
    );
  const sdk = createSdk({ baseUrl: 'http://shop.test', storage: mirrorCartCookie(storage, doc), fetch });
  return { sdk, storage };
}

describe('the cart cookie mirrors AppState.CartGuid', () => {
  it('is written when the cart gets its guid and cleared when the cart is cleared (after an order)', async () => {
    const doc = fakeDocument();
    const { sdk } = shop(doc);
    expect(readCartCookie(doc.cookie)).toBeNull();
    await sdk.cartStore.getState().add({ productUniqueId: 'FKZ-001', quantity: 1, addData: [] });
    expect(sdk.appState.get().CartGuid).toBe(A);
    expect(readCartCookie(doc.cookie)).toBe(A);
    sdk.cartStore.getState().clear();
    expect(sdk.appState.get().CartGuid).toBeNull();
    expect(readCartCookie(doc.cookie)).toBeNull();
  });

  it('follows an adopted guid, and writes only when the guid changes', async () => {
    const doc = fakeDocument();
    const { sdk } = shop(doc);
    const atStart = doc.writes.length;
    sdk.appState.set({ CartGuid: B });
    sdk.appState.set({ orderHeaderGuid: 'x' });
    sdk.appState.set({ CartGuid: B });
    expect(readCartCookie(doc.cookie)).toBe(B);
    expect(doc.writes).toHaveLength(atStart + 1);
    await sdk.cartStore.getState().adoptCartGuid(A);
    expect(readCartCookie(doc.cookie)).toBe(A);
  });

  it('is synced at start: written for a cart stored before the cookie existed (or renewed), removed for a stale one', () => {
    const storage = createMemoryStorage();
    storage.setItem(APP_STATE_KEY, JSON.stringify({ CartGuid: A, orderHeaderGuid: null }));
    const fresh = fakeDocument();
    shop(fresh, storage);
    expect(readCartCookie(fresh.cookie)).toBe(A);

    const stale = fakeDocument(`lp_cart=${B}`);
    shop(stale);
    expect(readCartCookie(stale.cookie)).toBeNull();

    const same = fakeDocument(`lp_cart=${A}`);
    shop(same, storage);
    expect(same.writes).toEqual([cartSetCookie(A)]);
  });

  it('is a strictly necessary first-party cookie: path /, ~12 months, SameSite=Lax, Secure only on https', () => {
    expect(cartSetCookie(A)).toBe(`lp_cart=${A}; Path=/; Max-Age=${CART_COOKIE_MAX_AGE_S}; SameSite=Lax`);
    expect(cartSetCookie(A, { secure: true })).toMatch(/; Secure$/);
    expect(cartSetCookie(null)).toBe('lp_cart=; Path=/; Max-Age=0; SameSite=Lax');
    expect(CART_COOKIE_MAX_AGE_S).toBe(365 * 24 * 60 * 60);
  });

  it('reads only a well-formed guid, and hands the render only this cookie', () => {
    expect(readCartCookie(`a=1; lp_cart=${A}; b=2`)).toBe(A);
    expect(readCartCookie('lp_cart=not-a-guid')).toBeNull();
    expect(readCartCookie(`lp_cart=x; lp_cart=${B}`)).toBe(B);
    expect(readCartCookie(undefined)).toBeNull();
    expect(cartCookiePair(`lp_consent=v1.s0.m0.t0; lp_cart=${A}; _ga=GA1`)).toBe(`lp_cart=${A}`);
    expect(cartCookiePair('lp_cart=%0d%0aX-Evil: 1')).toBe('');
  });
});
