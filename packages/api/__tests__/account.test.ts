import type { Cart, Customer, OrderList, OrderListFilter } from '@lp/sdk/contract';
import { accountPaths, paths } from '@lp/sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashNewPassword, verifyPassword } from '../src/account/password';
import {
  type Api,
  addBody,
  addItem,
  call,
  demoOrderFilter,
  makeApi,
  saveBody,
  savedOrder,
  expectError,
} from './support/testApi';

const DEMO = { email: 'demo@lp-de.example', password: 'Demo1234!' };
const demoPerson = { email: DEMO.email, phone: '+49 1701234567', name: 'Max', lastName: 'Mustermann' };

let api: Api;
let ipCounter = 0;
/** Each test logs in from its own address, so the login limit of one test never touches another. */
const freshIp = () => `10.0.0.${++ipCounter}`;

beforeAll(async () => {
  // trustProxy: X-Forwarded-For picks the client address (rate limit), X-Forwarded-Proto the scheme (Secure).
  api = await makeApi({ trustProxy: true });
  await api.db.query(
    `INSERT INTO customers (id, email, password_hash, name, last_name, customer_company_id,
       customer_company_group_role_id) VALUES (2, 'other@lp-de.example', $1, 'Erika', 'Muster', 2002, 3001)`,
    [await hashNewPassword('Other1234!')],
  );
});
afterAll(() => api.close());

function sessionCookieOf(setCookie: string | string[] | undefined): string | undefined {
  return ([] as string[]).concat(setCookie ?? []).find((c) => c.startsWith('lp_session='));
}

async function login(body: unknown, ip = freshIp(), extra: Record<string, string> = {}) {
  return call(api, 'POST', accountPaths.login, { body, headers: { 'x-forwarded-for': ip, ...extra } });
}

/** Logs in and answers the Cookie header a browser would send next (session + anti-forgery token). */
async function session(credentials = DEMO) {
  const res = await login(credentials);
  expect(res.status).toBe(200);
  const token = sessionCookieOf(res.headers['set-cookie'])!.split(';')[0]!;
  const xsrf = 'abcdefghijklmnopqrstuvwx';
  return {
    cookie: `${token}; XSRF-TOKEN=${xsrf}`,
    xsrf,
    headers: { cookie: `${token}; XSRF-TOKEN=${xsrf}` },
  };
}

const filter = demoOrderFilter;

describe('passwords', () => {
  it('hashes with scrypt and a random salt, and verifies only the right password', async () => {
    const a = await hashNewPassword('geheim');
    const b = await hashNewPassword('geheim');
    expect(a).toMatch(/^scrypt\$[0-9a-f]{32}\$[0-9a-f]{64}$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('geheim', a)).toBe(true);
    expect(await verifyPassword('Geheim', a)).toBe(false);
    expect(await verifyPassword('geheim', undefined)).toBe(false);
    expect(await verifyPassword('geheim', 'plain-text')).toBe(false);
  });

  it('never stores the seed password in clear text', async () => {
    const [row] = await api.db.query<{ password_hash: string }>(
      'SELECT password_hash FROM customers WHERE id = 1',
    );
    expect(row!.password_hash).toMatch(/^scrypt\$/);
    expect(row!.password_hash).not.toContain(DEMO.password);
  });
});

