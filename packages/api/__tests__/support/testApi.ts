import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import pg from 'pg';
import type { AddCartItemBody, ApiErrorCode, Cart, OrderListFilter, SaveOrderBody } from '@lp/sdk/contract';
import { API_ERROR_CODES, paths } from '@lp/sdk/contract';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { loadConfig } from '../../src/config';
import { createApi } from '../../src/index';
import type { ApiOptions } from '../../src/options';
import { checkSerialiser } from './checkSerialiser';

export type Api = FastifyInstance;

/**
 * A fresh API on a fresh database (real seed); rate limit and load shedding off unless asked for (a test machine
 * running many suites at once lags like an overloaded server). By default PGlite in memory; when
 * TEST_DATABASE_URL names a PostgreSQL server, each API gets its own new database there, dropped on close.
 */
export async function makeApi(options: ApiOptions = {}): Promise<Api> {
  const api = await makeApiOn(options);
  if (process.env.LP_CHECK_SERIALISER) checkSerialiser(api, process.env.LP_CHECK_SERIALISER);
  return api;
}

/**
 * Storage that outlives an API process (a PGlite folder, or a database on TEST_DATABASE_URL's server): each call of
 * the answer starts a fresh API process on the data the earlier ones wrote, as a restart does. Folders, databases
 * and APIs are cleaned up through `cleanups` (the test's afterEach runs them in reverse).
 */
export async function restartableApi(
  cleanups: (() => Promise<void> | void)[],
  prefix = 'lp-restart-',
): Promise<() => Promise<Api>> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const server = process.env.TEST_DATABASE_URL;
  const database = server ? await createTestDatabase(server) : undefined;
  if (database) cleanups.push(() => database.drop());
  return async () => {
    const api = await createApi({
      ...(database ? { databaseUrl: database.url } : { dataDir: join(dir, 'pglite') }),
      rateLimit: false,
      loadShedding: false,
      uploadDir: join(dir, 'uploads'),
    });
    cleanups.push(() => api.close());
    return api;
  };
}

/** An API with the logger `LOG=1` gives the operator, its JSON lines collected in `lines` (clear it with `length = 0`). */
export async function makeLoggingApi(): Promise<{ api: Api; lines: string[] }> {
  const { logger } = loadConfig({ LOG: '1' });
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { api: await makeApi({ logger: { ...(logger as object), stream } }), lines };
}

async function makeApiOn(options: ApiOptions): Promise<Api> {
  const server = process.env.TEST_DATABASE_URL;
  if (!server || options.dataDir !== undefined)
    return createApi({ dataDir: 'memory', rateLimit: false, loadShedding: false, ...options });
  const database = await createTestDatabase(server);
  // Uploads go to a temp folder too, never to the repository's .data folder.
  const uploadDir = options.uploadDir ?? mkdtempSync(join(tmpdir(), 'lp-uploads-'));
  const api = await createApi({
    rateLimit: false,
    loadShedding: false,
    uploadDir,
    ...options,
    databaseUrl: database.url,
  });
  api.addHook('onClose', async () => {
    // Close the pool first, so dropping the database does not cut live connections.
    await api.db.close();
    await database.drop();
    if (!options.uploadDir) rmSync(uploadDir, { recursive: true, force: true });
  });
  return api;
}

/** A new, empty database on the PostgreSQL server at `server` (parallel test files never share one). */
export async function createTestDatabase(server: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `lp_test_${randomUUID().replace(/-/g, '')}`;
  await admin(server, `CREATE DATABASE ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  return { url: url.href, drop: () => admin(server, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

async function admin(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export interface Call {
  status: number;
  body: unknown;
  headers: LightMyRequestResponse['headers'];
  raw: LightMyRequestResponse;
}

/** One request through `inject`; JSON bodies parsed. */
export async function call(
  api: Api,
  method: InjectOptions['method'],
  url: string,
  options: { body?: unknown; headers?: Record<string, string>; cartGuid?: string } = {},
): Promise<Call> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.cartGuid !== undefined) headers.CartGuid = options.cartGuid;
  const raw = await api.inject({
    method,
    url,
    headers,
    ...(options.body === undefined ? {} : { payload: options.body as object }),
  });
  const type = String(raw.headers['content-type'] ?? '');
  const body = type.includes('json') && raw.body ? JSON.parse(raw.body) : raw.body;
  // A HEAD answer has no body to check.
  if (raw.statusCode >= 400 && method !== 'HEAD') expectErrorBody(raw.statusCode, body);
  return { status: raw.statusCode, body, headers: raw.headers, raw };
}

/**
 * DESIGN 2: every error answer of every test is the contract's error body, its `code` from the closed union; the
 * tests then say which code they expect.
 */
export function expectErrorBody(status: number, body: unknown): void {
  const { status: bodyStatus, code, message } = (body ?? {}) as Record<string, unknown>;
  if (
    bodyStatus !== status ||
    !API_ERROR_CODES.includes(code as ApiErrorCode) ||
    typeof message !== 'string'
  ) {
    throw new Error(`error answer ${status} is not the contract's error body: ${JSON.stringify(body)}`);
  }
}

/** The answer is the error `status` with the machine `code` (DESIGN 2). */
export function expectError(
  res: { status: number; body: unknown },
  status: number,
  code: ApiErrorCode,
): void {
  expect({ status: res.status, code: (res.body as { code?: unknown } | undefined)?.code }).toEqual({
    status,
    code,
  });
}

