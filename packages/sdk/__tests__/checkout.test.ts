// sdk.checkout against the real API on a random port: every outcome of the order workflow (spec 4), and input
// the SDK refuses before sending anything.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// A relative import instead of a workspace dependency: @lp/api depends on @lp/sdk, and a devDependency back would
// make the workspace graph cyclic.
import { type RunningApi, startApi } from '../../api/src/index';
import { type AppState, createMemoryStorage } from '../src/appState';
import { type Sdk, createSdk } from '../src/createSdk';
import { isLpError } from '../src/errors';
import type { CheckoutAddress, CheckoutInput } from '../src/services/checkoutService';
import { SHIPPING, funschild } from './support/shopper';

let api: RunningApi;
beforeAll(async () => {
  api = await startApi({ port: 0, host: '127.0.0.1', dataDir: 'memory', rateLimit: false });
});
afterAll(() => api?.close());

const input = (patch: Partial<CheckoutInput> = {}): CheckoutInput => ({
  email: 'erika@example.de',
  phone: '+49 3012345678',
  shipping: SHIPPING,
  paymentMethod: 'paypal',
  returnUrl: `${api.url}/wait-for-confirmation`,
  cancelUrl: `${api.url}/cancel-order`,
  ...patch,
});

/** A shopper with an own browser storage and `quantity` Funschilder (14,90 € each) in the cart. */
async function shopper(quantity = 1, storage = createMemoryStorage()) {
  const calls: string[] = [];
  const sdk = createSdk({
    baseUrl: api.url,
    storage,
    retries: 0,
    fetch: (url, init) => {
      calls.push(`${init?.method ?? 'GET'} ${new URL(String(url)).pathname}`);
      return fetch(url, init);
    },
  });
  if (quantity > 0) await sdk.cartStore.getState().add(funschild(quantity));
  calls.length = 0;
  return { sdk, calls, storage };
}

