import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApi, startApi } from '../../api/src/index';
import { addDealer } from '../../api/src/dealers/dealerRepo';
import { createMemoryStorage } from '../src/appState';
import { createClient } from '../src/client/createClient';
import type { AddCartItemBody } from '../src/contract/payloads';
import { createSdk } from '../src/createSdk';
import { type DealerService, createDealerService } from '../src/dealer';
import { type LpError, isLpError } from '../src/errors';

const DEALER_PAGE = 'https://autohaus-meyer.example';
const STRANGER = 'https://stranger.example';

let api: RunningApi;
let key: string;

beforeAll(async () => {
  api = await startApi({ port: 0, host: '127.0.0.1', dataDir: 'memory', rateLimit: false });
  key = (
    await addDealer(api.app.db, { id: 'autohaus-meyer', name: 'Autohaus Meyer', origins: [DEALER_PAGE] })
  ).key;
  await addDealer(api.app.db, { id: 'schulze-kfz', name: 'Schulze KFZ', origins: [] });
});
afterAll(async () => api?.close());

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

/**
 * A page on `origin` as a browser runs it: Node's fetch sends no Origin and ignores CORS, so this one sends the
 * page's Origin to the real API and, like a browser, fails a call whose answer does not allow that origin (the
 * browser's TypeError 'Failed to fetch'). The origin check's own answer allows every origin, so it gets through.
 */
function pageFetch(origin: string, calls: string[] = []): typeof fetch {
  return async (input, init) => {
    const url = String(input);
    calls.push(new URL(url).pathname);
    const headers = new Headers(init?.headers);
    headers.set('origin', origin);
    const response = await fetch(url, { ...init, headers });
    const allowed = response.headers.get('access-control-allow-origin');
    if (allowed !== '*' && allowed !== origin) throw new TypeError('Failed to fetch');
    return response;
  };
}

const offline: typeof fetch = async () => {
  throw new TypeError('Failed to fetch');
};

const body = (dealer?: string): AddCartItemBody => ({
  productUniqueId: 'KZH-001',
  quantity: 1,
  addData: [{ count: 1, info: { Alias: 'x', Title: 'x', Attributes: {} } }],
  ...(dealer === undefined ? {} : { dealer }),
});

