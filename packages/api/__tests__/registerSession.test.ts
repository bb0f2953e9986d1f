// Session 25, accountfollow (decisions.md "Angemeldet bleiben at registration"): a new account's session is the
// login's: until the browser closes (12 hours at most) unless "Angemeldet bleiben" is ticked (30 days); a body whose
// `remember` is no boolean is refused with a 400 and creates no account.
import { accountPaths } from '@lp/sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hoursLeft, sessionCookie } from './support/sessionLength';
import { type Api, call, expectError, makeApi } from './support/testApi';

let api: Api;
let counter = 0;

beforeAll(async () => {
  api = await makeApi({ trustProxy: true });
});
afterAll(() => api.close());

const freshEmail = () => `bleiben.${Date.now()}.${++counter}@example.de`;

/** A registration from its own address, so no per-client limit joins in. */
const register = (extra: Record<string, unknown>, email = freshEmail()) =>
  call(api, 'POST', accountPaths.register, {
    body: {
      email,
      password: 'Sommer 2026!',
      name: 'Nina',
      lastName: 'Neukundin',
      confirmUrl: 'http://127.0.0.1:3000/account/confirm',
      ...extra,
    },
    headers: { 'x-forwarded-for': `10.25.1.${++counter}` },
  });

describe('the session a registration starts', () => {
  it.each([
    ['without "remember"', {}],
    ['with "remember: false"', { remember: false }],
  ])('%s: a cookie the browser drops when it closes, 12 hours in the database', async (_what, extra) => {
    const res = await register(extra);
    expect(res.status).toBe(201);
    const cookie = sessionCookie(res.headers['set-cookie']);
    expect(cookie).toMatch(/^lp_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax$/);
    const hours = await hoursLeft(api.db, cookie);
    expect(hours).toBeGreaterThan(11.9);
    expect(hours).toBeLessThanOrEqual(12);
  });

  it('with "Angemeldet bleiben": 30 days, in the cookie and in the database', async () => {
    const res = await register({ remember: true });
    expect(res.status).toBe(201);
    const cookie = sessionCookie(res.headers['set-cookie']);
    expect(cookie).toMatch(
      /^lp_session=[A-Za-z0-9_-]{43}; Max-Age=2592000; Path=\/; HttpOnly; SameSite=Lax$/,
    );
    expect(await hoursLeft(api.db, cookie)).toBeGreaterThan(30 * 24 - 0.1);
  });

  it.each([
    ['a text', 'true'],
    ['a number', 1],
    ['null', null],
    ['an array', [true]],
    ['an object', { remember: true }],
    ['a huge text', 'x'.repeat(100_000)],
  ])('refuses %s as "remember" with a 400, no account and no session', async (_what, remember) => {
    const email = freshEmail();
    const res = await register({ remember }, email);
    expectError(res, 400, 'validation');
    expect(sessionCookie(res.headers['set-cookie'])).toBe('');
    const rows = await api.db.query('SELECT 1 FROM customers WHERE email = $1', [email]);
    expect(rows).toHaveLength(0);
  });
});
