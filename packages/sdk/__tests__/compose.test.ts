// `@lp/sdk/compose`: an app that builds the core for its first views and makes the other services on first use gets
// what createSdk() gives: the same calls, the same cart and order state, the dealer on every add.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// A relative import instead of a workspace dependency: @lp/api depends on @lp/sdk (see checkout.test.ts).
import { type RunningApi, startApi } from '../../api/src/index';
import { createMemoryStorage } from '../src/appState';
import {
  type SdkCore,
  createCartImageUpload,
  createCheckoutService,
  createContentService,
  createCouponService,
  createOrderService,
  createSdkCore,
} from '../src/compose';
import { createSdk } from '../src/createSdk';
import { fakeFetch, json } from './support/fakeFetch';
import { addBody } from './support/fakeShop';
import { SHIPPING } from './support/shopper';

let api: RunningApi;
beforeAll(async () => {
  api = await startApi({ port: 0, host: '127.0.0.1', dataDir: 'memory', rateLimit: false });
});
afterAll(() => api?.close());

/** A Funschild line (14,90 € each). */
const funschild = (quantity = 1) => addBody('FKZ-001', quantity, 'LP SHOP');

/** The later services, made from a core the way an app's lazily loaded chunk makes them. */
function laterServices(core: SdkCore) {
  const orders = createOrderService(core.client, core.appState);
  return {
    orders,
    checkout: createCheckoutService({ cart: core.cart, orders, appState: core.appState }),
  };
}

/** A browser's calls (method and path) against the real API. */
function recording() {
  const calls: string[] = [];
  const fetchAndRecord: typeof fetch = (url, init) => {
    calls.push(`${init?.method ?? 'GET'} ${new URL(String(url)).pathname}`);
    return fetch(url, init);
  };
  return { calls, fetch: fetchAndRecord };
}

describe('createSdkCore: the first views’ part of createSdk', () => {
  it('has the client, app state, company, cart, catalogue, shipping, cart store and tracker, and no later service', () => {
    const core = createSdkCore({ storage: null });
    expect(Object.keys(core).sort()).toEqual(
      [
        'appState',
        'cart',
        'cartStore',
        'catalogue',
        'client',
        'companyAlias',
        'getCompany',
        'shipping',
        'tracker',
      ].sort(),
    );
    expect(core.cart).not.toHaveProperty('addItemImage');
    const sdk = createSdk({ storage: null });
    expect(Object.keys(sdk).sort()).toEqual(
      [...Object.keys(core), 'checkout', 'content', 'coupons', 'orders'].sort(),
    );
  });

  it('places an order with checkout made on first use: the calls and the stored order of createSdk', async () => {
    const placed = [];
    for (const build of ['createSdk', 'core'] as const) {
      const { calls, fetch } = recording();
      const storage = createMemoryStorage();
      const options = { baseUrl: api.url, storage, retries: 0, fetch };
      const app = build === 'createSdk' ? createSdk(options) : createSdkCore(options);
      await app.cartStore.getState().add(funschild(2));
      calls.length = 0;
      // The checkout page's chunk: the services are made now, from the core's parts.
      const { checkout, orders } =
        build === 'createSdk' ? (app as ReturnType<typeof createSdk>) : laterServices(app);
      const outcome = await checkout.placeOrder({
        email: 'erika@example.de',
        phone: '+49 3012345678',
        shipping: SHIPPING,
        paymentMethod: 'paypal',
        returnUrl: `${api.url}/wait-for-confirmation`,
        cancelUrl: `${api.url}/cancel-order`,
      });
      if (outcome.kind !== 'redirect') throw new Error(`expected a redirect, got ${outcome.kind}`);
      // The order is this browser's: its guid is in the app state the cart store also reads (spec 4).
      expect(app.appState.get().orderHeaderGuid).toBe(outcome.headerGuid);
      expect(JSON.parse(storage.getItem('AppState') ?? '{}').orderHeaderGuid).toBe(outcome.headerGuid);
      const order = await orders.get(outcome.headerGuid);
      placed.push({
        calls,
        goods: order.cartAmount,
        total: order.totalAmount,
        lines: order.orderItems.length,
      });
    }
    expect(placed[1]).toEqual(placed[0]);
    expect(placed[0]).toMatchObject({ goods: 29.8, lines: 1 });
  });
});

describe('services made from a core send what createSdk’s send', () => {
  /** One fake browser per build: the same stored cart guid, a dealer page. */
  function both() {
    return (['createSdk', 'core'] as const).map((build) => {
      const { fetch, calls } = fakeFetch((call) =>
        call.url.includes('addCartItemImage') ? json({ url: '/uploads/a.png' }) : json({ id: 1, items: [] }),
      );
      const storage = createMemoryStorage();
      storage.setItem('AppState', JSON.stringify({ CartGuid: 'guid-1', orderHeaderGuid: null }));
      const options = { baseUrl: 'http://api.test', fetch, storage, retries: 0, dealer: 'autohaus-meyer' };
      if (build === 'createSdk') {
        const sdk = createSdk(options);
        return { calls, ...sdk, addItemImage: sdk.cart.addItemImage };
      }
      const core = createSdkCore(options);
      return {
        calls,
        ...core,
        addItemImage: createCartImageUpload(core.client),
        coupons: createCouponService(core.client),
        content: createContentService(core.client),
      };
    });
  }

  it('image upload, coupons, content and the dealer’s cart add: same URLs, headers and bodies', async () => {
    const seen = [];
    for (const app of both()) {
      await app.addItemImage(new Blob([new Uint8Array([1, 2, 3])], { type: 'image/png' }), 1001);
      await app.coupons.validate('SOMMER10', 1001);
      await app.content.page('impressum', 1001);
      await app.cart.addItem(funschild());
      seen.push(
        app.calls.map((call) => ({
          url: call.url,
          method: call.method,
          cartGuid: call.headers.CartGuid,
          body: call.body instanceof FormData ? [...call.body.keys()] : call.body,
        })),
      );
    }
    expect(seen[1]).toEqual(seen[0]);
    expect(seen[0]?.[0]).toMatchObject({ cartGuid: 'guid-1', body: ['CompanyId', 'Image'] });
    expect(JSON.parse(String(seen[0]?.[3]?.body))).toMatchObject({ dealer: 'autohaus-meyer' });
  });
});
