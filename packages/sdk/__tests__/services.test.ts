import { describe, expect, it } from 'vitest';
import { createSdk } from '../src/createSdk';
import { createMemoryStorage } from '../src/appState';
import type { OrderListFilter } from '../src/contract/payloads';
import { isLpError } from '../src/errors';
import { fakeFetch, json } from './support/fakeFetch';

const BASE = 'http://api.test';

function setup(handler?: Parameters<typeof fakeFetch>[0]) {
  const { fetch, calls } = fakeFetch(handler ?? (() => json({})));
  const sdk = createSdk({ baseUrl: BASE, fetch, storage: createMemoryStorage() });
  const last = () => {
    const call = calls.at(-1)!;
    const url = new URL(call.url);
    return { method: call.method, path: url.pathname, query: url.search, body: call.body };
  };
  return { sdk, calls, last };
}

const filter: OrderListFilter = {
  CustomerCompanyId: 1,
  CustomerId: 2,
  CustomerCompanyGroupRoleId: 3,
  PageNumber: 1,
  RowCount: 20,
  DateFrom: '2026-01-01',
  DateTo: '2026-12-31',
  Statuses: ['paid', 'confirmed'],
  PaymentMethod: '',
  SortField: 'createdAt',
  SortDirection: 'desc',
};

async function rejection(promise: Promise<unknown>) {
  const error = await promise.catch((e: unknown) => e);
  expect(isLpError(error)).toBe(true);
  return error as { code: string; message: string };
}

