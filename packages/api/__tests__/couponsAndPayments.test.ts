import type { Cart, Coupon, Order } from '@lp/sdk/contract';
import { paths } from '@lp/sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Api,
  addBody,
  addItem,
  call,
  makeApi,
  saveBody,
  savedOrder,
  expectError,
} from './support/testApi';

let api: Api;
beforeAll(async () => {
  api = await makeApi();
});
afterAll(() => api.close());

const getOrder = async (headerGuid: string) =>
  (await call(api, 'GET', `${paths.order.get}?headerGuid=${headerGuid}`)).body as Order;
const validate = (query: string) => call(api, 'GET', `${paths.coupon.validate}?${query}`);

describe('coupon validate', () => {
  it('answers the coupon for a known code in any case', async () => {
    const res = await validate('code=willkommen10&companyId=1001');
    expect(res.body as Coupon).toEqual({
      code: 'WILLKOMMEN10',
      companyId: 1001,
      kind: 'percent',
      value: 10,
      minOrderAmount: 0,
      validUntil: null,
    });
  });

  it.each([
    ['companyId=1001', 400, 'The parameter code cannot be null.'],
    ['code=WILLKOMMEN10', 400, 'The parameter companyId cannot be null.'],
    ['code=%3Cscript%3E&companyId=1001', 400, 'The coupon code is malformed.'],
    ['code=ALT2020&companyId=1001', 400, 'The coupon has expired.'],
    ['code=SOMMER5&companyId=1001&totalAmount=10', 400, 'The coupon needs a minimum order of 20.00 EUR.'],
    ['code=UNBEKANNT&companyId=1001', 404, 'Coupon not found.'],
    ['code=WILLKOMMEN10&companyId=abc', 400, undefined],
  ])('%s -> %i', async (query, status, message) => {
    const res = await validate(query);
    expect(res.status).toBe(status);
    if (message) expect(res.body).toMatchObject({ status, message });
  });
});

describe('coupon on an order', () => {
  it('applies with 201 and recomputes the discount, 409 for a second coupon', async () => {
    const { headerGuid } = await savedOrder(api, 10); // 49.00 EUR goods
    const applied = await call(api, 'POST', paths.coupon.apply, {
      body: { headerGuid, code: 'willkommen10' },
    });
    expect(applied.status).toBe(201);
    expect(applied.body as Order).toMatchObject({
      cartAmount: 49,
      discountAmount: 4.9,
      coupon: { code: 'WILLKOMMEN10', kind: 'percent', value: 10, discountAmount: 4.9 },
    });
    expect((applied.body as Order).totalAmount).toBe(49 - 4.9 + (applied.body as Order).shippingOption.price);
    const again = await call(api, 'POST', paths.coupon.apply, { body: { headerGuid, code: 'SOMMER5' } });
    expect(again.body).toMatchObject({
      status: 409,
      code: 'coupon-already-applied',
      message: 'A coupon is already applied to this order.',
    });
    expect((await getOrder(headerGuid)).coupon!.code).toBe('WILLKOMMEN10');
  });

  it('removes with 204, then 404', async () => {
    const { headerGuid } = await savedOrder(api, 10);
    await call(api, 'POST', paths.coupon.apply, { body: { headerGuid, code: 'SOMMER5' } });
    const removed = await call(api, 'DELETE', paths.coupon.remove(headerGuid));
    expect(removed.status).toBe(204);
    expect(removed.raw.body).toBe('');
    expect(await getOrder(headerGuid)).toMatchObject({ coupon: null, discountAmount: 0 });
    expectError(await call(api, 'DELETE', paths.coupon.remove(headerGuid)), 404, 'coupon-not-applied');
    expectError(await call(api, 'DELETE', paths.coupon.remove('not-a-guid')), 404, 'not-found');
  });

  it.each([
    ['an unknown order', { headerGuid: '00000000-0000-4000-8000-000000000000', code: 'SOMMER5' }, 404],
    ['an unknown coupon', undefined, 404],
    ['a missing code', { headerGuid: '00000000-0000-4000-8000-000000000000' }, 400],
    ['a code of the wrong type', { headerGuid: '00000000-0000-4000-8000-000000000000', code: 5 }, 400],
  ])('refuses %s', async (_, body, status) => {
    const { headerGuid } = await savedOrder(api);
    const res = await call(api, 'POST', paths.coupon.apply, { body: body ?? { headerGuid, code: 'NOPE' } });
    expect(res.status).toBe(status);
  });

  it('refuses a coupon whose minimum the order does not reach', async () => {
    const { headerGuid } = await savedOrder(api, 1);
    const res = await call(api, 'POST', paths.coupon.apply, { body: { headerGuid, code: 'SOMMER5' } });
    expectError(res, 400, 'coupon-minimum-not-reached');
    expect((await getOrder(headerGuid)).coupon).toBeNull();
  });

  it('takes a coupon code on saveOrder', async () => {
    const { headerGuid } = await savedOrder(api, 10, { couponCode: 'SOMMER5' });
    expect(await getOrder(headerGuid)).toMatchObject({ discountAmount: 5, coupon: { code: 'SOMMER5' } });
  });
});