describe('POST /api/Account/login', () => {
  it('answers the customer and sets an httpOnly, SameSite=Lax session cookie', async () => {
    const res = await login(DEMO);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: 1,
      email: DEMO.email,
      name: 'Max',
      lastName: 'Mustermann',
      customerCompanyId: 2001,
      customerCompanyGroupRoleId: 3001,
    } satisfies Customer);
    expect(JSON.stringify(res.body)).not.toMatch(/scrypt|password/i);
    const cookie = sessionCookieOf(res.headers['set-cookie'])!;
    expect(cookie).toMatch(
      // Session 25: without "Angemeldet bleiben" a cookie the browser drops when it closes (sharedComputerSession.test.ts).
      /^lp_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax$/,
    );
    expect(cookie).not.toMatch(/Secure/);
  });

  it('lets no cache keep the login answer (the customer’s name and e-mail), also a refused one', async () => {
    const ok = await login(DEMO);
    const wrong = await login({ ...DEMO, password: 'Demo1234?' });
    expect([ok.status, wrong.status]).toEqual([200, 401]);
    for (const res of [ok, wrong]) expect(res.headers['cache-control']).toBe('no-store');
  });

  it('marks the cookie Secure when the shopper came over https', async () => {
    const res = await login(DEMO, freshIp(), { 'x-forwarded-proto': 'https' });
    expect(sessionCookieOf(res.headers['set-cookie'])).toMatch(/; Secure/);
  });

  it('stores only a hash of the session token', async () => {
    const res = await login(DEMO);
    const token = sessionCookieOf(res.headers['set-cookie'])!.split(';')[0]!.split('=')[1]!;
    const rows = await api.db.query<{ token_hash: string }>('SELECT token_hash FROM sessions');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r) => r.token_hash === token)).toBe(false);
  });

  it('accepts the email in any case and with spaces around it', async () => {
    expect((await login({ ...DEMO, email: '  DEMO@LP-DE.example ' })).status).toBe(200);
  });

  it('answers the same 401 for a wrong password and an unknown email, with no cookie', async () => {
    const wrong = await login({ ...DEMO, password: 'Demo1234?' });
    const unknown = await login({ email: 'nobody@lp-de.example', password: DEMO.password });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ status: 401, code: 'login-failed', message: 'Invalid email or password.' });
      expect(sessionCookieOf(res.headers['set-cookie'])).toBeUndefined();
    }
  });

  it.each([
    ['no body', undefined],
    ['an array', [DEMO]],
    ['a number as password', { email: DEMO.email, password: 1234 }],
    ['an empty password', { email: DEMO.email, password: '' }],
    ['a missing email', { password: DEMO.password }],
    ['a 100k character email', { email: `${'a'.repeat(100_000)}@x.de`, password: 'x' }],
    ['control characters', { email: 'demo@lp-de.example\u0000', password: DEMO.password }],
    ['extra fields', { ...DEMO, isAdmin: true }],
  ])('refuses %s with a clear 400', async (_name, body) => {
    const res = await login(body);
    expect(res.status).toBe(400);
    expect((res.body as { code?: string }).code).toMatch(/^(parameter-missing|validation)$/);
    expect((res.body as { message: string }).message).toMatch(/parameter|Invalid|body/i);
    expect(sessionCookieOf(res.headers['set-cookie'])).toBeUndefined();
  });

  it('refuses a form post (login CSRF from another site) with 415', async () => {
    const res = await api.inject({
      method: 'POST',
      url: accountPaths.login,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': freshIp() },
      payload: new URLSearchParams(DEMO).toString(),
    });
    expect(res.statusCode).toBe(415);
    expect(sessionCookieOf(res.headers['set-cookie'])).toBeUndefined();
    const plain = await api.inject({
      method: 'POST',
      url: accountPaths.login,
      headers: { 'content-type': 'text/plain', 'x-forwarded-for': freshIp() },
      payload: JSON.stringify(DEMO),
    });
    expect(plain.statusCode).toBe(415);
  });

  it('treats SQL in the email as text', async () => {
    const res = await login({ email: "' OR 1=1 --", password: "' OR '1'='1" });
    expectError(res, 401, 'login-failed');
    expect((await api.db.query('SELECT 1 FROM customers WHERE id = 1')).length).toBe(1);
  });

  it('stops a password guesser after 10 failures with 429, even with the right password', async () => {
    const ip = freshIp();
    for (let i = 0; i < 10; i++)
      expectError(await login({ ...DEMO, password: `guess${i}` }, ip), 401, 'login-failed');
    const blocked = await login(DEMO, ip);
    expectError(blocked, 429, 'login-rate-limited');
    expect(blocked.headers['retry-after']).toMatch(/^\d+$/);
    expect((blocked.body as { message: string }).message).toMatch(/Too many login attempts/);
    // Another address is not affected.
    expect((await login(DEMO)).status).toBe(200);
  });

  it('needs the anti-forgery header when the browser already holds cookies', async () => {
    const res = await login(DEMO, freshIp(), { cookie: 'XSRF-TOKEN=abcdefghijklmnopqrstuvwx' });
    expectError(res, 403, 'forbidden-xsrf');
  });
});

describe('GET /api/Account/me and POST /api/Account/logout', () => {
  it('answers the customer for a session and 401 without one', async () => {
    const { headers } = await session();
    const me = await call(api, 'GET', accountPaths.me, { headers });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: 1, email: DEMO.email });
    expect(me.headers['cache-control']).toBe('no-store');
    expectError(await call(api, 'GET', accountPaths.me), 401, 'unauthorized');
    const forged = await call(api, 'GET', accountPaths.me, {
      headers: { cookie: `lp_session=${'A'.repeat(43)}` },
    });
    expectError(forged, 401, 'unauthorized');
    expect(
      (await call(api, 'GET', accountPaths.me, { headers: { cookie: 'lp_session=<script>' } })).status,
    ).toBe(401);
  });

  it('ends the session on logout (204, cookie cleared) so the old cookie no longer works', async () => {
    const { headers, xsrf } = await session();
    const out = await call(api, 'POST', accountPaths.logout, {
      headers: { ...headers, 'x-xsrf-token': xsrf },
    });
    expect(out.status).toBe(204);
    expect(sessionCookieOf(out.headers['set-cookie'])).toMatch(/^lp_session=; Max-Age=0;.*HttpOnly/);
    expectError(await call(api, 'GET', accountPaths.me, { headers }), 401, 'unauthorized');
  });

  it('refuses a logout without the anti-forgery header (403) and keeps the session', async () => {
    const { headers } = await session();
    expectError(await call(api, 'POST', accountPaths.logout, { headers }), 403, 'forbidden-xsrf');
    expect((await call(api, 'GET', accountPaths.me, { headers })).status).toBe(200);
  });

  it('forgets an expired session', async () => {
    const { headers } = await session();
    await api.db.query("UPDATE sessions SET expires_at = now() - interval '1 minute'");
    expectError(await call(api, 'GET', accountPaths.me, { headers }), 401, 'unauthorized');
  });
});

