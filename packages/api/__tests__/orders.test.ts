import type { Order, OrderDesign, OrderList } from '@lp/sdk/contract';
import { paths } from '@lp/sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Api,
  addBody,
  addItem,
  address,
  call,
  demoOrderFilter,
  loginDemo,
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

describe('saveOrder', () => {
  it('saves the cart as an order with server totals and a friendly number', async () => {
    const { headerGuid } = await savedOrder(api, 2);
    const order = await getOrder(headerGuid);
    expect(order).toMatchObject({
      headerGuid,
      status: 'saved',
      companyId: 1001,
      cartAmount: 9.8,
      discountAmount: 0,
      totalAmount: 14.7,
      shippingOption: { id: 1, name: 'DHL Standard', price: 4.9 },
      paymentMethod: 'paypal',
      coupon: null,
      isCustomDesign: false,
    });
    expect(order.orderNumber).toMatch(/^LP-\d{4}-\d{6}$/);
    expect(order.orderItems).toEqual([
      expect.objectContaining({
        itemId: 'KZH-001',
        price: 4.9,
        itemQuantity: 2,
        businessName: expect.any(String),
      }),
    ]);
    expect(order.billingAddress).toEqual(address);
  });

  it('updates the same order when the cart is saved again with its headerGuid while unpaid', async () => {
    const { cartGuid, headerGuid } = await savedOrder(api);
    await addItem(api, addBody('KZH-003'), cartGuid);
    const again = await call(api, 'POST', paths.order.save, {
      body: saveBody({ paymentMethod: 'card', headerGuid }),
      cartGuid,
    });
    expect(again.body).toEqual({ orderHeaderGuid: headerGuid });
    const order = await getOrder(headerGuid);
    expect(order.orderItems).toHaveLength(2);
    expect(order.paymentMethod).toBe('card');
  });

  it('never hands an order to someone who holds only the cart guid (security review 1)', async () => {
    // The attacker creates cart + order and shares /cart?cartGuid=X; the victim checks out in that cart.
    const { cartGuid, headerGuid: attackers } = await savedOrder(api);
    const victimBody = saveBody({
      billingPerson: { email: 'victim@example.de', phone: '+49 1709999999', name: 'Vera', lastName: 'Opfer' },
    });
    const victim = await call(api, 'POST', paths.order.save, { body: victimBody, cartGuid });
    const victimsGuid = (victim.body as { orderHeaderGuid: string }).orderHeaderGuid;
    expect(victimsGuid).not.toBe(attackers);
    // The attacker's order still holds the attacker's data and can no longer be confirmed or paid.
    const old = await getOrder(attackers);
    expect(old.billingPerson.email).toBe('erika@example.de');
    expect(old.status).toBe('cancelled');
    expect((await call(api, 'POST', paths.order.confirm, { body: { headerGuid: attackers } })).status).toBe(
      409,
    );
    // A headerGuid of another cart is not reused either: the save makes a new order of this cart.
    const other = await savedOrder(api);
    const foreign = await call(api, 'POST', paths.order.save, {
      body: saveBody({ headerGuid: other.headerGuid }),
      cartGuid,
    });
    expect((foreign.body as { orderHeaderGuid: string }).orderHeaderGuid).not.toBe(other.headerGuid);
    expect((await getOrder(other.headerGuid)).status).toBe('saved');
    const bad = await call(api, 'POST', paths.order.save, { body: saveBody({ headerGuid: 'x' }), cartGuid });
    expectError(bad, 400, 'validation');
  });

  it('gives every order a unique number, also under parallel saves', async () => {
    const carts = await Promise.all(Array.from({ length: 12 }, () => addItem(api, addBody('KZH-001'))));
    const saved = await Promise.all(
      carts.map((c) => call(api, 'POST', paths.order.save, { body: saveBody(), cartGuid: c.cartGuid! })),
    );
    const numbers = await Promise.all(
      saved.map(
        async (s) => (await getOrder((s.body as { orderHeaderGuid: string }).orderHeaderGuid)).orderNumber,
      ),
    );
    expect(new Set(numbers).size).toBe(12);
  });

  it.each([
    [
      'an invalid email',
      { billingPerson: { ...saveBody().billingPerson, email: 'a..b@x.de' } },
      'billingPerson.email',
    ],
    [
      'an invalid phone',
      { billingPerson: { ...saveBody().billingPerson, phone: '0170 123' } },
      'billingPerson.phone',
    ],
    ['a bad postcode', { shippingAddress: { ...address, zipCode: 'ABCDE' } }, 'shippingAddress.zipCode'],
    ['a foreign country', { shippingAddress: { ...address, country: 'AT' } }, 'shippingAddress.country'],
    [
      'HTML as a name',
      { billingPerson: { ...saveBody().billingPerson, name: '<b>Max</b>' } },
      'billingPerson.name',
    ],
    ['an unknown payment method', { paymentMethod: 'bitcoin' as never }, 'paymentMethod'],
  ])('refuses %s with 400 naming the field', async (_, overrides, field) => {
    const cart = await addItem(api, addBody('KZH-001'));
    const res = await call(api, 'POST', paths.order.save, {
      body: saveBody(overrides),
      cartGuid: cart.cartGuid!,
    });
    expectError(res, 400, 'validation');
    expect((res.body as { message: string }).message).toContain(field);
  });

  it('needs a cart with items', async () => {
    expectError(await call(api, 'POST', paths.order.save, { body: saveBody() }), 400, 'parameter-missing');
    const cart = await addItem(api, addBody('KZH-001'));
    await call(api, 'POST', paths.cart.removeItem, {
      body: { itemInternalId: cart.items![0]!.itemInternalId },
      cartGuid: cart.cartGuid!,
    });
    const empty = await call(api, 'POST', paths.order.save, { body: saveBody(), cartGuid: cart.cartGuid! });
    expect(empty.body).toMatchObject({ status: 400, code: 'cart-empty', message: 'The cart is empty.' });
  });

  it('links the order to a customer only through the session, never by the billing email', async () => {
    const demoPerson = {
      email: 'Demo@lp-de.example',
      phone: '+49 1701234567',
      name: 'Max',
      lastName: 'Mustermann',
    };
    const { headerGuid } = await savedOrder(api, 1, { billingPerson: demoPerson });
    expect((await getOrder(headerGuid)).customerId).toBeNull();
    const session = await loginDemo(api);
    const cart = await addItem(api, addBody('KZH-001'));
    const saved = await call(api, 'POST', paths.order.save, {
      body: saveBody(),
      cartGuid: cart.cartGuid!,
      headers: session,
    });
    expect((await getOrder((saved.body as { orderHeaderGuid: string }).orderHeaderGuid)).customerId).toBe(1);
  });
});

