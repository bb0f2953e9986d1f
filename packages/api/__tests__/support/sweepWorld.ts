import { API_ERROR_CODES, type ApiErrorCode, paths } from '@lp/sdk/contract';
import type { InjectOptions, LightMyRequestResponse, RouteOptions } from 'fastify';
import { afterAll } from 'vitest';
import { sessionStore } from '../../src/account/sessionStore';
import {
  type Api,
  addBody,
  addItem,
  address,
  demoOrderFilter,
  loginDemo,
  makeApi,
  sandboxPayment,
  saveBody,
  savedOrder,
} from './testApi';

/**
 * The route sweep's world (routeSweep*.test.ts): the seeded shop with a saved, confirmed order whose payment is
 * running, a demo login, one fresh cart per route, one valid request per route to mutate, and the checks every
 * answer must pass.
 */
export interface World {
  api: Api;
  session: Record<string, string>;
  headerGuid: string;
  orderNumber: string;
  orderItemId: string;
  paymentId: string;
  mailId: string;
}

/**
 * The API a route sweep runs against, started for the test file and closed after it, with its {@link World}. The
 * test file mocks fastify with `observingRoutes` itself (vi.mock is hoisted only in the test file), so that
 * `observedRoutes` lists every route this API registers.
 */
export async function startSweptApi(): Promise<{ api: Api; world: World }> {
  const api = await makeApi();
  await api.ready();
  afterAll(() => api.close());
  return { api, world: await sweepWorld(api) };
}

export async function sweepWorld(api: Api): Promise<World> {
  const session = await loginDemo(api);
  const { headerGuid } = await savedOrder(api);
  const payment = await sandboxPayment(api, headerGuid);
  const [order] = await api.db.query<{ order_number: string; id: number }>(
    'SELECT order_number, id FROM orders WHERE header_guid = $1',
    [headerGuid],
  );
  const [item] = await api.db.query<{ item_internal_id: string }>(
    'SELECT item_internal_id FROM order_items WHERE order_id = $1',
    [order!.id],
  );
  const [mail] = await api.db.query<{ id: string }>('SELECT id FROM outbox_mails LIMIT 1');
  return {
    api,
    session,
    headerGuid,
    orderNumber: order!.order_number,
    orderItemId: item?.item_internal_id ?? '00000000-0000-4000-8000-000000000000',
    paymentId: payment.split('/').pop()!,
    mailId: mail?.id ?? '00000000-0000-4000-8000-000000000000',
  };
}

/**
 * A new session of the demo customer (id 1), as a login makes, for one route's cases: a case may end the session it
 * came with (a registration signs the new account in), and the account routes' wrong passwords lock the login.
 */
export async function demoSession(api: Api): Promise<Record<string, string>> {
  const token = await sessionStore(api.db).create(1);
  const xsrf = 'abcdefghijklmnopqrstuvwx';
  return { cookie: `lp_session=${token}; XSRF-TOKEN=${xsrf}`, 'X-XSRF-TOKEN': xsrf };
}

/** A new cart with one line, for one route's cases (so one route's accepted cases never change another's). */
export async function freshCart(api: Api): Promise<{ cartGuid: string; itemId: string }> {
  const cart = await addItem(api, addBody('KZH-001'));
  return { cartGuid: cart.cartGuid!, itemId: cart.items![0]!.itemInternalId };
}

const shop = 'http://localhost:3000';
/** A password the demo account does not have: a password change the sweep's values would carry out is refused. */
const WRONG = 'Falsch-Passwort-1';
const DEMO = 'Demo1234!';

