// Session 10: the SDK as an integrator misuses it (plain JavaScript, data from links, storage and config files),
// against the real API on a random port. Each case failed before its fix: the integrator saw a misleading error
// (a "network" failure that never ends, a time-out at once) instead of the API's answer or a clear parameter error.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApi, startApi } from '../../api/src/index';
import { createMemoryStorage } from '../src/appState';
import { createClient } from '../src/client/createClient';
import { APP_STATE_KEY } from '../src/contract/constants';
import type { AddCartItemBody } from '../src/contract/payloads';
import { createSdk } from '../src/createSdk';
import { createDealerService } from '../src/dealer';
import { type LpError, isLpError } from '../src/errors';
import { funschild } from './support/shopper';

let api: RunningApi;
beforeAll(async () => {
  api = await startApi({ port: 0, host: '127.0.0.1', dataDir: 'memory', rateLimit: false });
});
afterAll(async () => api?.close());

const PLATE = funschild();

async function failure(promise: Promise<unknown>): Promise<LpError> {
  const error = await promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (e: unknown) => e,
  );
  expect(isLpError(error)).toBe(true);
  return error as LpError;
}

/** An SDK on the real API whose fetch records the paths it is asked for. */
function shopper(options: Parameters<typeof createSdk>[0] = {}) {
  const calls: string[] = [];
  const storage = createMemoryStorage();
  const sdk = createSdk({
    baseUrl: api.url,
    storage,
    retryDelayMs: 1,
    fetch: (url, init) => {
      calls.push(new URL(String(url)).pathname);
      return fetch(url, init);
    },
    ...options,
  });
  return { sdk, calls, storage };
}

// What no HTTP header can carry: a character beyond Latin-1 (a link copied through a messenger, a typographic
// character), a line break, a lone surrogate (valid in JSON and in a URL's decoded parameter).
const UNSENDABLE = ['€', '1b4e28ba-2fa1-11d2-883f-0016d3cca427\u200b', 'a\nb', '\uD800'];

describe('a cart guid no header can carry (link or damaged storage)', () => {
  it.each(UNSENDABLE)(
    '%j in storage: load answers the empty cart and forgets it, the next add works',
    async (guid) => {
      const { sdk, calls, storage } = shopper();
      storage.setItem(APP_STATE_KEY, JSON.stringify({ CartGuid: guid, orderHeaderGuid: null }));
      const store = sdk.cartStore;
      // Before: fetch refused the header, so every cart call failed as `network` (GETs after two retries and an
      // origin check), for as long as the storage held the guid.
      const cart = await store.getState().load();
      expect(cart.cartGuid).toBeNull();
      expect(calls).toEqual(['/api/Cart/getCart']);
      expect(sdk.appState.get().CartGuid).toBeNull();
      await store.getState().add(PLATE);
      expect(store.getState().count).toBe(1);
      expect(sdk.appState.get().CartGuid).toMatch(/^[\da-f-]{36}$/);
    },
  );

  it('an add before any load is refused with the API code cart-guid-invalid, nothing changed', async () => {
    const { sdk, calls } = shopper();
    sdk.appState.set({ CartGuid: '€' });
    const error = await failure(sdk.cartStore.getState().add(PLATE));
    expect(error).toMatchObject({ code: 'http', status: 400, apiCode: 'cart-guid-invalid' });
    expect(calls).toEqual(['/api/Cart/addCartItem']);
    expect(sdk.cartStore.getState()).toMatchObject({ count: 0, pending: false, error });
  });

  it('adoptCartGuid with such a guid (the documented /cart?cartGuid= link) shows the empty cart', async () => {
    const { sdk } = shopper();
    const link = new URL('https://shop.example/cart?cartGuid=%E2%82%AC%0A');
    const cart = await sdk.cartStore.getState().adoptCartGuid(link.searchParams.get('cartGuid')!);
    expect(cart.cartGuid).toBeNull();
    expect(sdk.appState.get().CartGuid).toBeNull();
  });
});

describe('base URLs from plain JavaScript', () => {
  // Before: every call failed with a TypeError from inside buildUrl ('baseUrl.replace is not a function').
  it('a URL object is read as its text, with or without a trailing slash', async () => {
    for (const baseUrl of [new URL(api.url), new URL(`${api.url}/`)]) {
      const { sdk, calls } = shopper({ baseUrl: baseUrl as unknown as string });
      expect((await sdk.getCompany()).UniqueId).toBeGreaterThan(0);
      await sdk.cartStore.getState().add(PLATE);
      expect(sdk.cartStore.getState().count).toBe(1);
      expect(calls).toContain('/api/Cart/addCartItem');
    }
  });
});