/** The calls after the cart was filled, paths only. */
const paths = (calls: string[]) => calls.map((call) => call.replace(/^\w+ \/api\/\w+\//, ''));

const order = (sdk: Sdk, headerGuid: string) => sdk.orders.get(headerGuid);

describe('sdk.checkout.placeOrder: outcomes', () => {
  it('runs addresses, save, confirm and payment, and answers the payment page (no coupon DELETE)', async () => {
    const { sdk, calls } = await shopper();
    const billing = { ...SHIPPING, street: 'Nebenweg', company: ' Muster GmbH ' };
    const outcome = await sdk.checkout.placeOrder(input({ billing, paymentMethod: 'card' }));
    expect(outcome).toMatchObject({ kind: 'redirect' });
    if (outcome.kind !== 'redirect') return;
    expect(outcome.redirectUrl).toMatch(new RegExp(`^${api.url}/sandbox/pay/`));
    expect(paths(calls)).toEqual([
      'addShippingAddress',
      'addBillingAddress',
      'saveOrder',
      'confirmOrder',
      'createOrderPayment',
    ]);
    // The order guid is kept for the next attempt (spec 4).
    expect(sdk.appState.get().orderHeaderGuid).toBe(outcome.headerGuid);
    expect(await order(sdk, outcome.headerGuid)).toMatchObject({
      status: 'paymentPending',
      paymentMethod: 'card',
      coupon: null,
      billingPerson: { email: 'erika@example.de', name: 'Erika', lastName: 'Mustermann' },
      shippingAddress: { street: 'Hauptstraße', country: 'DE' },
      billingAddress: { street: 'Nebenweg', company: 'Muster GmbH', country: 'DE' },
    });
  });

  it('sends the address addition (a Packstation Postnummer) and drops a blank one (session 17)', async () => {
    const { sdk } = await shopper();
    const shipping = {
      ...SHIPPING,
      street: 'Packstation',
      houseNumber: '123',
      street2: ' Postnummer 12345678 ',
    };
    const billing = { ...SHIPPING, street2: '  ' };
    const outcome = await sdk.checkout.placeOrder(input({ shipping, billing }));
    expect(outcome).toMatchObject({ kind: 'redirect' });
    if (outcome.kind !== 'redirect') return;
    const placed = await order(sdk, outcome.headerGuid);
    expect(placed.shippingAddress).toMatchObject({ street: 'Packstation', street2: 'Postnummer 12345678' });
    expect(placed.billingAddress).not.toHaveProperty('street2');
  });

  it("takes the cart's coupon into the order without any coupon request (issue 13)", async () => {
    const { sdk, calls } = await shopper(2);
    const cart = await sdk.cartStore.getState().applyCoupon('WILLKOMMEN10');
    expect(cart.coupon).toMatchObject({ code: 'WILLKOMMEN10', discountAmount: 2.98 });
    // 29,80 - 2,98 + 4,90 shipping.
    expect(sdk.cartStore.getState().priceSummary).toEqual({
      cartAmount: 29.8,
      discountAmount: 2.98,
      shippingAmount: 4.9,
      total: 31.72,
    });
    calls.length = 0;
    const outcome = await sdk.checkout.placeOrder(input());
    expect(outcome).toMatchObject({ kind: 'redirect' });
    if (outcome.kind !== 'redirect') return;
    expect(paths(calls)).toEqual([
      'addShippingAddress',
      'addBillingAddress',
      'saveOrder',
      'confirmOrder',
      'createOrderPayment',
    ]);
    expect(await order(sdk, outcome.headerGuid)).toMatchObject({
      coupon: { code: 'WILLKOMMEN10', discountAmount: 2.98 },
      totalAmount: 31.72,
    });
  });

  it('puts a couponCode given to placeOrder on the cart first', async () => {
    const { sdk, calls } = await shopper(2);
    const outcome = await sdk.checkout.placeOrder(input({ couponCode: ' willkommen10 ' }));
    expect(outcome).toMatchObject({ kind: 'redirect' });
    if (outcome.kind !== 'redirect') return;
    expect(paths(calls)[0]).toBe('applyCoupon');
    expect((await sdk.cart.getCart()).coupon?.code).toBe('WILLKOMMEN10');
    expect((await order(sdk, outcome.headerGuid)).coupon).toMatchObject({ code: 'WILLKOMMEN10' });
  });

  it('drops a coupon taken off the cart since an earlier save of the same order, with no DELETE', async () => {
    const { sdk, calls } = await shopper(1);
    await sdk.cartStore.getState().applyCoupon('WILLKOMMEN10');
    const { orderHeaderGuid } = await sdk.orders.save({
      billingPerson: { email: 'erika@example.de', phone: '+49 3012345678', name: 'Erika', lastName: 'M' },
      shippingAddress: { ...SHIPPING, country: 'DE' },
      paymentMethod: 'paypal',
    });
    expect((await order(sdk, orderHeaderGuid)).coupon).toMatchObject({ code: 'WILLKOMMEN10' });
    await sdk.cartStore.getState().removeCoupon();
    calls.length = 0;
    const outcome = await sdk.checkout.placeOrder(input());
    expect(outcome).toMatchObject({ kind: 'redirect', headerGuid: orderHeaderGuid });
    expect(calls.some((call) => call.startsWith('DELETE') || call.includes('oupon'))).toBe(false);
    expect((await order(sdk, orderHeaderGuid)).coupon).toBeNull();
  });

  it('answers coupon-rejected with the API code and saves nothing (minimum not reached, unknown, expired)', async () => {
    const { sdk, calls } = await shopper(1);
    const minimum = await sdk.checkout.placeOrder(input({ couponCode: 'SOMMER5' }));
    expect(minimum).toMatchObject({ kind: 'coupon-rejected', code: 'SOMMER5', headerGuid: null });
    if (minimum.kind !== 'coupon-rejected') return;
    expect(isLpError(minimum.error)).toBe(true);
    expect(minimum.error).toMatchObject({ status: 400, apiCode: 'coupon-minimum-not-reached' });
    expect(paths(calls)).toEqual(['applyCoupon']);
    expect(sdk.appState.get().orderHeaderGuid).toBeNull();

    const unknown = await sdk.checkout.placeOrder(input({ couponCode: 'GIBTSNICHT' }));
    expect(unknown).toMatchObject({ kind: 'coupon-rejected', error: { apiCode: 'coupon-not-found' } });
    const expired = await sdk.checkout.placeOrder(input({ couponCode: 'ALT2020' }));
    expect(expired).toMatchObject({ kind: 'coupon-rejected', error: { apiCode: 'coupon-expired' } });
    expect((await sdk.cart.getCart()).coupon).toBeNull();
  });

  it('sends the total the review showed; another one throws LpError price-changed and saves nothing', async () => {
    /** An SDK on the cart of `quantity` Funschilder that records the saveOrder bodies it sends. */
    const recording = async (quantity: number) => {
      const { storage } = await shopper(quantity);
      const bodies: Record<string, unknown>[] = [];
      const sdk = createSdk({
        baseUrl: api.url,
        storage,
        retries: 0,
        fetch: (url, init) => {
          if (String(url).includes('saveOrder')) bodies.push(JSON.parse(String(init?.body)));
          return fetch(url, init);
        },
      });
      return { sdk, bodies };
    };
    const { sdk, bodies } = await recording(2);
    await sdk.cartStore.getState().load();
    const shown = sdk.cartStore.getState().priceSummary.total;
    expect(shown).toBeGreaterThan(29.8);

    const changed = await sdk.checkout
      .placeOrder(input({ expectedTotal: shown + 1 }))
      .catch((error: unknown) => error);
    expect(isLpError(changed)).toBe(true);
    expect(changed).toMatchObject({ status: 409, apiCode: 'price-changed' });
    expect(sdk.appState.get().orderHeaderGuid).toBeNull();

    expect((await sdk.checkout.placeOrder(input({ expectedTotal: shown }))).kind).toBe('redirect');
    expect(bodies).toMatchObject([{ expectedTotal: shown + 1 }, { expectedTotal: shown }]);

    // Without it the body carries no such key: integrators that do not send it save as before.
    const plain = await recording(1);
    expect((await plain.sdk.checkout.placeOrder(input())).kind).toBe('redirect');
    expect(Object.keys(plain.bodies[0]!)).not.toContain('expectedTotal');
  });

  it('answers invalid naming expectedTotal when it is not an amount (the API checks it)', async () => {
    const { sdk } = await shopper(1);
    const outcome = await sdk.checkout.placeOrder(input({ expectedTotal: 14.901 }));
    expect(outcome).toMatchObject({ kind: 'invalid', errors: [{ field: 'expectedTotal' }] });
    expect(sdk.appState.get().orderHeaderGuid).toBeNull();
  });

  it('answers payment-running on a second call and continues that payment on purpose', async () => {
    const { sdk, calls, storage } = await shopper(1);
    const first = await sdk.checkout.placeOrder(input());
    expect(first.kind).toBe('redirect');
    if (first.kind !== 'redirect') return;
    calls.length = 0;
    const second = await sdk.checkout.placeOrder(
      input({ couponCode: 'WILLKOMMEN10', email: 'neu@example.de' }),
    );
    expect(second).toEqual({ kind: 'payment-running', headerGuid: first.headerGuid });
    // The running order is untouched: the cart refuses the coupon (409), nothing is saved, confirmed or paid.
    expect(paths(calls)).toEqual(['applyCoupon']);
    expect(await order(sdk, first.headerGuid)).toMatchObject({
      coupon: null,
      billingPerson: { email: 'erika@example.de' },
    });

    const resumed = await sdk.checkout.continuePayment({
      headerGuid: first.headerGuid,
      paymentMethod: 'paypal',
      returnUrl: `${api.url}/wait-for-confirmation`,
      cancelUrl: `${api.url}/cancel-order`,
    });
    expect(resumed).toMatchObject({ kind: 'redirect', headerGuid: first.headerGuid });
    expect(resumed.redirectUrl).not.toBe(first.redirectUrl);

    // Another browser with the same cart but without the order guid cannot name the order to continue.
    const saved = JSON.parse(storage.getItem('AppState') ?? '{}') as AppState;
    const other = createMemoryStorage();
    other.setItem('AppState', JSON.stringify({ CartGuid: saved.CartGuid, orderHeaderGuid: null }));
    const stranger = await shopper(0, other);
    expect(await stranger.sdk.checkout.placeOrder(input())).toEqual({
      kind: 'payment-running',
      headerGuid: null,
    });
  });

  it('answers invalid with the API field names when a value breaks a rule', async () => {
    const { sdk } = await shopper(1);
    expect(
      await sdk.checkout.placeOrder(input({ shipping: { ...SHIPPING, zipCode: '1011' } })),
    ).toMatchObject({ kind: 'invalid', errors: [{ field: 'shippingAddress.zipCode' }] });
    expect(
      await sdk.checkout.placeOrder(input({ billing: { ...SHIPPING, city: 'Berlin 12' } })),
    ).toMatchObject({ kind: 'invalid', errors: [{ field: 'billingAddress.city' }] });
    const person = await sdk.checkout.placeOrder(input({ email: 'erika..x@example', phone: '030 123' }));
    expect(person).toMatchObject({ kind: 'invalid' });
    if (person.kind !== 'invalid') return;
    expect(person.errors.map((e) => e.field)).toEqual(['billingPerson.email', 'billingPerson.phone']);
    expect(await sdk.checkout.placeOrder(input({ paymentMethod: 'bitcoin' as 'paypal' }))).toMatchObject({
      kind: 'invalid',
      errors: [{ field: 'paymentMethod' }],
    });
    // Hostile text is refused by the rules and never stored.
    const hostile = await sdk.checkout.placeOrder(
      input({ shipping: { ...SHIPPING, name: '<img src=x onerror=alert(1)>' } }),
    );
    expect(hostile).toMatchObject({ kind: 'invalid', errors: [{ field: 'shippingAddress.name' }] });
    expect(sdk.appState.get().orderHeaderGuid).toBeNull();
  });
});

describe('sdk.checkout: input refused before anything is sent', () => {
  const refused = async (value: unknown, message: RegExp) => {
    const { sdk, calls } = await shopper(0);
    const error = await sdk.checkout.placeOrder(value as CheckoutInput).catch((e: unknown) => e);
    expect(isLpError(error) && error.code).toBe('invalidParameter');
    expect((error as Error).message).toMatch(message);
    expect(calls).toEqual([]);
  };

  it('refuses missing, empty and wrongly typed input', async () => {
    await refused(undefined, /parameter input cannot be null/);
    await refused('order', /parameter input is invalid/);
    await refused([], /parameter input is invalid/);
    await refused({ ...input(), shipping: undefined }, /parameter shipping cannot be null/);
    await refused({ ...input(), shipping: 'Berlin' }, /parameter shipping is invalid/);
    await refused({ ...input(), billing: [SHIPPING] }, /parameter billing is invalid/);
    await refused({ ...input(), email: '' }, /parameter email cannot be null/);
    await refused({ ...input(), email: { toString: () => 'x@example.de' } }, /parameter email is invalid/);
    await refused({ ...input(), phone: ['+49 3012345678'] }, /parameter phone is invalid/);
    await refused({ ...input(), paymentMethod: true }, /parameter paymentMethod is invalid/);
    await refused({ ...input(), couponCode: 5n }, /parameter couponCode is invalid/);
    await refused({ ...input(), returnUrl: null }, /parameter returnUrl cannot be null/);
    await refused(
      { ...input(), shipping: { ...SHIPPING, city: '   ' } },
      /parameter shipping.city cannot be null/,
    );
    await refused(
      { ...input(), shipping: { ...SHIPPING, zipCode: Symbol('x') } },
      /shipping.zipCode is invalid/,
    );
  });

  it('refuses huge texts', async () => {
    await refused(
      { ...input(), shipping: { ...SHIPPING, name: 'A'.repeat(101) } },
      /shipping.name is invalid/,
    );
    await refused({ ...input(), email: `${'a'.repeat(1_000_000)}@example.de` }, /parameter email is invalid/);
    await refused(
      { ...input(), cancelUrl: `${api.url}/${'x'.repeat(2000)}` },
      /parameter cancelUrl is invalid/,
    );
    await refused({ ...input(), couponCode: 'X'.repeat(5000) }, /parameter couponCode is invalid/);
  });

  it('drops keys it does not know (nothing extra reaches the API)', async () => {
    const { sdk } = await shopper(1);
    const hostile = JSON.parse(
      `{"name":"Erika","lastName":"Muster","street":"Weg","houseNumber":"1","zipCode":"10115","city":"Berlin",
        "__proto__":{"admin":true},"country":"FR","status":"paid"}`,
    ) as CheckoutAddress;
    const outcome = await sdk.checkout.placeOrder(input({ shipping: hostile }));
    expect(outcome.kind).toBe('redirect');
    if (outcome.kind !== 'redirect') return;
    const saved = await order(sdk, outcome.headerGuid);
    expect(saved.shippingAddress).toEqual({
      ...SHIPPING,
      street: 'Weg',
      houseNumber: '1',
      lastName: 'Muster',
      country: 'DE',
    });
    expect(saved.status).toBe('paymentPending');
  });

  it('refuses bad continuePayment input', async () => {
    const { sdk, calls } = await shopper(0);
    const payment = { paymentMethod: 'paypal' as const, returnUrl: api.url, cancelUrl: api.url };
    await expect(sdk.checkout.continuePayment(null as never)).rejects.toMatchObject({
      code: 'invalidParameter',
    });
    await expect(sdk.checkout.continuePayment({ ...payment, headerGuid: ' ' })).rejects.toThrow(
      'The parameter headerGuid cannot be null.',
    );
    await expect(
      sdk.checkout.continuePayment({ ...payment, headerGuid: 'x', returnUrl: 'x'.repeat(2001) }),
    ).rejects.toThrow('The parameter returnUrl is invalid.');
    expect(calls).toEqual([]);
  });
});

describe('sdk.checkout: failures', () => {
  it('throws LpError for network failures and answers the API does not know as an outcome', async () => {
    const storage = createMemoryStorage();
    const { sdk: filler } = await shopper(1, storage);
    expect(filler.appState.get().CartGuid).toBeTruthy();
    const sdk = createSdk({
      baseUrl: api.url,
      storage,
      retries: 0,
      fetch: (url, init) =>
        String(url).includes('confirmOrder')
          ? Promise.reject(new TypeError('fetch failed'))
          : fetch(url, init),
    });
    await expect(sdk.checkout.placeOrder(input())).rejects.toMatchObject({
      name: 'LpError',
      code: 'network',
    });

    // An empty cart is not the shopper's typing: the API's 400 cart-empty passes on as an LpError.
    const empty = await shopper(0);
    await expect(empty.sdk.checkout.placeOrder(input())).rejects.toMatchObject({ status: 400 });
  });

  it('passes a refused payment page origin on as an LpError', async () => {
    const { sdk } = await shopper(1);
    await expect(
      sdk.checkout.placeOrder(input({ returnUrl: 'https://evil.example/x' })),
    ).rejects.toMatchObject({ apiCode: 'origin-not-allowed' });
  });
});