describe('service calls hit the paths of spec 7', () => {
  it.each([
    [
      'coupons.validate',
      (s: ReturnType<typeof createSdk>) => s.coupons.validate('SOMMER10', 1001),
      'GET',
      '/api/Coupon/validate',
      '?code=SOMMER10&companyId=1001',
    ],
    [
      'coupons.apply',
      (s) => s.coupons.apply({ headerGuid: 'h1', code: 'SOMMER10' }),
      'POST',
      '/api/Order/coupon',
      '',
    ],
    ['coupons.remove', (s) => s.coupons.remove('h/1'), 'DELETE', '/api/Order/h%2F1/coupon', ''],
    ['orders.confirm', (s) => s.orders.confirm('h1'), 'POST', '/api/Order/confirmOrder', ''],
    ['orders.list', (s) => s.orders.list(filter), 'POST', '/api/Order/getOrders', ''],
    ['orders.get', (s) => s.orders.get('h1'), 'GET', '/api/Order/getOrder', '?headerGuid=h1'],
    ['orders.paymentTypes', (s) => s.orders.paymentTypes(1001), 'GET', '/api/Order/paymentTypes/1001', ''],
    ['orders.designs', (s) => s.orders.designs('LP-1'), 'GET', '/api/Order/LP-1/designs', ''],
    [
      'orders.designs with the order proof',
      (s) => s.orders.designs('LP-1', 'h1'),
      'GET',
      '/api/Order/LP-1/designs',
      '?headerGuid=h1',
    ],
    [
      'catalogue.menu',
      (s) => s.catalogue.menu(1001),
      'GET',
      '/api/v1/business/getCategoresWithProductsSimple',
      '?companyId=1001',
    ],
    [
      'catalogue.products',
      (s) => s.catalogue.products(1001),
      'GET',
      '/api/v1/business/getproducts',
      '?companyId=1001&page=1&pageSize=1000',
    ],
    [
      'catalogue.productByAlias',
      (s) => s.catalogue.productByAlias(1001, 'funschild'),
      'GET',
      '/api/v1/business/get-product-by-alias',
      '?companyId=1001&alias=funschild',
    ],
    ['catalogue.companies', (s) => s.catalogue.companies(), 'GET', '/api/v1/business/getlist', ''],
    ['catalogue.company', (s) => s.catalogue.company('lp-de'), 'GET', '/api/v1/business/get', '?alias=lp-de'],
    [
      'catalogue.categoryTree',
      (s) => s.catalogue.categoryTree('lp-de'),
      'GET',
      '/api/v1/business/getCategoriesTree',
      '?companyAlias=lp-de',
    ],
    [
      'catalogue.discounts',
      (s) => s.catalogue.discounts('FKZ-001', 1001),
      'GET',
      '/api/v1/business/get-discounts',
      '?productKey=FKZ-001&companyId=1001',
    ],
    ['content.articles', (s) => s.content.articles(1001), 'GET', '/api/v1/get-list', '?companyId=1001'],
    ['content.page', (s) => s.content.page('agb', 1001), 'GET', '/api/v1/page', '?alias=agb&companyId=1001'],
    [
      'shipping.activeMethods',
      (s) => s.shipping.activeMethods(1001),
      'GET',
      '/api/fellowtimeshipping/api/Shipping/getActiveShippingMethods',
      '?companyId=1001',
    ],
    [
      'shipping.countries',
      (s) => s.shipping.countries(),
      'GET',
      '/api/fellowtimeshipping/api/Shipping/getAvailableCountries',
      '',
    ],
    [
      'shipping.rates',
      (s) => s.shipping.rates(1001, 49.9),
      'GET',
      '/api/fellowtimeshipping/api/Shipping/getShippingRates',
      '?companyId=1001&totalAmount=49.9&country=DE',
    ],
    ['cart.startCheckout', (s) => s.cart.startCheckout(), 'POST', '/api/Cart/startCheckout', ''],
    ['cart.stopCheckout', (s) => s.cart.stopCheckout(), 'POST', '/api/Cart/stopCheckout', ''],
    ['cart.attachToUser', (s) => s.cart.attachToUser(), 'POST', '/api/Cart/attachCartToUser', ''],
  ] as [string, (s: ReturnType<typeof createSdk>) => Promise<unknown>, string, string, string][])(
    '%s',
    async (_name, call, method, path, query) => {
      const { sdk, last } = setup();
      await call(sdk);
      expect(last()).toMatchObject({ method, path, query });
    },
  );

  it('companyOrders sends the filter as query with Statuses repeated', async () => {
    const { sdk, last } = setup();
    await sdk.orders.companyOrders(filter);
    const params = new URLSearchParams(last().query);
    expect(last().path).toBe('/api/Order/getCustomerCompanyOrders');
    expect(params.getAll('Statuses')).toEqual(['paid', 'confirmed']);
    expect(params.get('PaymentMethod')).toBe('');
    expect([...new Set(params.keys())]).toHaveLength(11);
  });

  it('orders.save stores the orderHeaderGuid in the app state (spec 4)', async () => {
    const { sdk } = setup(() => json({ orderHeaderGuid: 'oh-1' }));
    await sdk.orders.save({} as never);
    expect(sdk.appState.get().orderHeaderGuid).toBe('oh-1');
  });

  it('cart.addItemImage uploads Image as image.jpg and CompanyId', async () => {
    const { sdk, calls } = setup(() => json({ url: '/uploads/a.png' }));
    const png = new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' });
    await expect(sdk.cart.addItemImage(png, 1001)).resolves.toEqual({ url: '/uploads/a.png' });
    const form = calls[0]!.body as FormData;
    expect((form.get('Image') as File).name).toBe('image.jpg');
    expect(form.get('CompanyId')).toBe('1001');
  });

  it('discounts are cached per key; a failure is not cached', async () => {
    let fail = true;
    const { sdk, calls } = setup(() => (fail ? json({}, 500) : json([{ Percent: 10 }])));
    await expect(sdk.catalogue.discounts('FKZ-001', 1001)).rejects.toThrow();
    fail = false;
    await sdk.catalogue.discounts('FKZ-001', 1001);
    await sdk.catalogue.discounts('FKZ-001', 1001);
    await sdk.catalogue.discounts('FKZ-002', 1001);
    expect(calls).toHaveLength(3);
  });

  it('getCart treats 400 as the empty default cart and passes other errors on (spec 8)', async () => {
    const { sdk } = setup(() => json({ status: 400, message: 'no cart' }, 400));
    await expect(sdk.cart.getCart()).resolves.toEqual({
      id: 0,
      userId: null,
      cartGuid: null,
      deliveryPrice: 0,
      totalAmount: 0,
      items: null,
    });
    const failing = setup(() => json({}, 500));
    await expect(failing.sdk.cart.getCart()).rejects.toMatchObject({ code: 'http', status: 500 });
  });

  it('getCompany runs once and is cached; a failure is retried next time', async () => {
    let n = 0;
    const { sdk, calls } = setup(() =>
      n++ === 0 ? json({}, 503) : json({ UniqueId: 1001, Alias: 'lp-de' }),
    );
    await expect(sdk.getCompany()).rejects.toMatchObject({ status: 503 });
    await Promise.all([sdk.getCompany(), sdk.getCompany()]);
    expect((await sdk.getCompany()).UniqueId).toBe(1001);
    expect(calls).toHaveLength(2);
  });
});