describe('a refused origin is reported as such, not as offline (issue 12)', () => {
  it('rejects with origin-not-allowed naming the origin and the fix, after asking the real API', async () => {
    const calls: string[] = [];
    const client = createClient({
      baseUrl: api.url,
      fetch: pageFetch(STRANGER, calls),
      retries: 1,
      retryDelayMs: 1,
    });
    const error = await failure(client.request('GET', '/api/v1/business/get', { query: { alias: 'lp-de' } }));
    expect(error.code).toBe('origin-not-allowed');
    expect(error.message).toContain(STRANGER);
    expect(error.message).toContain(api.url);
    expect(error.message).toContain('lp-api dealer add-origin');
    expect(error.message).toContain('docs/reference/dealers.md');
    // The GET was retried as before, then the check asked once.
    expect(calls).toEqual(['/api/v1/business/get', '/api/v1/business/get', '/api/embed/origin']);
  });

  it('also for a cart add (retried like a GET, as it carries an Idempotency-Key, then the check)', async () => {
    const calls: string[] = [];
    const sdk = createSdk({
      baseUrl: api.url,
      fetch: pageFetch(STRANGER, calls),
      storage: createMemoryStorage(),
    });
    const error = await failure(sdk.cart.addItem(body()));
    expect(error.code).toBe('origin-not-allowed');
    expect(calls).toEqual([
      '/api/Cart/addCartItem',
      '/api/Cart/addCartItem',
      '/api/Cart/addCartItem',
      '/api/embed/origin',
    ]);
  });

  it('a registered dealer page works through the same client', async () => {
    const sdk = createSdk({
      baseUrl: api.url,
      fetch: pageFetch(DEALER_PAGE),
      storage: createMemoryStorage(),
    });
    const cart = await sdk.cart.addItem(body());
    expect(cart.items).toHaveLength(1);
  });

  it('stays a network error when the check cannot be reached either (offline)', async () => {
    const client = createClient({ baseUrl: api.url, fetch: offline, retries: 0 });
    expect((await failure(client.request('GET', '/api/v1/business/get'))).code).toBe('network');
  });

  it('stays a network error when the API allows the origin (the failure was something else)', async () => {
    let first = true;
    const flaky: typeof fetch = async (input, init) => {
      if (first) {
        first = false;
        throw new TypeError('Failed to fetch');
      }
      return pageFetch(DEALER_PAGE)(input, init);
    };
    const client = createClient({ baseUrl: api.url, fetch: flaky, retries: 0 });
    expect((await failure(client.request('POST', '/api/Cart/addCartItem', { body: body() }))).code).toBe(
      'network',
    );
  });

  it('stays a network error when the check answers nonsense (an older API, a proxy page)', async () => {
    for (const answer of [
      new Response('<html>502</html>', { status: 502 }),
      Response.json({ status: 404, code: 'route-not-found', message: 'x' }, { status: 404 }),
      Response.json(null),
    ]) {
      const fetcher: typeof fetch = async (input) => {
        if (String(input).endsWith('/api/embed/origin')) return answer;
        throw new TypeError('Failed to fetch');
      };
      const client = createClient({ baseUrl: 'https://api.example', fetch: fetcher, retries: 0 });
      expect((await failure(client.request('GET', '/api/v1/business/get'))).code).toBe('network');
    }
  });

  it('never asks for same-origin (relative) calls, where CORS plays no part', async () => {
    const calls: string[] = [];
    const fetcher: typeof fetch = async (input) => {
      calls.push(String(input));
      throw new TypeError('Failed to fetch');
    };
    const client = createClient({ fetch: fetcher, retries: 0 });
    expect((await failure(client.request('GET', '/api/v1/business/get'))).code).toBe('network');
    expect(calls).toEqual(['/api/v1/business/get']);
  });

  it('the caller aborting during the check ends the call at once as aborted', async () => {
    const controller = new AbortController();
    const fetcher: typeof fetch = async (input, init) => {
      if (String(input).endsWith('/api/embed/origin')) {
        // The check hangs (a black-holed network) until the caller gives up.
        setTimeout(() => controller.abort(), 10);
        return new Promise((_, reject) =>
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        );
      }
      throw new TypeError('Failed to fetch');
    };
    const client = createClient({ baseUrl: 'https://api.example', fetch: fetcher, retries: 0 });
    const error = await failure(
      client.request('POST', '/api/Cart/addCartItem', { body: {}, signal: controller.signal }),
    );
    expect(error.code).toBe('aborted');
  });

  it("a check that outlasts the call's time limit ends as a timeout", async () => {
    const fetcher: typeof fetch = async (input, init) => {
      if (String(input).endsWith('/api/embed/origin')) {
        return new Promise((_, reject) =>
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        );
      }
      throw new TypeError('Failed to fetch');
    };
    const client = createClient({
      baseUrl: 'https://api.example',
      fetch: fetcher,
      retries: 0,
      timeoutMs: 50,
    });
    expect((await failure(client.request('GET', '/api/v1/business/get'))).code).toBe('timeout');
  });
});

describe('createSdk({ dealer }) credits adds to the dealer', () => {
  it('sends the dealer on every add; the cart keeps the first dealer', async () => {
    const sdk = createSdk({ baseUrl: api.url, dealer: 'autohaus-meyer', storage: createMemoryStorage() });
    await sdk.cartStore.getState().add(body());
    const guid = sdk.appState.get().CartGuid!;
    await sdk.cart.addItem(body('schulze-kfz'));
    const [row] = await api.app.db.query<{ dealer_id: string }>(
      'SELECT dealer_id FROM carts WHERE guid = $1',
      [guid],
    );
    expect(row?.dealer_id).toBe('autohaus-meyer');
  });

  it('an unknown dealer rejects the add with apiCode unknown-dealer and adds nothing', async () => {
    const sdk = createSdk({ baseUrl: api.url, dealer: 'niemand', storage: createMemoryStorage() });
    const error = await failure(sdk.cart.addItem(body()));
    expect({ status: error.status, apiCode: error.apiCode }).toEqual({
      status: 400,
      apiCode: 'unknown-dealer',
    });
    expect(error.detail).toContain("'niemand'");
    expect(sdk.appState.get().CartGuid ?? null).toBeNull();
  });

  it('keeps the spec 5 checks of a missing body', async () => {
    const sdk = createSdk({ baseUrl: api.url, dealer: 'autohaus-meyer', storage: createMemoryStorage() });
    for (const bad of [null, undefined, 'x', ['a']]) {
      const error = await failure(sdk.cart.addItem(bad as unknown as AddCartItemBody));
      expect(error.code).toBe('invalidParameter');
    }
  });
});

/** The call rejects with `invalidParameter` and sends nothing. */
async function expectRefusedBeforeRequest(read: (dealer: DealerService) => Promise<unknown>) {
  let called = false;
  const client = createClient({
    baseUrl: api.url,
    fetch: async () => {
      called = true;
      return Response.json({});
    },
  });
  const error = await failure(read(createDealerService(client)));
  expect(error.code).toBe('invalidParameter');
  expect(called).toBe(false);
}