describe('cart and orders with a session', () => {
  /** Orders are linked to a customer only through the session that saves them (security review 2). */
  async function saveWithSession(credentials: typeof DEMO, email: string, quantity: number) {
    const { headers, xsrf } = await session(credentials);
    const cart = await addItem(api, addBody('KZH-001', quantity));
    const res = await call(api, 'POST', paths.order.save, {
      body: saveBody({ billingPerson: { ...demoPerson, email } }),
      cartGuid: cart.cartGuid!,
      headers: { ...headers, 'x-xsrf-token': xsrf },
    });
    expect(res.status).toBe(200);
  }

  beforeAll(async () => {
    await saveWithSession(DEMO, DEMO.email, 1);
    await saveWithSession({ email: 'other@lp-de.example', password: 'Other1234!' }, 'other@lp-de.example', 2);
    // Same billing email, but no session: this order belongs to nobody.
    await savedOrder(api, 1, { billingPerson: demoPerson });
  });

  it('attaches the cart to the logged-in customer, and leaves it alone without a session', async () => {
    const cart = await addItem(api, addBody('KZH-001'));
    const anonymous = await call(api, 'POST', paths.cart.attachToUser, { cartGuid: cart.cartGuid! });
    expect((anonymous.body as Cart).userId).toBeNull();
    const { headers, xsrf } = await session();
    const attached = await call(api, 'POST', paths.cart.attachToUser, {
      cartGuid: cart.cartGuid!,
      headers: { ...headers, 'x-xsrf-token': xsrf },
    });
    expect(attached.status).toBe(200);
    expect((attached.body as Cart).userId).toBe(1);
    const reread = await call(api, 'GET', paths.cart.get, { cartGuid: cart.cartGuid! });
    expect((reread.body as Cart).userId).toBe(1);
  });

  it("lists the customer's own orders and refuses another customer's (403)", async () => {
    const { headers, xsrf } = await session();
    const post = (body: OrderListFilter) =>
      call(api, 'POST', paths.order.list, { body, headers: { ...headers, 'x-xsrf-token': xsrf } });
    const own = await post(filter());
    expect(own.status).toBe(200);
    const list = own.body as OrderList;
    expect(list.totalCount).toBeGreaterThanOrEqual(1);
    expect(list.items.every((o) => o.billingPerson.email === DEMO.email)).toBe(true);
    expectError(await post(filter({ CustomerId: 2, CustomerCompanyId: 2002 })), 403, 'forbidden');
    expectError(await post(filter({ CustomerCompanyId: 2002 })), 403, 'forbidden');
    const company = await call(api, 'GET', `${paths.order.companyOrders}?${companyQuery(2002)}`, { headers });
    expectError(company, 403, 'forbidden');
    const ownCompany = await call(api, 'GET', `${paths.order.companyOrders}?${companyQuery(2001)}`, {
      headers,
    });
    expect(ownCompany.status).toBe(200);
  });

  it('shows the other customer only their own orders', async () => {
    const { headers, xsrf } = await session({ email: 'other@lp-de.example', password: 'Other1234!' });
    const res = await call(api, 'POST', paths.order.list, {
      body: filter({ CustomerId: 2, CustomerCompanyId: 2002 }),
      headers: { ...headers, 'x-xsrf-token': xsrf },
    });
    expect(res.status).toBe(200);
    const list = res.body as OrderList;
    expect(list.totalCount).toBe(1);
    expect(list.items[0]!.billingPerson.email).toBe('other@lp-de.example');
    const demoList = await call(api, 'POST', paths.order.list, {
      body: filter(),
      headers: { ...headers, 'x-xsrf-token': xsrf },
    });
    expectError(demoList, 403, 'forbidden');
  });

  it('answers 401 to order lists without a session (security review 2)', async () => {
    const res = await call(api, 'POST', paths.order.list, { body: filter() });
    expectError(res, 401, 'unauthorized');
    expect(res.body).toMatchObject({ message: 'Login required.' });
    const company = await call(api, 'GET', `${paths.order.companyOrders}?${companyQuery(2001)}`);
    expectError(company, 401, 'unauthorized');
  });
});

function companyQuery(companyId: number): string {
  const f = filter({ CustomerCompanyId: companyId, CustomerId: companyId === 2001 ? 1 : 2 });
  return new URLSearchParams(
    Object.entries(f)
      .filter(([key]) => key !== 'Statuses')
      .map(([key, value]): [string, string] => [key, String(value)]),
  ).toString();
}