describe('sandbox payment', () => {
  const returnUrl = 'http://localhost:3000/thank-you/1';
  const cancelUrl = 'http://localhost:3000/cart';

  async function pay(quantity = 1) {
    const order = await savedOrder(api, quantity);
    await call(api, 'POST', paths.order.confirm, { body: { headerGuid: order.headerGuid } });
    const res = await call(api, 'POST', paths.order.createPayment, {
      body: { headerGuid: order.headerGuid, paymentMethod: 'paypal', returnUrl, cancelUrl },
      headers: { host: '127.0.0.1:4000' },
    });
    expect(res.status).toBe(200);
    return { ...order, redirectUrl: (res.body as { redirectUrl: string }).redirectUrl };
  }

  it('approves: order paid, cart emptied, redirect to returnUrl with headerGuid', async () => {
    const { cartGuid, headerGuid, redirectUrl } = await pay(2);
    expect(redirectUrl).toMatch(/^http:\/\/127\.0\.0\.1:4000\/sandbox\/pay\/[0-9a-f-]{36}$/);
    const path = new URL(redirectUrl).pathname;
    const page = await call(api, 'GET', path);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = page.body as string;
    expect(html).toContain('Sandbox – keine echte Zahlung');
    expect(html).toContain('Zahlung bestätigen');
    expect(html).toContain('Zahlung abbrechen');
    expect(html).toContain('14,70 €');
    expect((await getOrder(headerGuid)).status).toBe('paymentPending');

    const approve = await call(api, 'POST', `${path}/approve`);
    expect(approve.status).toBe(303);
    expect(approve.headers.location).toBe(`${returnUrl}?headerGuid=${headerGuid}`);
    expect((await getOrder(headerGuid)).status).toBe('paid');
    const cart = (await call(api, 'GET', paths.cart.get, { cartGuid })).body as Cart;
    expect(cart.items).toEqual([]);
    expectError(await call(api, 'POST', `${path}/approve`), 409, 'payment-state');
  });

  it('cancels: order cancelled, redirect to cancelUrl, cart kept', async () => {
    const { cartGuid, headerGuid, redirectUrl } = await pay();
    const res = await call(api, 'POST', `${new URL(redirectUrl).pathname}/cancel`);
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe(`${cancelUrl}?headerGuid=${headerGuid}`);
    expect((await getOrder(headerGuid)).status).toBe('cancelled');
    expect(((await call(api, 'GET', paths.cart.get, { cartGuid })).body as Cart).items).toHaveLength(1);
    // Saving again after a cancelled payment reuses the same order when the checkout names it.
    const again = await call(api, 'POST', paths.order.save, { body: saveBody({ headerGuid }), cartGuid });
    expect(again.body).toEqual({ orderHeaderGuid: headerGuid });
    expect((await getOrder(headerGuid)).status).toBe('saved');
  });

  it('refuses cart changes with 409 while the payment runs (security review 5)', async () => {
    const { cartGuid, redirectUrl } = await pay(2);
    const before = (await call(api, 'GET', paths.cart.get, { cartGuid })).body as Cart;
    const line = before.items![0]!.itemInternalId;
    const attempts = [
      await call(api, 'POST', paths.cart.addItem, { body: addBody('KZH-003'), cartGuid }),
      await call(api, 'POST', paths.cart.updateItem, {
        body: { itemInternalId: line, quantity: 9 },
        cartGuid,
      }),
      await call(api, 'POST', paths.cart.removeItem, { body: { itemInternalId: line }, cartGuid }),
    ];
    for (const res of attempts) {
      expectError(res, 409, 'payment-running');
      expect(res.body).toMatchObject({ message: 'A payment for this cart is under way.' });
    }
    expectError(
      await call(api, 'POST', paths.order.save, { body: saveBody(), cartGuid }),
      409,
      'payment-running',
    );
    expect((await call(api, 'GET', paths.cart.get, { cartGuid })).body).toEqual(before);
    // Once the payment is cancelled, the cart can change again.
    await call(api, 'POST', `${new URL(redirectUrl).pathname}/cancel`);
    expect((await call(api, 'POST', paths.cart.addItem, { body: addBody('KZH-003'), cartGuid })).status).toBe(
      200,
    );
  });

  it('refuses only the adds to the paying cart when adds arrive together (one batch)', async () => {
    const { cartGuid } = await pay(2);
    const before = (await call(api, 'GET', paths.cart.get, { cartGuid })).body as Cart;
    const other = (await addItem(api, addBody('KZH-001'))).cartGuid!;
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        call(api, 'POST', paths.cart.addItem, {
          body: addBody('KZH-003'),
          cartGuid: i % 3 === 1 ? cartGuid : other,
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(
      Array.from({ length: 12 }, (_, i) => (i % 3 === 1 ? 409 : 200)),
    );
    for (const res of answers.filter((a) => a.status === 409)) {
      expect(res.body).toMatchObject({ message: 'A payment for this cart is under way.' });
    }
    expect((await call(api, 'GET', paths.cart.get, { cartGuid })).body).toEqual(before);
    const kept = (await call(api, 'GET', paths.cart.get, { cartGuid: other })).body as Cart;
    expect(kept.items!.find((l) => l.productUniqueId === 'KZH-003')?.quantity).toBe(8);
  });

  it('removes only the ordered lines from the cart when the payment is approved', async () => {
    const order = await savedOrder(api, 2);
    await call(api, 'POST', paths.order.confirm, { body: { headerGuid: order.headerGuid } });
    // Changed after the order was confirmed, before paying: a new line and a grown one.
    const grown = (await call(api, 'GET', paths.cart.get, { cartGuid: order.cartGuid })).body as Cart;
    await call(api, 'POST', paths.cart.updateItem, {
      body: { itemInternalId: grown.items![0]!.itemInternalId, quantity: 5 },
      cartGuid: order.cartGuid,
    });
    await addItem(api, addBody('KZH-003'), order.cartGuid);
    const res = await call(api, 'POST', paths.order.createPayment, {
      body: { headerGuid: order.headerGuid, paymentMethod: 'paypal', returnUrl, cancelUrl },
      headers: { host: '127.0.0.1:4000' },
    });
    const path = new URL((res.body as { redirectUrl: string }).redirectUrl).pathname;
    expect((await call(api, 'POST', `${path}/approve`)).status).toBe(303);
    const cart = (await call(api, 'GET', paths.cart.get, { cartGuid: order.cartGuid })).body as Cart;
    expect(cart.items!.map((i) => [i.productUniqueId, i.quantity])).toEqual([
      ['KZH-001', 3],
      ['KZH-003', 1],
    ]);
  });

  it('the page forms carry the anti-forgery token so a browser with cookies can post them', async () => {
    const { redirectUrl } = await pay();
    const path = new URL(redirectUrl).pathname;
    const page = await call(api, 'GET', path, { headers: { cookie: 'XSRF-TOKEN=abcdefghijklmnopqrstuv' } });
    expect(page.body as string).toContain('name="_xsrf" value="abcdefghijklmnopqrstuv"');
    const forged = await api.inject({
      method: 'POST',
      url: `${path}/approve`,
      headers: {
        cookie: 'XSRF-TOKEN=abcdefghijklmnopqrstuv',
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: '_xsrf=wrong',
    });
    expect(forged.statusCode).toBe(403);
    const real = await api.inject({
      method: 'POST',
      url: `${path}/approve`,
      headers: {
        cookie: 'XSRF-TOKEN=abcdefghijklmnopqrstuv',
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: '_xsrf=abcdefghijklmnopqrstuv',
    });
    expect(real.statusCode).toBe(303);
  });

  it.each([
    ['a foreign returnUrl', { returnUrl: 'https://evil.example/steal' }],
    ['a javascript: URL', { cancelUrl: 'javascript:alert(1)' }],
    ['a relative URL', { returnUrl: '/thank-you' }],
    ['an unknown payment method', { paymentMethod: 'cash' }],
  ])('refuses %s with 400', async (_, overrides) => {
    const order = await savedOrder(api);
    await call(api, 'POST', paths.order.confirm, { body: { headerGuid: order.headerGuid } });
    const res = await call(api, 'POST', paths.order.createPayment, {
      body: { headerGuid: order.headerGuid, paymentMethod: 'paypal', returnUrl, cancelUrl, ...overrides },
    });
    expect(res.status).toBe(400);
    expect((res.body as { code?: string }).code).toMatch(/^(origin-not-allowed|validation)$/);
    expect((await getOrder(order.headerGuid)).status).toBe('confirmed');
  });

  it('needs a confirmed order (409) and a known one (404)', async () => {
    const order = await savedOrder(api);
    const body = { headerGuid: order.headerGuid, paymentMethod: 'paypal', returnUrl, cancelUrl };
    expectError(await call(api, 'POST', paths.order.createPayment, { body }), 409, 'order-state');
    const unknown = { ...body, headerGuid: '00000000-0000-4000-8000-000000000000' };
    expectError(await call(api, 'POST', paths.order.createPayment, { body: unknown }), 404, 'not-found');
  });

  it('answers 404 for unknown payments', async () => {
    expectError(
      await call(api, 'GET', '/sandbox/pay/00000000-0000-4000-8000-000000000000'),
      404,
      'not-found',
    );
    expectError(await call(api, 'GET', '/sandbox/pay/%3Cscript%3E'), 404, 'not-found');
    expectError(await call(api, 'POST', '/sandbox/pay/nope/approve'), 404, 'not-found');
  });

  it('accepts the API origin itself as a return target, but not a forged Host', async () => {
    const order = await savedOrder(api);
    await call(api, 'POST', paths.order.confirm, { body: { headerGuid: order.headerGuid } });
    const body = (base: string) => ({
      headerGuid: order.headerGuid,
      paymentMethod: 'card',
      returnUrl: `${base}/done`,
      cancelUrl: `${base}/cancel`,
    });
    const forged = await call(api, 'POST', paths.order.createPayment, {
      body: body('http://evil.test'),
      headers: { host: 'evil.test' },
    });
    expectError(forged, 400, 'origin-not-allowed');
    const own = await call(api, 'POST', paths.order.createPayment, {
      body: body('http://127.0.0.1:4000'),
      headers: { host: '127.0.0.1:4000' },
    });
    expect(own.status).toBe(200);
  });
});

describe('coupon changes stop once payment started', () => {
  it('answers 409 when applying to a paid order', async () => {
    const cart = await addItem(api, addBody('KZH-001', 10));
    const saved = await call(api, 'POST', paths.order.save, { body: saveBody(), cartGuid: cart.cartGuid! });
    const headerGuid = (saved.body as { orderHeaderGuid: string }).orderHeaderGuid;
    await call(api, 'POST', paths.order.confirm, { body: { headerGuid } });
    const pay = await call(api, 'POST', paths.order.createPayment, {
      body: {
        headerGuid,
        paymentMethod: 'paypal',
        returnUrl: 'http://localhost:3000/a',
        cancelUrl: 'http://localhost:3000/b',
      },
    });
    await call(api, 'POST', `${new URL((pay.body as { redirectUrl: string }).redirectUrl).pathname}/approve`);
    const res = await call(api, 'POST', paths.coupon.apply, { body: { headerGuid, code: 'WILLKOMMEN10' } });
    expectError(res, 409, 'order-state');
  });
});

describe('cart view cache', () => {
  it('never serves a stale cart after a paid order empties it', async () => {
    const cart = await addItem(api, addBody('KZH-001', 2));
    const guid = cart.cartGuid!;
    // Read twice so the view is cached.
    await call(api, 'GET', paths.cart.get, { cartGuid: guid });
    expect(((await call(api, 'GET', paths.cart.get, { cartGuid: guid })).body as Cart).items).toHaveLength(1);
    const saved = await call(api, 'POST', paths.order.save, { body: saveBody(), cartGuid: guid });
    const headerGuid = (saved.body as { orderHeaderGuid: string }).orderHeaderGuid;
    await call(api, 'POST', paths.order.confirm, { body: { headerGuid } });
    const pay = await call(api, 'POST', paths.order.createPayment, {
      body: {
        headerGuid,
        paymentMethod: 'paypal',
        returnUrl: 'http://localhost:3000/a',
        cancelUrl: 'http://localhost:3000/b',
      },
    });
    await call(api, 'POST', `${new URL((pay.body as { redirectUrl: string }).redirectUrl).pathname}/approve`);
    expect(((await call(api, 'GET', paths.cart.get, { cartGuid: guid })).body as Cart).items).toEqual([]);
  });

  it('never serves a stale cart after concurrent reads and writes', async () => {
    const guid = (await addItem(api, addBody('KZH-001'))).cartGuid!;
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 === 0
          ? call(api, 'GET', paths.cart.get, { cartGuid: guid })
          : call(api, 'POST', paths.cart.addItem, { body: addBody('KZH-001'), cartGuid: guid }),
      ),
    );
    const cart = (await call(api, 'GET', paths.cart.get, { cartGuid: guid })).body as Cart;
    expect(cart.items![0]!.quantity).toBe(11);
  });
});
