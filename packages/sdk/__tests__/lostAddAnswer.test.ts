// A shopper on a phone with a bad connection: the API adds the line, the answer never arrives. The SDK retries the
// add with the same Idempotency-Key and the cart answers it as it is, so the plate is in the cart once (before, the
// add failed as `network` and the shopper's second tap added it twice). Real API on a random port; the failure is
// injected through the SDK's `fetch` option after the server answered.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApi, startApi } from '../../api/src/index';
import { createMemoryStorage } from '../src/appState';
import type { Cart } from '../src/contract/entities';
import { createSdk } from '../src/createSdk';
import { funschild } from './support/shopper';

let api: RunningApi;
beforeAll(async () => {
  api = await startApi({ port: 0, host: '127.0.0.1', dataDir: 'memory', rateLimit: false });
}, 60_000);
afterAll(async () => api?.close());

const PLATE = funschild();

/**
 * The real fetch, except that while `lose` is above 0 an add reaches the server, is answered in full, and then fails
 * as a dropped connection does (the server committed; the phone never hears it). `adds` records each add's key.
 */
function droppingFetch() {
  const state = { lose: 0, adds: [] as string[] };
  const fetcher: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    if (!String(input).includes('/api/Cart/addCartItem')) return response;
    state.adds.push(new Headers(init?.headers).get('Idempotency-Key') ?? '');
    const text = await response.text();
    if (state.lose > 0) {
      state.lose--;
      throw new TypeError('Failed to fetch (connection lost)');
    }
    return new Response(text, { status: response.status, headers: response.headers });
  };
  return { fetcher, state };
}

const lines = (cart: Cart) => (cart.items ?? []).map((line) => [line.productUniqueId, line.quantity]);

describe('an add whose answer is lost', () => {
  it('is retried with the same key and is in the cart once, with quantity 1', async () => {
    const { fetcher, state } = droppingFetch();
    const sdk = createSdk({
      baseUrl: api.url,
      fetch: fetcher,
      storage: createMemoryStorage(),
      retryDelayMs: 1,
    });
    // An existing cart: the retry goes to it (the CartGuid header is read once per call).
    await sdk.cartStore.getState().add({ ...PLATE, productUniqueId: 'KZH-001' });
    state.adds = [];
    state.lose = 2;
    const cart = await sdk.cartStore.getState().add(PLATE);
    expect(lines(cart)).toEqual([
      ['KZH-001', 1],
      ['FKZ-001', 1],
    ]);
    expect(sdk.cartStore.getState().count).toBe(2);
    expect(sdk.cartStore.getState().error).toBeNull();
    // Two answers lost, the third arrived: three requests, one key.
    expect(state.adds).toHaveLength(3);
    expect(new Set(state.adds).size).toBe(1);
    expect(lines(await sdk.cart.getCart())).toEqual(lines(cart));
  });

  it('gives each add its own key: two taps on purpose add two pieces', async () => {
    const { fetcher, state } = droppingFetch();
    const sdk = createSdk({ baseUrl: api.url, fetch: fetcher, storage: createMemoryStorage() });
    await sdk.cartStore.getState().add(PLATE);
    const cart = await sdk.cartStore.getState().add(PLATE);
    expect(lines(cart)).toEqual([['FKZ-001', 2]]);
    expect(state.adds).toHaveLength(2);
    expect(state.adds[0]).not.toBe(state.adds[1]);
    expect(state.adds[0]).toMatch(/^[\x21-\x7e]{1,255}$/);
  });

  it("a first add (no cart yet) whose answer is lost still leaves one line in the shopper's cart", async () => {
    const { fetcher, state } = droppingFetch();
    const sdk = createSdk({
      baseUrl: api.url,
      fetch: fetcher,
      storage: createMemoryStorage(),
      retryDelayMs: 1,
    });
    state.lose = 1;
    const cart = await sdk.cartStore.getState().add(PLATE);
    expect(lines(cart)).toEqual([['FKZ-001', 1]]);
    expect(lines(await sdk.cart.getCart())).toEqual([['FKZ-001', 1]]);
  });
});
