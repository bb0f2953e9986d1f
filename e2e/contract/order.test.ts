import type { OrderListFilter, Sdk } from '@lp/sdk';
import { isLpError } from '@lp/sdk';
import { createAccountService } from '@lp/sdk/account';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHandle, withApi } from '../support/api';
import { cookieJar, sdkWithCookies } from '../account/cookieJarFetch';
import { address, billingPerson, funschild } from './support';

let api: ApiHandle;
beforeAll(async () => {
  api = await withApi();
});
afterAll(() => api?.close());

/** A shopper with a filled cart and a saved order. */
async function savedOrder(quantity = 2): Promise<{ sdk: Sdk; headerGuid: string }> {
  const sdk = api.sdk();
  await sdk.cartStore.getState().add(funschild(quantity));
  const { orderHeaderGuid } = await sdk.orders.save({
    billingPerson,
    shippingAddress: address,
    paymentMethod: 'paypal',
  });
  return { sdk, headerGuid: orderHeaderGuid };
}

/** Follows the sandbox provider's approve form like a browser would (no cookies from Node, so no token needed). */
async function approveInSandbox(redirectUrl: string): Promise<string> {
  const page = await (await fetch(redirectUrl)).text();
  const action = /<form method="post" action="([^"]+\/approve)">/.exec(page)?.[1];
  expect(action).toBeDefined();
  const response = await fetch(new URL(action!, redirectUrl), { method: 'POST', redirect: 'manual' });
  expect(response.status).toBe(303);
  return response.headers.get('location')!;
}

describe('coupons (spec 7, errors of spec 8)', () => {
  it('validates a known coupon and reports unknown and expired ones with their reasons', async () => {
    const sdk = api.sdk();
    expect(await sdk.coupons.validate('WILLKOMMEN10', 1001)).toMatchObject({
      code: 'WILLKOMMEN10',
      kind: 'percent',
      value: 10,
    });
    // Codes are typed by shoppers: case and spaces around do not matter.
    expect(await sdk.coupons.validate(' willkommen10 ', 1001)).toMatchObject({ code: 'WILLKOMMEN10' });
    await expect(sdk.coupons.validate('GIBTESNICHT', 1001)).rejects.toMatchObject({
      code: 'http',
      status: 404,
      reason: 'Not Found',
      message: 'An unexpected server error occurred.',
    });
    const expired = await sdk.coupons.validate('ALT2020', 1001).catch((e: unknown) => e);
    expect(isLpError(expired) && [400, 404].includes(expired.status!)).toBe(true);
    await expect(sdk.coupons.validate('', 1001)).rejects.toMatchObject({
      message: 'The parameter code cannot be null.',
    });
  });

  it('applies (201) a coupon to a saved order, refuses a second one (409 Conflict) and removes it (204)', async () => {
    const { sdk, headerGuid } = await savedOrder(2);
    const order = await sdk.coupons.apply({ headerGuid, code: 'WILLKOMMEN10' });
    expect(order.coupon).toMatchObject({ code: 'WILLKOMMEN10', discountAmount: 2.98 });
    expect(order.totalAmount).toBeCloseTo(29.8 - 2.98 + 4.9, 2);
    await expect(sdk.coupons.apply({ headerGuid, code: 'SOMMER5' })).rejects.toMatchObject({
      status: 409,
      reason: 'Conflict',
      apiCode: 'coupon-already-applied',
    });
    await sdk.coupons.remove(headerGuid);
    expect((await sdk.orders.get(headerGuid)).coupon).toBeNull();
    await expect(sdk.coupons.remove(headerGuid)).rejects.toMatchObject({
      status: 404,
      reason: 'Not Found',
      apiCode: 'coupon-not-applied',
    });
  });
});