describe('confirmOrder and getOrder', () => {
  it('confirms once and stays confirmed', async () => {
    const { headerGuid } = await savedOrder(api);
    const first = await call(api, 'POST', paths.order.confirm, { body: { headerGuid } });
    expect((first.body as Order).status).toBe('confirmed');
    const second = await call(api, 'POST', paths.order.confirm, { body: { headerGuid } });
    expect((second.body as Order).status).toBe('confirmed');
  });

  it('answers 404 for unknown orders and 400 for missing or malformed input', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await call(api, 'POST', paths.order.confirm, { body: { headerGuid: unknown } })).status).toBe(
      404,
    );
    expectError(
      await call(api, 'POST', paths.order.confirm, { body: { headerGuid: 'x' } }),
      400,
      'validation',
    );
    expectError(await call(api, 'GET', `${paths.order.get}?headerGuid=${unknown}`), 404, 'not-found');
    const missing = await call(api, 'GET', paths.order.get);
    expect(missing.body).toMatchObject({
      status: 400,
      code: 'parameter-missing',
      message: 'The parameter headerGuid cannot be null.',
    });
  });
});

describe('order lists', () => {
  const filter = demoOrderFilter;
  const demo = { email: 'demo@lp-de.example', phone: '+49 1701234567', name: 'Max', lastName: 'Mustermann' };

  let session: Record<string, string>;
  const saveAsDemo = async (quantity: number, paymentMethod: 'paypal' | 'card') => {
    const cart = await addItem(api, addBody('KZH-001', quantity));
    const res = await call(api, 'POST', paths.order.save, {
      body: saveBody({ billingPerson: demo, paymentMethod }),
      cartGuid: cart.cartGuid!,
      headers: session,
    });
    return (res.body as { orderHeaderGuid: string }).orderHeaderGuid;
  };
  /** Order lists need the session (security review 2). */
  const list = (body: unknown) => call(api, 'POST', paths.order.list, { body, headers: session });

  beforeAll(async () => {
    session = await loginDemo(api, '10.9.9.10');
    await saveAsDemo(1, 'paypal');
    const headerGuid = await saveAsDemo(3, 'card');
    await call(api, 'POST', paths.order.confirm, { body: { headerGuid } });
  });

  it('answers 401 without a session and 403 for another customer or company', async () => {
    const anonymous = await call(api, 'POST', paths.order.list, { body: filter() });
    expectError(anonymous, 401, 'unauthorized');
    expect(anonymous.body).toMatchObject({ message: 'Login required.' });
    const query = new URLSearchParams({ ...filter(), Statuses: 'saved' } as unknown as Record<
      string,
      string
    >);
    expectError(await call(api, 'GET', `${paths.order.companyOrders}?${query}`), 401, 'unauthorized');
    expectError(await list(filter({ CustomerId: 99 })), 403, 'forbidden');
    expectError(await list(filter({ CustomerCompanyId: 2002 })), 403, 'forbidden');
  });

  it("lists the customer's orders with paging, status and payment filters", async () => {
    const all = (await list(filter())).body as OrderList;
    expect(all.totalCount).toBeGreaterThanOrEqual(2);
    const confirmed = (await list(filter({ Statuses: ['confirmed'] }))).body as OrderList;
    expect(confirmed.items.every((o) => o.status === 'confirmed')).toBe(true);
    expect(confirmed.items.length).toBeGreaterThan(0);
    const card = (await list(filter({ PaymentMethod: 'card' }))).body as OrderList;
    expect(card.items.every((o) => o.paymentMethod === 'card')).toBe(true);
    const page = (await list(filter({ RowCount: 1, SortField: 'totalAmount', SortDirection: 'asc' })))
      .body as OrderList;
    expect(page.items).toHaveLength(1);
    expect(page.totalCount).toBe(all.totalCount);
  });

  it('lists company orders from the query string with repeatable Statuses', async () => {
    const f = filter();
    const query = new URLSearchParams(
      Object.entries({ ...f, Statuses: undefined })
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [k, String(v)] as [string, string]),
    );
    query.append('Statuses', 'saved');
    query.append('Statuses', 'confirmed');
    const res = await call(api, 'GET', `${paths.order.companyOrders}?${query}`, { headers: session });
    expect(res.status).toBe(200);
    expect((res.body as OrderList).totalCount).toBeGreaterThanOrEqual(2);
  });

  it('names the missing field of the 11-field filter', async () => {
    const { SortDirection: _, ...rest } = filter();
    const res = await list(rest);
    expect(res.body).toMatchObject({
      status: 400,
      code: 'parameter-missing',
      message: 'The parameter SortDirection cannot be null.',
    });
    const query = new URLSearchParams({ CustomerCompanyId: '2001' });
    const get = await call(api, 'GET', `${paths.order.companyOrders}?${query}`, { headers: session });
    expect((get.body as { message: string }).message).toMatch(/^The parameter \w+ cannot be null\.$/);
  });

  it.each([
    ['an impossible date', { DateFrom: '2026-02-31' }],
    ['an unknown sort field', { SortField: 'id; DROP TABLE orders' as never }],
    ['an unknown status', { Statuses: ['shipped' as never] }],
    ['a huge page size', { RowCount: 100_000 }],
  ])('refuses %s with 400', async (_, overrides) => {
    expectError(await list(filter(overrides)), 400, 'validation');
  });
});