/** Attributes of a valid standard car plate (Auto products). */
export const plateAttributes = (text = 'B-AB 123') => ({
  Kennzeichen: text,
  'Kennzeichen-Art': 'Standard',
  Kennzeichengröße: '520x110',
});

export function addBody(
  productUniqueId: string,
  quantity = 1,
  attributes: Record<string, string> = {},
): AddCartItemBody {
  return {
    productUniqueId,
    quantity,
    addData: [{ count: quantity, info: { Alias: 'x', Title: 'x', Attributes: attributes } }],
  };
}

/** Adds a line and returns the cart (throws with the answer when the add fails). */
export async function addItem(api: Api, body: AddCartItemBody, cartGuid?: string): Promise<Cart> {
  const res = await call(api, 'POST', '/api/Cart/addCartItem', { body, ...(cartGuid ? { cartGuid } : {}) });
  if (res.status !== 200) throw new Error(`add failed ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as Cart;
}

export const address = {
  name: 'Max',
  lastName: 'Mustermann',
  street: 'Hauptstraße',
  houseNumber: '12a',
  zipCode: '10115',
  city: 'Berlin',
  country: 'DE',
};

export const saveBody = (overrides: Partial<SaveOrderBody> = {}): SaveOrderBody => ({
  billingPerson: {
    email: 'erika@example.de',
    phone: '+49 1701234567',
    name: 'Erika',
    lastName: 'Musterfrau',
  },
  shippingAddress: address,
  paymentMethod: 'paypal',
  ...overrides,
});

/** A cart with one holder (KZH-001, 4.90 EUR) x quantity, saved as an order; returns guid and header guid. */
export async function savedOrder(api: Api, quantity = 1, overrides: Partial<SaveOrderBody> = {}) {
  const cart = await addItem(api, addBody('KZH-001', quantity));
  const res = await call(api, 'POST', '/api/Order/saveOrder', {
    body: saveBody(overrides),
    cartGuid: cart.cartGuid!,
  });
  if (res.status !== 200) throw new Error(`save failed ${res.status} ${JSON.stringify(res.body)}`);
  return { cartGuid: cart.cartGuid!, headerGuid: (res.body as { orderHeaderGuid: string }).orderHeaderGuid };
}

/**
 * Confirms a saved order and starts its payment (PayPal, sandbox), as the shop does; answers the sandbox payment
 * page's path (`…/approve` and `…/cancel` finish it).
 */
export async function sandboxPayment(
  api: Api,
  headerGuid: string,
  shop = 'http://localhost:3000',
): Promise<string> {
  expect((await call(api, 'POST', paths.order.confirm, { body: { headerGuid } })).status).toBe(200);
  const payment = await call(api, 'POST', paths.order.createPayment, {
    body: {
      headerGuid,
      paymentMethod: 'paypal',
      returnUrl: `${shop}/wait-for-confirmation`,
      cancelUrl: `${shop}/cancel-order`,
    },
    headers: { host: '127.0.0.1:4000' },
  });
  expect(payment.status).toBe(200);
  return new URL((payment.body as { redirectUrl: string }).redirectUrl).pathname;
}

/**
 * Saves the cart as an order (`saveBody(overrides)`), confirms it and pays it (sandbox, approved), as the shop's
 * checkout does; answers the order's number and guid.
 */
export async function payCart(
  api: Api,
  cartGuid: string,
  overrides: Partial<SaveOrderBody> = {},
): Promise<{ orderNumber: string; headerGuid: string }> {
  const saved = await call(api, 'POST', paths.order.save, { body: saveBody(overrides), cartGuid });
  if (saved.status !== 200) throw new Error(`save failed ${saved.status} ${JSON.stringify(saved.body)}`);
  const headerGuid = (saved.body as { orderHeaderGuid: string }).orderHeaderGuid;
  const payment = await sandboxPayment(api, headerGuid);
  expect((await call(api, 'POST', `${payment}/approve`)).status).toBe(303);
  const [order] = await api.db.query<{ order_number: string; status: string }>(
    'SELECT order_number, status FROM orders WHERE header_guid = $1',
    [headerGuid],
  );
  expect(order?.status).toBe('paid');
  return { orderNumber: order!.order_number, headerGuid };
}

/** Logs the demo customer in and answers the headers a browser would send next (session cookie + anti-forgery). */
export async function loginDemo(api: Api, ip = '10.9.9.9'): Promise<Record<string, string>> {
  const res = await call(api, 'POST', '/api/Account/login', {
    body: { email: 'demo@lp-de.example', password: 'Demo1234!' },
    headers: { 'x-forwarded-for': ip },
  });
  if (res.status !== 200) throw new Error(`login failed ${res.status}`);
  const token = ([] as string[])
    .concat(res.headers['set-cookie'] ?? [])
    .find((c) => c.startsWith('lp_session='))!
    .split(';')[0]!;
  const xsrf = 'abcdefghijklmnopqrstuvwx';
  return { cookie: `${token}; XSRF-TOKEN=${xsrf}`, 'X-XSRF-TOKEN': xsrf };
}

/** An order-list filter with all 11 fields (spec 5) for the seeded demo customer; override what a test varies. */
export const demoOrderFilter = (overrides: Partial<OrderListFilter> = {}): OrderListFilter => ({
  CustomerCompanyId: 2001,
  CustomerId: 1,
  CustomerCompanyGroupRoleId: 3001,
  PageNumber: 1,
  RowCount: 10,
  DateFrom: '2000-01-01',
  DateTo: '2999-12-31',
  Statuses: [],
  PaymentMethod: '',
  SortField: 'createdAt',
  SortDirection: 'desc',
  ...overrides,
});
