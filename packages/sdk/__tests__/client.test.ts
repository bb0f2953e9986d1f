import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppState, createMemoryStorage } from '../src/appState';
import { createClient } from '../src/client/createClient';
import { transferStateKey } from '../src/client/transferState';
import { LpError, isLpError } from '../src/errors';
import { fakeFetch, hang, json, tornResponse } from './support/fakeFetch';

const BASE = 'http://127.0.0.1:4000';

function withGuid(guid: string | null) {
  const appState = createAppState(createMemoryStorage());
  appState.set({ CartGuid: guid });
  return appState;
}

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

describe('CartGuid header (spec 7)', () => {
  const cases: [string, boolean][] = [
    ['/api/Cart/getCart', true],
    ['/API/CART/addCartItem', true],
    ['/api/cart/removeCartItem', true],
    ['/api/Order/saveOrder', true],
    ['/api/ORDER/SAVEORDER', true],
    ['/api/order/saveorder?x=1', true],
    ['/api/Order/confirmOrder', false],
    ['/api/Order/getOrder', false],
    ['/api/Cartoon/x', false],
    ['/api/v1/business/get', false],
    ['/api/fellowtimeshipping/api/Shipping/getShippingRates', false],
  ];
  it.each(cases)('%s carries the header: %s', async (path, expected) => {
    const { fetch, calls } = fakeFetch();
    const client = createClient({ baseUrl: BASE, fetch, appState: withGuid('guid-1') });
    await client.request('POST', path, { body: {} });
    expect('CartGuid' in calls[0]!.headers).toBe(expected);
    if (expected) expect(calls[0]!.headers.CartGuid).toBe('guid-1');
  });

  it('sends an empty CartGuid when no guid is stored', async () => {
    const { fetch, calls } = fakeFetch();
    await createClient({ baseUrl: BASE, fetch, appState: withGuid(null) }).request(
      'GET',
      '/api/Cart/getCart',
    );
    expect(calls[0]!.headers.CartGuid).toBe('');
  });

  it('reads the guid at call time, so a guid stored later is sent', async () => {
    const { fetch, calls } = fakeFetch();
    const appState = withGuid(null);
    const client = createClient({ baseUrl: BASE, fetch, appState });
    appState.set({ CartGuid: 'later' });
    await client.request('GET', '/api/Cart/getCart');
    expect(calls[0]!.headers.CartGuid).toBe('later');
  });
});

describe('anti-forgery header and credentials', () => {
  const document = { cookie: 'a=1; XSRF-TOKEN=tok%3D123; b=2' };

  it('relative non-GET requests copy the XSRF-TOKEN cookie', async () => {
    const { fetch, calls } = fakeFetch();
    const client = createClient({ fetch, document });
    for (const method of ['POST', 'DELETE', 'PUT', 'PATCH'] as const)
      await client.request(method, '/api/Order/coupon');
    expect(calls.map((c) => c.headers['X-XSRF-TOKEN'])).toEqual(['tok=123', 'tok=123', 'tok=123', 'tok=123']);
    expect(calls.every((c) => c.credentials === 'same-origin')).toBe(true);
  });

  it('GET and HEAD never carry it', async () => {
    const { fetch, calls } = fakeFetch();
    const client = createClient({ fetch, document });
    await client.request('GET', '/api/Cart/getCart');
    await client.request('HEAD', '/api/Cart/getCart');
    expect(calls.some((c) => 'X-XSRF-TOKEN' in c.headers)).toBe(false);
  });

  it('cross-origin requests carry no token and no credentials', async () => {
    const { fetch, calls } = fakeFetch();
    await createClient({ baseUrl: BASE, fetch, document }).request('POST', '/api/Cart/addCartItem', {
      body: {},
    });
    expect(calls[0]!.headers['X-XSRF-TOKEN']).toBeUndefined();
    expect(calls[0]!.credentials).toBe('omit');
  });

  it('works without a document (Node, SSR) and without the cookie', async () => {
    const { fetch, calls } = fakeFetch();
    await createClient({ fetch }).request('POST', '/x');
    await createClient({ fetch, document: { cookie: 'other=1' } }).request('POST', '/x');
    await createClient({ fetch, document: {} }).request('POST', '/x');
    expect(calls.some((c) => 'X-XSRF-TOKEN' in c.headers)).toBe(false);
  });
});

