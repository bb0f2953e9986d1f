// Session 23 (wrongtypes): options with wrong nested types, and a lone surrogate in query text, from a
// plain-JavaScript caller, against the real API on a random port. Each wrong value is refused with the LpError
// `invalidParameter` naming it, before anything is sent; the right values reach the API as before. Session 24
// (sdkleft): a `timeoutMs` of another type than a number.
import { afterAll, describe, expect, it } from 'vitest';
import { type RunningApi, startApi } from '../../api/src/index';
import { createClient } from '../src/client/createClient';
import { isLpError } from '../src/errors';
import { recordingSdk, rejection } from './support/recordingSdk';

const api: RunningApi = await startApi({ port: 0, host: '127.0.0.1', dataDir: 'memory', rateLimit: false });
afterAll(async () => api.close());

describe("getCart's options from a plain-JavaScript caller", () => {
  it.each([
    ['a number', 5],
    ['an object', {}],
    ['the AbortController instead of its signal', new AbortController()],
    ['a text', 'abort'],
  ])('refuses %s as the signal, nothing sent', async (_label, signal) => {
    const { sdk, sent } = recordingSdk(api.url, { query: true });
    // Before: a TypeError ("call.signal.addEventListener is not a function").
    const error = await rejection(sdk.cart.getCart({ signal: signal as never }));
    expect(isLpError(error) && error.code).toBe('invalidParameter');
    expect((error as Error).message).toBe('The parameter signal is invalid.');
    expect(sent).toEqual([]);
  });

  it('reads a query of null as no query: the empty default cart', async () => {
    const { sdk, sent } = recordingSdk(api.url, { query: true });
    // Before: a TypeError ("Cannot convert undefined or null to object") from the URL builder.
    const cart = await sdk.cart.getCart({ query: null } as never);
    expect(cart).toMatchObject({ cartGuid: null, items: null });
    expect(sent).toEqual(['GET /api/Cart/getCart']);
  });

  it('a real signal still ends the call, and one signal serves many calls without a listener left behind', async () => {
    const { sdk, sent } = recordingSdk(api.url, { query: true });
    const aborted = await rejection(sdk.cart.getCart({ signal: AbortSignal.abort() }));
    expect(isLpError(aborted) && aborted.code).toBe('aborted');
    expect(sent).toEqual([]);
    // Node warns about more than 10 listeners on one signal ("Possible EventTarget memory leak"): each finished
    // call takes its listener off again.
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.message);
    process.on('warning', onWarning);
    const page = new AbortController();
    for (let call = 0; call < 12; call++) await sdk.cart.getCart({ signal: page.signal });
    await new Promise((resolve) => setImmediate(resolve));
    process.off('warning', onWarning);
    expect(warnings).toEqual([]);
    expect(sent).toHaveLength(12);
    // Aborting the page's signal after the calls ended changes nothing for them.
    page.abort();
  });
});

describe('timeoutMs of another type than a number (session 24)', () => {
  it.each([
    ['an object', {}],
    ['an object without prototype', Object.create(null)],
    ['a text', '5000'],
    ['an array', [5000]],
    ['a Symbol', Symbol('5000')],
  ])('refuses %s, for the call and for the client, nothing sent', async (_label, timeoutMs) => {
    const { sdk, sent } = recordingSdk(api.url, { query: true });
    // Before: setTimeout read it as 0 (an immediate 'timeout' LpError) or threw a TypeError.
    const error = await rejection(sdk.cart.getCart({ timeoutMs: timeoutMs as never }));
    expect(isLpError(error) && error.code).toBe('invalidParameter');
    expect((error as Error).message).toBe('The parameter timeoutMs is invalid.');
    // The client's own option, read for every call.
    const client = createClient({
      baseUrl: api.url,
      timeoutMs: timeoutMs as never,
      fetch: (url, init) => {
        sent.push(String(url));
        return fetch(url, init);
      },
    });
    const fromClient = await rejection(client.request('GET', '/api/Cart/getCart'));
    expect(isLpError(fromClient) && fromClient.message).toBe('The parameter timeoutMs is invalid.');
    expect(sent).toEqual([]);
  });

  it('a number still limits the call; 0 and NaN still mean the default', async () => {
    const { sdk, sent } = recordingSdk(api.url);
    for (const timeoutMs of [5000, 0, Number.NaN])
      expect(await sdk.cart.getCart({ timeoutMs })).toMatchObject({ cartGuid: null });
    expect(sent).toHaveLength(3);
    // A fetch that answers only its abort: the call's 20 ms end it as 'timeout'.
    const hanging: typeof fetch = (_url, init) =>
      new Promise((_resolve, reject) =>
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
      );
    const client = createClient({ baseUrl: api.url, fetch: hanging });
    const error = await rejection(client.request('GET', '/api/Cart/getCart', { timeoutMs: 20 }));
    expect(isLpError(error) && error.code).toBe('timeout');
  });
});

describe('a lone surrogate in query text', () => {
  it.each([
    ['a lone high surrogate', 'b7a5d1c2-0000-4000-8000-00000000000\ud800'],
    ['a lone low surrogate', '\udc00b7a5d1c2-0000-4000-8000-000000000000'],
  ])('orders.designs refuses %s as the headerGuid, nothing sent', async (_label, headerGuid) => {
    const { sdk, sent } = recordingSdk(api.url, { query: true });
    // Before: URLSearchParams sent the half as U+FFFD (`headerGuid=...%EF%BF%BD`), another guid than the caller's.
    const error = await rejection(sdk.orders.designs('LP-2026-000123', headerGuid));
    expect(isLpError(error) && error.code).toBe('invalidParameter');
    expect((error as Error).message).toBe('The parameter headerGuid is invalid.');
    expect(sent).toEqual([]);
  });

  it('an emoji (a surrogate pair) in the query is text and is sent as it is', async () => {
    const { sdk, sent } = recordingSdk(api.url, { query: true });
    const error = await rejection(sdk.orders.designs('LP-2026-000123', 'guid-😀'));
    expect(isLpError(error) && error.code).toBe('http');
    expect(sent).toEqual([
      `GET /api/Order/LP-2026-000123/designs?headerGuid=${encodeURIComponent('guid-😀')}`,
    ]);
  });
});