/** One valid request body per route (route URL as registered); the cart is the route's fresh cart. */
export function validBody(url: string, w: World, cart: { cartGuid: string; itemId: string }): unknown {
  const bodies: Record<string, () => unknown> = {
    [paths.cart.addItem]: () => addBody('KZH-001', 1, { Bemerkung: 'Hallo' }),
    '/api/Cart/copyCart': () => ({ cartGuid: cart.cartGuid }),
    '/api/Cart/updateCartItem': () => ({ itemInternalId: cart.itemId, quantity: 2 }),
    '/api/Cart/removeCartItem': () => ({ itemInternalId: cart.itemId }),
    '/api/Cart/addShippingAddress': () => ({ ...address, company: 'Firma', street2: 'Hinterhaus' }),
    '/api/Cart/addBillingAddress': () => ({ ...address, company: 'Firma', street2: 'Hinterhaus' }),
    '/api/Order/saveOrder': () =>
      saveBody({ billingAddress: { ...address, company: 'Firma' }, buyerReference: 'Ref' }),
    '/api/Order/confirmOrder': () => ({ headerGuid: w.headerGuid }),
    '/api/Order/getOrders': () => demoOrderFilter(),
    '/api/Order/coupon': () => ({ headerGuid: w.headerGuid, code: 'NICHTDA' }),
    '/api/Cart/applyCoupon': () => ({ code: 'NICHTDA' }),
    '/api/Order/createOrderPayment': () => ({
      headerGuid: w.headerGuid,
      paymentMethod: 'paypal',
      returnUrl: `${shop}/wait-for-confirmation`,
      cancelUrl: `${shop}/cancel-order`,
    }),
    // Another address than the demo account's: the sweep's wrong passwords would lock its login.
    '/api/Account/login': () => ({ email: 'niemand@example.de', password: WRONG }),
    '/api/Account/register': () => ({
      email: 'sweep@example.de',
      password: 'Sweep-Passwort-1',
      name: 'Erika',
      lastName: 'Muster',
      confirmUrl: `${shop}/konto/bestaetigen`,
    }),
    '/api/Account/confirmEmail': () => ({ token: 'a'.repeat(43) }),
    '/api/Account/resendConfirmation': () => ({ email: 'niemand@example.de', confirmUrl: `${shop}/k` }),
    '/api/Account/requestPasswordReset': () => ({ email: 'niemand@example.de', resetUrl: `${shop}/k` }),
    '/api/Account/resetPassword': () => ({ token: 'a'.repeat(43), password: 'Neues-Passwort-1' }),
    '/api/Account/changePassword': () => ({ password: WRONG, newPassword: 'Neues-Passwort-1' }),
    '/api/Account/changeEmail': () => ({ email: 'neu@example.de', password: DEMO, confirmUrl: `${shop}/k` }),
    '/api/Account/exportData': () => ({ password: DEMO }),
    // The right password: no single change of this body is a valid deletion (`confirm` must be true).
    '/api/Account/deleteAccount': () => ({ password: DEMO, confirm: true }),
    '/api/ClientErrors': () => ({
      severity: 'error',
      component: 'sweep',
      message: 'Fehler',
      url: `${shop}/`,
    }),
    '/api/Order/withdraw': () => ({
      name: 'Erika Musterfrau',
      orderNumber: w.orderNumber,
      email: 'erika@example.de',
      items: 'alles',
    }),
  };
  return bodies[url]?.() ?? {};
}

/** One valid query per route (route URL as registered). */
export function validQuery(url: string, w: World): Record<string, unknown> {
  const { Statuses: _none, ...filter } = demoOrderFilter();
  const queries: Record<string, Record<string, unknown>> = {
    '/api/v1/business/getproducts': { companyId: 1001, page: 1, pageSize: 10 },
    '/api/v1/business/search-products': { companyId: 1001, q: 'kenn' },
    '/api/v1/business/get-product-by-alias': { companyId: 1001, alias: 'kfz-kennzeichen' },
    '/api/v1/business/get': { alias: 'lp-de' },
    '/api/v1/business/getCategoriesTree': { companyAlias: 'lp-de' },
    '/api/v1/business/get-discounts': { productKey: 'KZH-001', companyId: 1001 },
    '/api/v1/page': { alias: 'impressum', companyId: 1001 },
    '/api/fellowtimeshipping/api/Shipping/getShippingRates': {
      companyId: 1001,
      totalAmount: 20,
      country: 'DE',
    },
    '/api/Order/getOrder': { headerGuid: w.headerGuid },
    '/api/Order/getCustomerCompanyOrders': filter,
    '/api/Coupon/validate': { code: 'NICHTDA', companyId: 1001, totalAmount: 20 },
    '/api/dealer/orders': { limit: 10, offset: 0 },
    '/api/dealer/statement': { month: '2026-01' },
  };
  return queries[url] ?? { companyId: 1001 };
}

