import { createMemoryStorage } from '@lp/sdk';
import { createSdkCore } from '@lp/sdk/compose';
import { describe, expect, it } from 'vitest';
import { checkoutOf } from '../checkoutOf';
import { ordersOf } from '../ordersOf';

const core = (fetch: typeof globalThis.fetch) =>
  createSdkCore({ baseUrl: 'http://shop.test', storage: createMemoryStorage(), fetch, retries: 0 });
const answer = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

describe('services made from the shop’s SDK core on first use', () => {
  it('makes each service once per SDK instance', () => {
    const fetch = (async () => answer({})) as typeof globalThis.fetch;
    const one = core(fetch);
    const other = core(fetch);
    expect(ordersOf(one)).toBe(ordersOf(one));
    expect(checkoutOf(one)).toBe(checkoutOf(one));
    expect(ordersOf(other)).not.toBe(ordersOf(one));
  });

  it('works on the core’s client and app state: a saved order is the one the shop’s pages read', async () => {
    const urls: string[] = [];
    const sdk = core((async (url: string) => {
      urls.push(String(url));
      return answer({ orderHeaderGuid: 'order-1' });
    }) as typeof globalThis.fetch);
    await ordersOf(sdk).save({
      billingPerson: { email: 'erika@example.de', phone: '+49 3012345678', name: 'Erika', lastName: 'M' },
      paymentMethod: 'paypal',
    } as Parameters<ReturnType<typeof ordersOf>['save']>[0]);
    expect(urls).toEqual(['http://shop.test/api/Order/saveOrder']);
    // WaitForConfirmationPage polls the order in the app state: the one the core's store and pages share.
    expect(sdk.appState.get().orderHeaderGuid).toBe('order-1');
  });
});