describe('bodies and URLs', () => {
  it('sends JSON with a content type and FormData without one', async () => {
    const { fetch, calls } = fakeFetch();
    const client = createClient({ baseUrl: `${BASE}/`, fetch });
    await client.request('POST', '/a', { body: { x: 'ä' } });
    const form = new FormData();
    form.append('k', 'v');
    await client.request('POST', '/b', { formData: form });
    await client.request('POST', '/c');
    expect(calls[0]!.url).toBe(`${BASE}/a`);
    expect(calls[0]!.headers['Content-Type']).toBe('application/json');
    expect(calls[0]!.body).toBe('{"x":"ä"}');
    expect(calls[1]!.body).toBe(form);
    expect(calls[1]!.headers['Content-Type']).toBeUndefined();
    expect(calls[2]!.body).toBeUndefined();
  });

  it('encodes queries, repeats arrays and leaves out null and undefined', async () => {
    const { fetch, calls } = fakeFetch();
    await createClient({ baseUrl: BASE, fetch }).request('GET', '/q', {
      query: { code: 'A B&C=ü', Statuses: ['paid', 'saved'], none: null, missing: undefined, n: 0 },
    });
    expect(calls[0]!.url).toBe(`${BASE}/q?code=A+B%26C%3D%C3%BC&Statuses=paid&Statuses=saved&n=0`);
  });

  it('answers undefined for 204 and for an empty 200', async () => {
    const { fetch } = fakeFetch(() => new Response(null, { status: 204 }));
    await expect(createClient({ fetch }).request('DELETE', '/x')).resolves.toBeUndefined();
  });
});

describe('errors (spec 8)', () => {
  it.each([
    [400, 'Bad Request'],
    [404, 'Not Found'],
    [409, 'Conflict'],
    [500, 'Internal Server Error'],
    [503, undefined],
    [202, undefined],
  ])('status %i is an http error with reason %s', async (status, reason) => {
    const body = { status, message: 'Gutschein unbekannt' };
    const { fetch } = fakeFetch(() => json(body, status, { 'x-request-id': 'r1' }));
    const error = await failure(createClient({ fetch }).request('GET', '/api/Coupon/validate'));
    expect(error).toBeInstanceOf(LpError);
    expect(error).toMatchObject({ name: 'LpError', code: 'http', status, body, reason });
    expect(error.message).toBe('An unexpected server error occurred.');
    expect(error.headers?.['x-request-id']).toBe('r1');
  });

  it("exposes the API's machine code and English message of a contract error body", async () => {
    const body = {
      status: 400,
      code: 'coupon-minimum-not-reached',
      message: 'The coupon needs a minimum order of 20.00 EUR.',
      errors: [{ field: 'code', message: 'minimum order not reached' }],
    };
    const { fetch } = fakeFetch(() => json(body, 400));
    const error = await failure(createClient({ fetch }).request('POST', '/api/Order/coupon', { body: {} }));
    expect(error).toMatchObject({
      code: 'http',
      status: 400,
      reason: 'Bad Request',
      apiCode: 'coupon-minimum-not-reached',
      detail: 'The coupon needs a minimum order of 20.00 EUR.',
      body,
    });
    // spec 8: the message stays the catalogue's text, whatever the server said.
    expect(error.message).toBe('An unexpected server error occurred.');
  });

  it('leaves apiCode and detail undefined for a body that is not the contract shape', async () => {
    for (const answer of [
      new Response('<h1>Bad Gateway</h1>', { status: 502 }),
      json({ error: 'Bad Request', statusCode: 400 }, 400),
    ]) {
      const { fetch } = fakeFetch(() => answer);
      const error = await failure(createClient({ fetch }).request('GET', '/x'));
      expect(error.apiCode).toBeUndefined();
      expect(error.detail).toBeUndefined();
    }
  });

  it('keeps a non-JSON error body as text', async () => {
    const { fetch } = fakeFetch(() => new Response('<h1>Bad Gateway</h1>', { status: 502 }));
    const error = await failure(createClient({ fetch }).request('GET', '/x'));
    expect(error.body).toBe('<h1>Bad Gateway</h1>');
  });

  it('a success with a body that is not JSON is invalidResponse', async () => {
    const { fetch } = fakeFetch(() => new Response('<html>', { status: 200 }));
    const error = await failure(createClient({ fetch }).request('GET', '/x'));
    expect(error).toMatchObject({ code: 'invalidResponse', status: 200, body: '<html>' });
  });

  it('does not retry HTTP errors', async () => {
    const { fetch, calls } = fakeFetch(() => json({}, 500));
    await failure(createClient({ fetch, retryDelayMs: 1 }).request('GET', '/x'));
    expect(calls).toHaveLength(1);
  });
});

