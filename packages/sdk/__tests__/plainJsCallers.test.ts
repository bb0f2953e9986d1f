// Session 22 (sdkbytes): the four answers of the main entry the public sweep found (publicSweep.test.ts) that were
// not an LpError with a code, against the real API on a random port. Each wrong value is now refused with an
// `invalidParameter` LpError before anything is sent; the right values still reach the API.
import { afterAll, describe, expect, it } from 'vitest';
import { type RunningApi, startApi } from '../../api/src/index';
import { isLpError } from '../src/errors';
import { recordingSdk, rejection } from './support/recordingSdk';

const api: RunningApi = await startApi({ port: 0, host: '127.0.0.1', dataDir: 'memory', rateLimit: false });
afterAll(async () => api.close());

describe('values a plain-JavaScript caller may pass', () => {
  it('getCart(null) means no options: the empty default cart, as getCart()', async () => {
    const { sdk, sent } = recordingSdk(api.url);
    // Before: a TypeError ("Cannot read properties of null (reading 'query')") from the client.
    const cart = await sdk.cart.getCart(null as never);
    expect(cart).toMatchObject({ cartGuid: null, items: null });
    expect(sent).toEqual(['GET /api/Cart/getCart']);
    // The client itself, which every service uses, reads null options as none.
    const company = await sdk.client.request<{ UniqueId: number }>(
      'GET',
      '/api/v1/business/get?alias=lp-de',
      null as never,
    );
    expect(company.UniqueId).toBeGreaterThan(0);
  });

  it.each([
    ['a lone high surrogate', 'LP-2026\ud800'],
    ['a lone low surrogate', '\udc00LP-2026'],
  ])('coupons.remove and orders.designs refuse %s in the path, nothing sent', async (_label, text) => {
    const { sdk, sent } = recordingSdk(api.url);
    // Before: encodeURIComponent's URIError ("URI malformed").
    const removed = await rejection(sdk.coupons.remove(text));
    expect(isLpError(removed) && removed.code).toBe('invalidParameter');
    expect((removed as Error).message).toBe('The parameter headerGuid is invalid.');
    const designs = await rejection(sdk.orders.designs(text, 'b7a5d1c2-0000-4000-8000-000000000000'));
    expect(isLpError(designs) && designs.code).toBe('invalidParameter');
    expect((designs as Error).message).toBe('The parameter orderNumber is invalid.');
    expect(sent).toEqual([]);
  });

  it.each([
    ['an object', { a: 1 }],
    ['an array', ['x']],
    ['a function', () => 'x'],
  ])('orders.designs refuses %s as the optional headerGuid, nothing sent', async (_label, value) => {
    const { sdk, sent } = recordingSdk(api.url);
    // Before: sent as `?headerGuid=[object Object]` (or the array's or the function's text).
    const error = await rejection(sdk.orders.designs('LP-2026-000123', value as never));
    expect(isLpError(error) && error.code).toBe('invalidParameter');
    expect((error as Error).message).toBe('The parameter headerGuid is invalid.');
    expect(sent).toEqual([]);
  });

  it('an emoji (a surrogate pair) in the path is text and is sent; the API answers that no such order exists', async () => {
    const { sdk, sent } = recordingSdk(api.url);
    const error = await rejection(sdk.orders.designs('LP-😀', 'b7a5d1c2-0000-4000-8000-000000000000'));
    expect(isLpError(error) && error.code).toBe('http');
    expect(sent).toEqual([`GET /api/Order/${encodeURIComponent('LP-😀')}/designs`]);
  });

  it.each([
    ['an object without prototype', Object.create(null)],
    ['a Symbol', Symbol('x')],
  ])('catalogue.discounts rejects %s (not a synchronous TypeError), nothing sent', async (_label, value) => {
    const { sdk, sent } = recordingSdk(api.url);
    // Before: the cache key's template string threw a TypeError before any check.
    let call: Promise<unknown> | undefined;
    expect(() => {
      call = sdk.catalogue.discounts(value, 1001);
    }).not.toThrow();
    const error = await rejection(call!);
    expect(isLpError(error) && error.code).toBe('invalidParameter');
    expect((error as Error).message).toBe('The parameter productKey is invalid.');
    const company = await rejection(sdk.catalogue.discounts('FKZ-001', value));
    expect((company as Error).message).toBe('The parameter companyId is invalid.');
    expect(sent).toEqual([]);
  });

  it('catalogue.discounts caches by the checked values: " FKZ-001 " and "1001" ask once with "FKZ-001" and 1001', async () => {
    const { sdk, sent } = recordingSdk(api.url);
    const first = await sdk.catalogue.discounts(' FKZ-001 ', '1001' as never);
    const again = await sdk.catalogue.discounts('FKZ-001', 1001);
    expect(again).toEqual(first);
    expect(sent).toEqual(['GET /api/v1/business/get-discounts']);
  });
});