describe('time limits from config files', () => {
  // Before: 0 (axios's "no limit") and NaN (Number of a missing setting) timed every call out at once.
  it.each([0, Number.NaN])('timeoutMs %s means the default, on the SDK and per call', async (timeoutMs) => {
    const { sdk } = shopper({ timeoutMs });
    const company = await sdk.getCompany();
    expect(company.UniqueId).toBeGreaterThan(0);
    const cart = await sdk.cart.getCart({ timeoutMs });
    expect(cart.cartGuid).toBeNull();
  });
});

describe('retries from config files', () => {
  // Before: `attempt >= NaN` is never true, so an offline GET retried until the time limit and then said `timeout`
  // (and a refused origin was never asked about).
  it('retries NaN means none: offline, a GET fails as network at once', async () => {
    const calls: string[] = [];
    const offline: typeof fetch = async (url) => {
      calls.push(new URL(String(url)).pathname);
      throw new TypeError('Failed to fetch');
    };
    const client = createClient({ baseUrl: api.url, fetch: offline, retries: Number.NaN, timeoutMs: 3000 });
    const error = await failure(client.request('GET', '/api/v1/business/get', { query: { alias: 'lp-de' } }));
    expect(error.code).toBe('network');
    // the call, then the origin check a cross-origin failure asks (it fails offline too)
    expect(calls).toEqual(['/api/v1/business/get', '/api/embed/origin']);
  });
});

describe('dealer keys', () => {
  // Before: fetch refused the Authorization header, so the call failed as `network` after two retries and an
  // origin check, which reads as "the API is down".
  it.each(['lpdk_abc€', 'lpdk_\u200babc', 'lpdk_a\u00a0b'])(
    'a key %j no header can carry is a parameter error, nothing sent',
    async (key) => {
      const calls: string[] = [];
      const dealer = createDealerService(
        createClient({
          baseUrl: api.url,
          fetch: (url, init) => {
            calls.push(String(url));
            return fetch(url, init);
          },
        }),
      );
      for (const read of [dealer.orders({ key }), dealer.statement({ key, month: '2026-11' })]) {
        const error = await failure(read);
        expect(error).toMatchObject({ code: 'invalidParameter', message: 'The parameter key is invalid.' });
      }
      expect(calls).toEqual([]);
    },
  );

  it('a well-formed but unknown key still reaches the API and is answered 401', async () => {
    const dealer = createDealerService(createClient({ baseUrl: api.url }));
    const error = await failure(dealer.orders({ key: `lpdk_${'x'.repeat(43)}` }));
    expect(error).toMatchObject({ code: 'http', status: 401, apiCode: 'unauthorized' });
  });
});

// Session 11: bodies JSON cannot carry. `onClick={sdk.cartStore.getState().add}` hands over a React event (its
// target's fiber makes a cycle); data from a BigInt-aware parser holds a BigInt. JSON.stringify's TypeError told
// nobody which argument was wrong and landed in the store's `error` as it was.
describe('bodies JSON cannot carry', () => {
  const cyclic = () => {
    const target: Record<string, unknown> = { localName: 'button' };
    target.__reactFiber = { stateNode: target };
    return { type: 'click', target, nativeEvent: { isTrusted: true } };
  };

  it.each([
    ['an event whose target holds a cycle', cyclic],
    ['a BigInt quantity', () => ({ ...PLATE, quantity: 1n })],
  ])('%s is invalidParameter "body", nothing is sent, and the store says so', async (_, body) => {
    const { sdk, calls } = shopper();
    const error = await failure(sdk.cartStore.getState().add(body() as unknown as AddCartItemBody));
    expect(error.code).toBe('invalidParameter');
    expect(error.message).toBe('The parameter body is invalid.');
    expect(sdk.cartStore.getState().error).toBe(error);
    expect(calls).toEqual([]);
    // The cart still works afterwards.
    await sdk.cartStore.getState().add(PLATE);
    expect(sdk.cartStore.getState().count).toBe(1);
  });
});