/** Valid path parameters (by name). */
export const validParams = (w: World): Record<string, string> => ({
  companyId: '1001',
  orderNumber: w.orderNumber,
  headerGuid: w.headerGuid,
  paymentId: w.paymentId,
  itemInternalId: w.orderItemId,
  creditNoteNumber: 'GS-2026-000001',
  mailId: w.mailId,
});

export const methodsOf = (route: RouteOptions) => [route.method].flat() as string[];

/**
 * What the sweep demands of every answer: never 5xx; a 4xx is the contract's error body, exactly `{ status, code,
 * message, errors? }`, its code from the closed union and its status the HTTP status. Answers a problem or null.
 */
export function problemOf(res: LightMyRequestResponse, method: string): string | null {
  if (res.statusCode >= 500) return `answered ${res.statusCode}: ${res.body.slice(0, 200)}`;
  if (res.statusCode < 400 || method === 'HEAD') return null;
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(res.body) as Record<string, unknown>;
  } catch {
    return `answered ${res.statusCode} with a body that is not JSON: ${res.body.slice(0, 120)}`;
  }
  const extra = Object.keys(body).filter((key) => !['status', 'code', 'message', 'errors'].includes(key));
  if (
    body.status !== res.statusCode ||
    !API_ERROR_CODES.includes(body.code as ApiErrorCode) ||
    typeof body.message !== 'string' ||
    (body.errors !== undefined && !Array.isArray(body.errors)) ||
    extra.length > 0
  ) {
    return `answered ${res.statusCode} with a body that is not the contract's error: ${res.body.slice(0, 200)}`;
  }
  return null;
}

/**
 * What the shop has stored, as one text: every table a refused mutation could write (cart lines and addresses,
 * orders, accounts, uploads, mails, …) and the cart as getCart answers it (so the process still answers too).
 */
export async function storedState(api: Api, cartGuid: string): Promise<string> {
  const tables = [
    'carts',
    'cart_items',
    'orders',
    'order_items',
    'customers',
    'email_confirmations',
    'password_resets',
    'uploads',
    'stored_files',
    'withdrawals',
    'client_errors',
    'payments',
    'outbox_mails',
    'sessions',
  ];
  const [row] = await api.db.query<Record<string, string>>(
    `SELECT ${tables
      .map(
        (table) => `(SELECT count(*) || ':' || coalesce(md5(string_agg(t::text, ',' ORDER BY t::text)), '')
          FROM ${table} t) AS ${table}`,
      )
      .join(', ')}`,
  );
  const cart = await api.inject({ method: 'GET', url: paths.cart.get, headers: { CartGuid: cartGuid } });
  if (cart.statusCode !== 200)
    throw new Error(`getCart answered ${cart.statusCode}: ${cart.body.slice(0, 200)}`);
  return JSON.stringify({ ...row, cart: cart.body });
}

/** One request of the sweep. */
export function send(
  api: Api,
  method: string,
  url: string,
  options: { payload?: string | Buffer; contentType?: string; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.payload !== undefined) headers['content-type'] = options.contentType ?? 'application/json';
  return api.inject({
    method: method as InjectOptions['method'],
    url,
    headers,
    ...(options.payload === undefined ? {} : { payload: options.payload }),
  });
}