describe('order flow: save, confirm, pay through the sandbox (spec 4)', () => {
  it('saves the cart as an order, stores orderHeaderGuid, confirms, pays and reads it back as paid', async () => {
    const { sdk, headerGuid } = await savedOrder(2);
    expect(sdk.appState.get().orderHeaderGuid).toBe(headerGuid);
    const saved = await sdk.orders.get(headerGuid);
    expect(saved).toMatchObject({
      status: 'saved',
      cartAmount: 29.8,
      billingPerson: { email: billingPerson.email },
    });
    expect(saved.orderItems[0]).toMatchObject({ itemId: 'FKZ-001', itemQuantity: 2, price: 14.9 });

    const confirmed = await sdk.orders.confirm(headerGuid);
    expect(confirmed.status).toBe('confirmed');
    const { redirectUrl } = await sdk.orders.createPayment({
      headerGuid,
      paymentMethod: 'paypal',
      returnUrl: `${api.url}/thank-you`,
      cancelUrl: `${api.url}/cart`,
    });
    expect(redirectUrl.startsWith(api.url)).toBe(true);
    const back = new URL(await approveInSandbox(redirectUrl));
    expect(back.pathname).toBe('/thank-you');
    expect(back.searchParams.get('headerGuid')).toBe(headerGuid);

    const paid = await sdk.orders.get(headerGuid);
    expect(paid).toMatchObject({ status: 'paid', orderNumber: saved.orderNumber, totalAmount: 34.7 });
    expect(Array.isArray(await sdk.orders.designs(paid.orderNumber, headerGuid))).toBe(true);
    // Security review 3: the guessable order number alone answers 404.
    await expect(sdk.orders.designs(paid.orderNumber)).rejects.toMatchObject({ status: 404 });
    // After payment the shop clears its cart (spec 4: clear empties count, price and guid).
    sdk.cartStore.getState().clear();
    expect(sdk.cartStore.getState()).toMatchObject({ count: 0, cart: { cartGuid: null } });
  });

  it('lists orders with the full filter, body and query forms, only for a logged-in customer', async () => {
    const anonymous = api.sdk();
    const jar = cookieJar(api.url);
    const sdk = sdkWithCookies(jar);
    const customer = await createAccountService(sdk.client).login('demo@lp-de.example', 'Demo1234!');
    await sdk.cartStore.getState().add(funschild(1));
    await sdk.orders.save({ billingPerson, shippingAddress: address, paymentMethod: 'paypal' });
    const filter: OrderListFilter = {
      CustomerCompanyId: customer.customerCompanyId,
      CustomerId: customer.id,
      CustomerCompanyGroupRoleId: customer.customerCompanyGroupRoleId,
      PageNumber: 1,
      RowCount: 50,
      DateFrom: '2000-01-01',
      DateTo: '2100-01-01',
      Statuses: ['saved', 'confirmed', 'paid'],
      PaymentMethod: '',
      SortField: 'createdAt',
      SortDirection: 'desc',
    };
    for (const list of [await sdk.orders.list(filter), await sdk.orders.companyOrders(filter)]) {
      expect(list).toMatchObject({ pageNumber: 1, rowCount: 50 });
      expect(list.items.length).toBeGreaterThan(0);
    }
    // Security review 2: without a session the lists answer 401.
    await expect(anonymous.orders.list(filter)).rejects.toMatchObject({ status: 401 });
    await expect(anonymous.orders.companyOrders(filter)).rejects.toMatchObject({ status: 401 });
    await expect(sdk.orders.list({ ...filter, SortDirection: undefined } as never)).rejects.toMatchObject({
      message: 'The parameter SortDirection cannot be null.',
    });
  });

  it('refuses to save an empty cart and to pay an unconfirmed order, with 4xx errors', async () => {
    const sdk = api.sdk();
    await expect(
      sdk.orders.save({ billingPerson, shippingAddress: address, paymentMethod: 'paypal' }),
    ).rejects.toMatchObject({ code: 'http', status: 400, apiCode: 'parameter-missing' });
    const { sdk: shopper, headerGuid } = await savedOrder(1);
    const error = await shopper.orders
      .createPayment({
        headerGuid,
        paymentMethod: 'paypal',
        returnUrl: `${api.url}/a`,
        cancelUrl: `${api.url}/b`,
      })
      .catch((e: unknown) => e);
    expect(isLpError(error) && error.status).toBe(409);
    // 409 alone no longer has to be guessed at: this one is the order's state (saved, not confirmed).
    expect(isLpError(error) && error.apiCode).toBe('order-state');
    const foreign = await shopper.orders
      .createPayment({
        headerGuid,
        paymentMethod: 'paypal',
        returnUrl: 'https://evil.example/x',
        cancelUrl: `${api.url}/b`,
      })
      .catch((e: unknown) => e);
    expect(isLpError(foreign) && foreign.status! >= 400 && foreign.status! < 500).toBe(true);
    await expect(shopper.orders.get('00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({
      status: 404,
    });
    await expect(shopper.orders.get(undefined as never)).rejects.toMatchObject({
      message: 'The parameter headerGuid cannot be null.',
    });
  });
});