describe('payment types and designs', () => {
  it('lists payment types per company', async () => {
    const res = await call(api, 'GET', paths.order.paymentTypes(1001));
    expect((res.body as { id: string }[]).map((t) => t.id)).toEqual([
      'paypal',
      'card',
      'googlepay',
      'applepay',
    ]);
    expectError(await call(api, 'GET', paths.order.paymentTypes(999)), 404, 'not-found');
    expectError(await call(api, 'GET', '/api/Order/paymentTypes/abc'), 400, 'validation');
  });

  it('answers the designs of an order with the parsed document', async () => {
    const document = { items: [{ type: 'text', value: 'Autohaus Muster' }] };
    const image = `http://127.0.0.1:4000/uploads/${'a'.repeat(64)}.png`;
    const cart = await addItem(
      api,
      addBody('KZH-029', 10, { 'Design-Bild': image, 'Design-Dokument': JSON.stringify(document) }),
    );
    await addItem(api, addBody('KZH-001'), cart.cartGuid!);
    const saved = await call(api, 'POST', paths.order.save, { body: saveBody(), cartGuid: cart.cartGuid! });
    const order = await getOrder((saved.body as { orderHeaderGuid: string }).orderHeaderGuid);
    expect(order.isCustomDesign).toBe(true);
    const proof = `?headerGuid=${order.headerGuid}`;
    const designs = (await call(api, 'GET', paths.order.designs(order.orderNumber) + proof))
      .body as OrderDesign[];
    expect(designs).toEqual([{ itemInternalId: expect.any(String), imageUrl: image, document }]);
    // Security review 3: the guessable number alone reveals nothing, not even that the order exists.
    for (const suffix of ['', '?headerGuid=00000000-0000-4000-8000-000000000000', '?headerGuid=%3Cx%3E']) {
      const res = await call(api, 'GET', paths.order.designs(order.orderNumber) + suffix);
      expectError(res, 404, 'not-found');
      expect(res.body).toMatchObject({ message: 'Order not found.' });
    }
    expect(
      (await call(api, 'GET', paths.order.designs(order.orderNumber), { headers: await loginDemo(api) }))
        .status,
    ).toBe(404);
    expectError(await call(api, 'GET', paths.order.designs('LP-1999-000000')), 404, 'not-found');
    expectError(await call(api, 'GET', paths.order.designs("x' OR 1=1")), 404, 'not-found');
  });
});