describe('network failures, retries and backoff', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('retries a GET twice with 200 ms and 400 ms backoff, then succeeds', async () => {
    let n = 0;
    const { fetch, calls } = fakeFetch(() => {
      n++;
      if (n < 3) throw new TypeError('fetch failed');
      return json({ ok: true });
    });
    const promise = createClient({ fetch }).request('GET', '/x');
    await vi.advanceTimersByTimeAsync(199);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(399);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    await expect(promise).resolves.toEqual({ ok: true });
    expect(calls).toHaveLength(3);
  });

  it('gives up after the retries with a network error', async () => {
    const { fetch, calls } = fakeFetch(() => {
      throw new TypeError('fetch failed');
    });
    const promise = failure(createClient({ fetch, retries: 3, retryDelayMs: 10 }).request('GET', '/x'));
    await vi.advanceTimersByTimeAsync(10 + 20 + 40);
    const error = await promise;
    expect(error.code).toBe('network');
    expect(error.cause).toBeInstanceOf(TypeError);
    expect(calls).toHaveLength(4);
  });

  it('a torn response body counts as a network error and is retried for GET', async () => {
    let n = 0;
    const { fetch, calls } = fakeFetch(() => (n++ === 0 ? tornResponse() : json({ id: 7 })));
    const promise = createClient({ fetch }).request('GET', '/x');
    await vi.advanceTimersByTimeAsync(200);
    await expect(promise).resolves.toEqual({ id: 7 });
    expect(calls).toHaveLength(2);
  });

  it('retries a call with an Idempotency-Key like a GET, with the same key and backoff', async () => {
    let n = 0;
    const { fetch, calls } = fakeFetch(() => {
      if (n++ < 2) throw new TypeError('socket hang up');
      return json({ id: 1 });
    });
    const promise = createClient({ fetch }).request('POST', '/api/Cart/addCartItem', {
      body: {},
      headers: { 'Idempotency-Key': 'k-1' },
    });
    await vi.advanceTimersByTimeAsync(199);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1 + 400);
    await expect(promise).resolves.toEqual({ id: 1 });
    expect(calls.map((call) => [call.method, call.headers['Idempotency-Key'], call.body])).toEqual([
      ['POST', 'k-1', '{}'],
      ['POST', 'k-1', '{}'],
      ['POST', 'k-1', '{}'],
    ]);
  });

  it('never retries POST (not idempotent)', async () => {
    const { fetch, calls } = fakeFetch(() => {
      throw new TypeError('socket hang up');
    });
    const error = await failure(
      createClient({ fetch }).request('POST', '/api/Cart/addCartItem', { body: {} }),
    );
    expect(error.code).toBe('network');
    expect(calls).toHaveLength(1);
  });

  it('times out after 15 s by default', async () => {
    const { fetch } = fakeFetch(hang);
    const promise = failure(createClient({ fetch }).request('GET', '/x'));
    await vi.advanceTimersByTimeAsync(14_999);
    let settled = false;
    void promise.then(() => {
      settled = true;
    });
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect((await promise).code).toBe('timeout');
  });

  it('honours a per-call timeout that also covers the backoff', async () => {
    const { fetch, calls } = fakeFetch(() => {
      throw new TypeError('down');
    });
    const promise = failure(
      createClient({ fetch, timeoutMs: 60_000 }).request('GET', '/x', { timeoutMs: 100 }),
    );
    await vi.advanceTimersByTimeAsync(100);
    expect((await promise).code).toBe('timeout');
    expect(calls).toHaveLength(1);
  });

  it('an aborted signal cancels the call with code aborted', async () => {
    const { fetch } = fakeFetch(hang);
    const controller = new AbortController();
    const promise = failure(createClient({ fetch }).request('GET', '/x', { signal: controller.signal }));
    controller.abort();
    expect((await promise).code).toBe('aborted');
  });

  it('an already aborted signal never reaches the network', async () => {
    const { fetch, calls } = fakeFetch();
    const error = await failure(
      createClient({ fetch }).request('GET', '/x', { signal: AbortSignal.abort() }),
    );
    expect(error.code).toBe('aborted');
    expect(calls).toHaveLength(0);
  });
});

describe('transfer state (spec 7)', () => {
  it('answers a transferred GET with its stored body without fetching, once', async () => {
    const { fetch, calls } = fakeFetch(() => json({ from: 'network' }));
    const url = `${BASE}/api/v1/business/get?alias=lp-de`;
    const transferState = { [transferStateKey('GET', url)]: { from: 'transfer' } };
    const client = createClient({ baseUrl: BASE, fetch, transferState });
    const query = { alias: 'lp-de' };
    await expect(client.request('GET', '/api/v1/business/get', { query })).resolves.toEqual({
      from: 'transfer',
    });
    expect(calls).toHaveLength(0);
    await expect(client.request('GET', '/api/v1/business/get', { query })).resolves.toEqual({
      from: 'network',
    });
  });

  it('matches method and full URL, ignores other methods', async () => {
    const { fetch, calls } = fakeFetch(() => json('network'));
    const transferState = { [`GET ${BASE}/a`]: 'stored' };
    const client = createClient({ baseUrl: BASE, fetch, transferState });
    expect(await client.request('POST', '/a')).toBe('network');
    expect(await client.request('GET', '/a?x=1')).toBe('network');
    expect(await client.request('GET', '/a')).toBe('stored');
    expect(calls).toHaveLength(2);
  });
});

describe('isLpError', () => {
  it('recognises errors of another bundled copy by the Symbol.for brand', () => {
    const foreign = Object.assign(new Error('x'), { [Symbol.for('lp.sdk.error')]: true, code: 'http' });
    expect(isLpError(foreign)).toBe(true);
    expect(isLpError(new Error('x'))).toBe(false);
    expect(isLpError(null)).toBe(false);
    expect(isLpError('LpError')).toBe(false);
    expect(isLpError({ name: 'LpError' })).toBe(false);
  });
});
