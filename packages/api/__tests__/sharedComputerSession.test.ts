// Session 25 (decisions.md "One computer, several people"): a login on a library or family computer ends when the
// browser closes and after 12 hours, unless the shopper ticks "Angemeldet bleiben" (30 days, as before).
import { accountPaths } from '@lp/sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenHash } from '../src/account/sessionStore';
import { hoursLeft, sessionCookie } from './support/sessionLength';
import { type Api, call, expectError, makeApi } from './support/testApi';

const DEMO = { email: 'demo@lp-de.example', password: 'Demo1234!' };

let api: Api;
let ip = 0;

beforeAll(async () => {
  api = await makeApi({ trustProxy: true });
});
afterAll(() => api.close());

/** Each login from its own address, so the login limit never joins in. */
const login = (body: unknown) =>
  call(api, 'POST', accountPaths.login, { body, headers: { 'x-forwarded-for': `10.25.0.${++ip}` } });

describe('the session of a login on a shared computer', () => {
  it('without "Angemeldet bleiben": a cookie the browser drops when it closes, and 12 hours in the database', async () => {
    const res = await login(DEMO);
    expect(res.status).toBe(200);
    const cookie = sessionCookie(res.headers['set-cookie']);
    expect(cookie).toMatch(/^lp_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax$/);
    expect(cookie).not.toMatch(/Max-Age|Expires/i);
    const hours = await hoursLeft(api.db, cookie);
    expect(hours).toBeGreaterThan(11.9);
    expect(hours).toBeLessThanOrEqual(12);
  });

  it('"remember: false" is the same short session', async () => {
    const res = await login({ ...DEMO, remember: false });
    const cookie = sessionCookie(res.headers['set-cookie']);
    expect(cookie).not.toMatch(/Max-Age/);
    expect(await hoursLeft(api.db, cookie)).toBeLessThanOrEqual(12);
  });

  it('with "Angemeldet bleiben": 30 days, in the cookie and in the database', async () => {
    const res = await login({ ...DEMO, remember: true });
    expect(res.status).toBe(200);
    const cookie = sessionCookie(res.headers['set-cookie']);
    expect(cookie).toMatch(
      /^lp_session=[A-Za-z0-9_-]{43}; Max-Age=2592000; Path=\/; HttpOnly; SameSite=Lax$/,
    );
    expect(await hoursLeft(api.db, cookie)).toBeGreaterThan(30 * 24 - 0.1);
  });

  it('a short session ends after 12 hours: the next person at the computer is not logged in', async () => {
    const res = await login(DEMO);
    const cookie = sessionCookie(res.headers['set-cookie']).split(';')[0]!;
    expect((await call(api, 'GET', accountPaths.me, { headers: { cookie } })).status).toBe(200);
    const token = cookie.slice('lp_session='.length);
    await api.db.query(
      "UPDATE sessions SET expires_at = expires_at - interval '12 hours' WHERE token_hash = $1",
      [tokenHash(token)],
    );
    expectError(await call(api, 'GET', accountPaths.me, { headers: { cookie } }), 401, 'unauthorized');
  });

  it.each([
    ['a text', 'yes'],
    ['a number', 1],
    ['null', null],
    ['an object', { remember: true }],
    ['a huge text', 'x'.repeat(100_000)],
  ])('refuses %s as "remember" with a 400 and logs nobody in', async (_what, remember) => {
    const res = await login({ ...DEMO, remember });
    expectError(res, 400, 'validation');
    expect(sessionCookie(res.headers['set-cookie'])).toBe('');
  });
});