describe('service-layer checks (spec 5)', () => {
  const cases: [string, (s: ReturnType<typeof createSdk>) => Promise<unknown>, string][] = [
    ['coupon validate without code', (s) => s.coupons.validate(null as never, 1001), 'code'],
    ['coupon validate with blank code', (s) => s.coupons.validate('   ', 1001), 'code'],
    ['coupon validate without companyId', (s) => s.coupons.validate('X', undefined as never), 'companyId'],
    ['coupon validate with NaN companyId', (s) => s.coupons.validate('X', Number.NaN), 'companyId'],
    ['coupon removal without headerGuid', (s) => s.coupons.remove(undefined as never), 'headerGuid'],
    ['coupon apply without code', (s) => s.coupons.apply({ headerGuid: 'h' } as never), 'code'],
    ['get order without headerGuid', (s) => s.orders.get(''), 'headerGuid'],
    ['confirm without headerGuid', (s) => s.orders.confirm(null as never), 'headerGuid'],
    ['payment types without companyId', (s) => s.orders.paymentTypes(null as never), 'companyId'],
    ['designs without orderNumber', (s) => s.orders.designs(undefined as never), 'orderNumber'],
    ['image upload without image', (s) => s.cart.addItemImage(null as never, 1001), 'image'],
    ['image upload with an empty image', (s) => s.cart.addItemImage(new Blob([]), 1001), 'image'],
    [
      'image upload without companyId',
      (s) => s.cart.addItemImage(new Blob(['x']), null as never),
      'companyId',
    ],
    ['update without itemInternalId', (s) => s.cart.updateItem({ quantity: 1 } as never), 'itemInternalId'],
    ['remove without body', (s) => s.cart.removeItem(null as never), 'body'],
    ['add without body', (s) => s.cart.addItem(undefined as never), 'body'],
    ['page without alias', (s) => s.content.page(null as never, 1001), 'alias'],
    ['rates without totalAmount', (s) => s.shipping.rates(1001, null as never), 'totalAmount'],
  ];
  it.each(cases)('%s', async (_name, call, parameter) => {
    const { sdk, calls } = setup();
    const error = await rejection(call(sdk));
    expect(error.code).toBe('invalidParameter');
    expect(error.message).toBe(`The parameter ${parameter} cannot be null.`);
    expect(calls).toHaveLength(0);
  });

  it.each(Object.keys(filter))('order list needs %s', async (field) => {
    const { sdk, calls } = setup();
    const error = await rejection(sdk.orders.list({ ...filter, [field]: null } as never));
    expect(error.message).toBe(`The parameter ${field} cannot be null.`);
    const other = await rejection(sdk.orders.companyOrders({ ...filter, [field]: undefined } as never));
    expect(other.message).toBe(`The parameter ${field} cannot be null.`);
    expect(calls).toHaveLength(0);
  });

  it('rejects wrong types and hostile values with a clear error', async () => {
    const { sdk, calls } = setup();
    for (const call of [
      () => sdk.coupons.validate({ toString: () => 'x' } as never, 1001),
      () => sdk.orders.paymentTypes('1001; DROP TABLE' as never),
      () => sdk.catalogue.menu(Number.POSITIVE_INFINITY),
      () => sdk.cart.addItem('text' as never),
      () => sdk.cart.addItem([] as never),
      () => sdk.cart.addItemImage('not a blob' as never, 1001),
      () => sdk.cart.addItemImage(new Blob([new Uint8Array(10 * 1024 * 1024 + 1)]), 1001),
    ]) {
      expect((await rejection(call())).code).toBe('invalidParameter');
    }
    expect(calls).toHaveLength(0);
  });

  it('hostile text travels encoded and cannot change the path', async () => {
    const { sdk, last } = setup();
    await sdk.orders.designs('../../admin?x=1#');
    expect(last().path).toBe('/api/Order/..%2F..%2Fadmin%3Fx%3D1%23/designs');
    await sdk.coupons.validate('<script>alert(1)</script>'.repeat(50), 1001);
    expect(new URLSearchParams(last().query).get('code')).toBe('<script>alert(1)</script>'.repeat(50));
  });
});