describe('@lp/sdk/dealer: createDealerService(client).orders', () => {
  it('lists the attributed orders with the key, typed; another dealer sees none of them', async () => {
    const sdk = createSdk({ baseUrl: api.url, dealer: 'autohaus-meyer', storage: createMemoryStorage() });
    await sdk.cartStore.getState().add(body());
    const { orderHeaderGuid } = await sdk.client.request<{ orderHeaderGuid: string }>(
      'POST',
      '/api/Order/saveOrder',
      {
        body: {
          billingPerson: {
            email: 'erika@example.de',
            phone: '+49 1701234567',
            name: 'Erika',
            lastName: 'Musterfrau',
          },
          shippingAddress: {
            name: 'Erika',
            lastName: 'Musterfrau',
            street: 'Hauptstraße',
            houseNumber: '1',
            zipCode: '10115',
            city: 'Berlin',
            country: 'DE',
          },
          paymentMethod: 'paypal',
        },
      },
    );
    expect(orderHeaderGuid).toBeTruthy();
    const dealer = createDealerService(createClient({ baseUrl: api.url }));
    const page = await dealer.orders({ key, limit: 5 });
    expect(page).toMatchObject({ limit: 5, offset: 0 });
    expect(page.totalCount).toBeGreaterThanOrEqual(1);
    expect(page.items[0]).toEqual({
      orderNumber: expect.stringMatching(/^LP-/),
      createdAt: expect.any(String),
      totalAmount: expect.any(Number),
      status: 'saved',
      // Session 18: when the shop shipped it (null until `lp-api orders ship`); no tracking number.
      shippedAt: null,
    });
    const other = (await addDealer(api.app.db, { id: 'dritter', name: 'Dritter', origins: [] })).key;
    expect(await dealer.orders({ key: other })).toEqual({ items: [], limit: 20, offset: 0, totalCount: 0 });
  });

  it('a wrong key rejects with status 401 and apiCode unauthorized', async () => {
    const dealer = createDealerService(createClient({ baseUrl: api.url }));
    const error = await failure(dealer.orders({ key: `lpdk_${'Z'.repeat(43)}` }));
    expect({ status: error.status, apiCode: error.apiCode }).toEqual({
      status: 401,
      apiCode: 'unauthorized',
    });
  });

  it.each([
    ['no options', undefined],
    ['null', null],
    ['a missing key', {}],
    ['an empty key', { key: '  ' }],
    ['a key of the wrong type', { key: { toString: (): string => 'x' } }],
    ['a fractional limit', { key: 'k', limit: 1.5 }],
    ['a limit of 0', { key: 'k', limit: 0 }],
    ['a limit of 101', { key: 'k', limit: 101 }],
    ['a text limit', { key: 'k', limit: '5' }],
    ['a negative offset', { key: 'k', offset: -1 }],
    ['a huge offset', { key: 'k', offset: 1e12 }],
  ])('refuses %s before any request', (_name, options) =>
    expectRefusedBeforeRequest((dealer) => dealer.orders(options as never)),
  );
});

describe('@lp/sdk/dealer: createDealerService(client).statement (session 19)', () => {
  it("reads the key's dealer's statement of a month, typed, in euro", async () => {
    const dealer = createDealerService(createClient({ baseUrl: api.url }));
    const statement = await dealer.statement({ key, month: '2026-01' });
    expect(statement).toEqual({
      month: '2026-01',
      closed: true,
      orders: [],
      refunds: [],
      totals: { orders: 0, refunds: 0, goodsGross: 0, goodsNet: 0, total: 0 },
    });
    const net: number = statement.totals.goodsNet;
    expect(net).toBe(0);
  });

  it('a wrong key rejects with status 401 and apiCode unauthorized', async () => {
    const dealer = createDealerService(createClient({ baseUrl: api.url }));
    const error = await failure(dealer.statement({ key: `lpdk_${'Z'.repeat(43)}`, month: '2026-11' }));
    expect({ status: error.status, apiCode: error.apiCode }).toEqual({
      status: 401,
      apiCode: 'unauthorized',
    });
  });

  it.each([
    ['no options', undefined],
    ['null', null],
    ['a missing key', { month: '2026-11' }],
    ['a missing month', { key: 'k' }],
    ['a month of the wrong type', { key: 'k', month: 202611 }],
    ['month 13', { key: 'k', month: '2026-13' }],
    ['a day', { key: 'k', month: '2026-11-01' }],
    ['a short year', { key: 'k', month: '26-11' }],
    ['full-width digits', { key: 'k', month: '２０２６-11' }],
  ])('refuses %s before any request', (_name, options) =>
    expectRefusedBeforeRequest((dealer) => dealer.statement(options as never)),
  );
});
