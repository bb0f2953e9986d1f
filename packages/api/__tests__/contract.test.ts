import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { paths } from '@lp/sdk/contract';
import { CartSchema } from '@lp/sdk/contract/schemas';
import Fastify, { type RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { responses } from '../src/http/schemas';
import { observedRoutes } from './support/observedRoutes';
import {
  type Api,
  addBody,
  addItem,
  address,
  call,
  makeApi,
  plateAttributes,
  expectError,
} from './support/testApi';

// Every route the API registers, observed through an onRoute hook installed on the instance createApi builds.
vi.mock('fastify', async (importOriginal) =>
  (await import('./support/observedRoutes')).observingRoutes(await importOriginal()),
);
const routes = observedRoutes;

let api: Api;
beforeAll(async () => {
  api = await makeApi();
  await api.ready();
});
afterAll(() => api.close());

const name = (route: RouteOptions) => `${[route.method].flat().join(',')} ${route.url}`;
const responseOf = (route: RouteOptions) =>
  (route.schema as { response?: Record<string, unknown> } | undefined)?.response;

describe('every route validates and serialises with the contract (DESIGN 2)', () => {
  it('declares a response schema on every route, with the error body for 4xx and 5xx', () => {
    // The CORS plugin's preflight answers 204 without a body.
    const noSchema = ['OPTIONS *'];
    const own = routes.filter((route) => !noSchema.includes(name(route)));
    expect(own.length).toBeGreaterThan(40);
    expect(own.filter((route) => !responseOf(route)).map(name)).toEqual([]);
    expect(
      own.filter((route) => !responseOf(route)?.['4xx'] || !responseOf(route)?.['5xx']).map(name),
    ).toEqual([]);
  });

  it('names the success answer of every route but the sandbox redirects', () => {
    const withoutSuccess = routes
      .filter(
        (route) => responseOf(route) && !Object.keys(responseOf(route)!).some((code) => /^2/.test(code)),
      )
      .map(name);
    // The sandbox's approve and cancel buttons answer 303 to the shop's return or cancel URL; the upload
    // download sends the stored image's bytes.
    expect(withoutSuccess.sort()).toEqual([
      'GET /uploads/:name',
      'HEAD /uploads/:name',
      'POST /sandbox/pay/:paymentId/approve',
      'POST /sandbox/pay/:paymentId/cancel',
    ]);
  });

  it('never sends a server-side field the contract does not name', async () => {
    // A field only the server knows (a purchase price, say) stored with the product: the serialiser drops it.
    await api.db.query(
      `UPDATE products SET data = data || '{"PurchasePrice": 1.23, "SupplierNote": "intern"}'::jsonb
        WHERE company_id = 1001 AND lower(alias) = 'kfz-kennzeichen'`,
    );
    const [stored] = await api.db.query<{ data: Record<string, unknown> }>(
      "SELECT data FROM products WHERE company_id = 1001 AND lower(alias) = 'kfz-kennzeichen'",
    );
    expect(stored?.data.PurchasePrice).toBe(1.23);

    const one = await call(
      api,
      'GET',
      `${paths.business.productByAlias}?companyId=1001&alias=kfz-kennzeichen`,
    );
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ Alias: 'kfz-kennzeichen', Currency: 'EUR' });
    expect(one.body).not.toHaveProperty('PurchasePrice');
    expect(one.body).not.toHaveProperty('SupplierNote');
    const page = await call(api, 'GET', `${paths.business.products}?companyId=1001`);
    expect(JSON.stringify(page.body)).not.toContain('PurchasePrice');
  });
});

describe('request strings (F-1: a lone UTF-16 surrogate is bad input, not a 500)', () => {
  // JSON.stringify writes a lone surrogate as the escape \ud800, as a hostile client would send it.
  const lone = '\ud800';

  it('refuses one in a cart line attribute with 400', async () => {
    const res = await call(api, 'POST', paths.cart.addItem, {
      body: addBody('KZH-001', 1, { ...plateAttributes(), Bemerkung: `Hallo ${lone}` }),
    });
    expectError(res, 400, 'validation');
    expect(res.body).toMatchObject({
      status: 400,
      code: 'validation',
      message: expect.stringContaining('Attributes'),
    });
  });

  it('refuses one in the address company with 400 and still takes an emoji (a surrogate pair)', async () => {
    const cart = await addItem(api, addBody('KZH-001'));
    const send = (company: string) =>
      call(api, 'POST', paths.cart.addShippingAddress, {
        body: { ...address, company },
        cartGuid: cart.cartGuid!,
      });
    const bad = await send(`Firma ${lone}`);
    expectError(bad, 400, 'validation');
    expect(bad.body).toMatchObject({
      status: 400,
      code: 'validation',
      message: expect.stringContaining('company'),
    });
    expect((await send('Schilder 😀 GmbH')).status).toBe(200);
  });
});

describe('typed handlers', () => {
  it('checks what a handler answers against its response schema at compile time', () => {
    const app = Fastify().withTypeProvider<TypeBoxTypeProvider>();
    app.get(
      '/cart',
      { schema: { response: responses({ 200: CartSchema }) } },
      // @ts-expect-error a cart without its totals is not the contract's cart
      async () => ({ id: 1, userId: null, cartGuid: null, items: null }),
    );
    expect(app).toBeDefined();
  });
});
