import { LpError, type Sdk } from '@lp/sdk';
import { describe, expect, it, vi } from 'vitest';
import { COUPON_MESSAGES } from '../../cart/couponMessages';
import { type CheckoutValues, emptyCheckout } from '../checkoutFields';
import { CouponRejected, PaymentRunning, placeOrder } from '../placeOrder';

const values: CheckoutValues = {
  ...emptyCheckout(),
  email: ' erika@example.de ',
  phone: '+49 3012345678',
  shipping: {
    name: 'Erika',
    lastName: 'Muster',
    company: '',
    street: 'Hauptstraße',
    houseNumber: '1',
    zipCode: '10115',
    city: 'Berlin',
  },
};

/** An SDK error as the client builds it from the API's error body `{ status, code, message }`. */
const httpError = (status: number, code: string) =>
  new LpError('http', 'An unexpected server error occurred.', {
    status,
    body: { status, code, message: 'English detail' },
  });

/** A fake SDK for failure injection; the happy path runs against the real API in e2e/checkout. */
function fakeSdk(
  overrides: { save?: () => Promise<unknown>; apply?: () => Promise<unknown>; stored?: string } = {},
) {
  const calls: string[] = [];
  const log =
    (name: string, answer: unknown = undefined) =>
    async (...args: unknown[]) => {
      calls.push(`${name} ${JSON.stringify(args[0] ?? '')}`);
      return answer;
    };
  const sdk = {
    appState: { get: () => ({ CartGuid: 'cart', orderHeaderGuid: overrides.stored ?? null }) },
    cart: { addShippingAddress: log('shipping'), addBillingAddress: log('billing') },
    orders: {
      save: vi.fn(overrides.save ?? (async () => ({ orderHeaderGuid: 'order-1' }))),
      confirm: log('confirm'),
      get: async () => ({ coupon: { code: 'WILLKOMMEN10' } }),
      createPayment: log('pay', { redirectUrl: 'http://api.test/sandbox/pay/1' }),
    },
    coupons: { apply: vi.fn(overrides.apply ?? (async () => ({}))), remove: log('removeCoupon') },
  };
  return { sdk: sdk as unknown as Sdk, calls, raw: sdk };
}

const input = { values, paymentMethod: 'paypal' as const, couponCode: '', origin: 'http://shop.test' };

describe('placeOrder (spec 4 order flow)', () => {
  it('sends addresses, saves, confirms and pays with return and cancel URLs on the shop', async () => {
    const { sdk, calls, raw } = fakeSdk();
    const result = await placeOrder(sdk, input);
    expect(result).toEqual({ redirectUrl: 'http://api.test/sandbox/pay/1', headerGuid: 'order-1' });
    expect(calls.map((call) => call.split(' ')[0])).toEqual([
      'shipping',
      'billing',
      'removeCoupon',
      'confirm',
      'pay',
    ]);
    expect((raw.orders.save.mock.calls as unknown[][])[0]?.[0]).toMatchObject({
      billingPerson: {
        email: 'erika@example.de',
        phone: '+49 3012345678',
        name: 'Erika',
        lastName: 'Muster',
      },
      shippingAddress: { country: 'DE', zipCode: '10115' },
      billingAddress: { country: 'DE', zipCode: '10115' },
    });
    expect(calls.at(-1)).toContain('"returnUrl":"http://shop.test/wait-for-confirmation"');
    expect(calls.at(-1)).toContain('"cancelUrl":"http://shop.test/cancel-order"');
  });

  it('sends the stored order guid so a reload or back updates the same order', async () => {
    const stored = fakeSdk({ stored: 'order-7' });
    await placeOrder(stored.sdk, input);
    expect((stored.raw.orders.save.mock.calls as unknown[][])[0]?.[0]).toMatchObject({
      headerGuid: 'order-7',
    });
    const fresh = fakeSdk();
    await placeOrder(fresh.sdk, input);
    expect((fresh.raw.orders.save.mock.calls as unknown[][])[0]?.[0]).not.toHaveProperty('headerGuid');
  });

  it('stops on payment-running with a German message instead of paying the old order silently', async () => {
    const { sdk, calls, raw } = fakeSdk({
      save: () => Promise.reject(httpError(409, 'payment-running')),
      stored: 'order-9',
    });
    const failure = placeOrder(sdk, { ...input, couponCode: 'WILLKOMMEN10' });
    await expect(failure).rejects.toBeInstanceOf(PaymentRunning);
    await expect(failure).rejects.toMatchObject({
      headerGuid: 'order-9',
      message: 'Für diesen Warenkorb läuft bereits eine Zahlung.',
    });
    expect(calls.some((call) => call.startsWith('pay') || call.startsWith('confirm'))).toBe(false);
    expect(raw.coupons.apply).not.toHaveBeenCalled();
  });

  it('passes other save failures on; payment-running without a stored order names no order to continue', async () => {
    await expect(
      placeOrder(fakeSdk({ save: () => Promise.reject(httpError(400, 'validation')) }).sdk, input),
    ).rejects.toMatchObject({
      status: 400,
      apiCode: 'validation',
    });
    // Another 409 (the order is in the wrong state) is not a running payment: it passes on.
    const state = placeOrder(
      fakeSdk({ save: () => Promise.reject(httpError(409, 'order-state')) }).sdk,
      input,
    );
    await expect(state).rejects.not.toBeInstanceOf(PaymentRunning);
    await expect(state).rejects.toMatchObject({ apiCode: 'order-state' });
    await expect(
      placeOrder(fakeSdk({ save: () => Promise.reject(httpError(409, 'payment-running')) }).sdk, input),
    ).rejects.toMatchObject({ headerGuid: null });
  });

  it('accepts its own coupon already on the order, and stops with a German message for another one', async () => {
    const same = fakeSdk({ apply: () => Promise.reject(httpError(409, 'coupon-already-applied')) });
    await expect(placeOrder(same.sdk, { ...input, couponCode: 'WILLKOMMEN10' })).resolves.toBeTruthy();
    const other = fakeSdk({ apply: () => Promise.reject(httpError(409, 'coupon-already-applied')) });
    const failure = placeOrder(other.sdk, { ...input, couponCode: 'SOMMER5' });
    await expect(failure).rejects.toBeInstanceOf(CouponRejected);
    await expect(failure).rejects.toThrow(COUPON_MESSAGES.applied);
    expect(other.calls.some((call) => call.startsWith('pay'))).toBe(false);
    const expired = fakeSdk({ apply: () => Promise.reject(httpError(400, 'coupon-expired')) });
    await expect(placeOrder(expired.sdk, { ...input, couponCode: 'ALT2020' })).rejects.toThrow(
      COUPON_MESSAGES.invalid,
    );
  });
});
