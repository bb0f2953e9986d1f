// Session 22, health (split from passwordReset.test.ts): what the tests of the password reset share. A test API,
// fresh addresses, a registered account, and the calls that ask for a reset mail, read it and set a new password.
import { accountPaths } from '@lp/sdk/contract';
import { afterAll, expect } from 'vitest';
import { type Api, call, makeApi } from './testApi';

export const SHOP = 'http://127.0.0.1:3000';
export const RESET_URL = `${SHOP}/account/reset`;
export const OLD_PASSWORD = 'Sommer 2006!';
export const NEW_PASSWORD = 'Winter 2026 neu';
const XSRF = 'abcdefghijklmnopqrstuvwx';
/** How long a test waits to be sure no further mail comes. */
export const NO_MORE_MS = 500;

let counter = 0;
const freshEmail = () => `vergessen.${Date.now()}.${++counter}@Example.de`;
let ip = 0;
/** Each login from an address of its own, so the login limiter never interferes. */
const nextIp = () => `10.77.${Math.floor(++ip / 250)}.${ip % 250}`;

const sessionCookie = (res: { headers: Record<string, unknown> }) =>
  ([] as string[])
    .concat((res.headers['set-cookie'] as string[] | string | undefined) ?? [])
    .find((c) => c.startsWith('lp_session='))
    ?.split(';')[0];

/** The headers a browser sends with a session (cookie + anti-forgery). */
const withSession = (cookie: string) => ({
  cookie: `${cookie}; XSRF-TOKEN=${XSRF}`,
  'X-XSRF-TOKEN': XSRF,
});

/** Registers `email` and answers the registration's session cookie. */
async function register(target: Api, email: string): Promise<string> {
  const res = await call(target, 'POST', accountPaths.register, {
    body: {
      email,
      password: OLD_PASSWORD,
      name: 'Erika',
      lastName: 'Muster',
      confirmUrl: `${SHOP}/account/confirm`,
    },
  });
  expect(res.status).toBe(201);
  return sessionCookie(res)!;
}

const request = (target: Api, body: unknown) =>
  call(target, 'POST', accountPaths.requestPasswordReset, { body });
const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

/**
 * One test file's world, made while the file is collected (awaited at its top level) and closed after its tests: its
 * API and the calls on it that its tests share.
 */
export async function passwordResetWorld() {
  const api: Api = await makeApi();
  afterAll(() => api.close());

  const login = (email: string, password: string) =>
    call(api, 'POST', accountPaths.login, {
      body: { email, password },
      headers: { 'x-forwarded-for': nextIp() },
    });
  const me = (cookie: string) => call(api, 'GET', accountPaths.me, { headers: { cookie } });
  const reset = (token: string, password: string, headers: Record<string, string> = {}) =>
    call(api, 'POST', accountPaths.resetPassword, { body: { token, password }, headers });

  /** The reset mails to `email`, oldest first, as the outbox keeps them (the registration's mail left out). */
  async function resetMails(email: string): Promise<{ link: string; body: string; subject: string }[]> {
    return api.db.query<{ link: string; body: string; subject: string }>(
      `SELECT link, body, subject FROM outbox_mails WHERE recipient = $1 AND link LIKE $2 ORDER BY created_at, id`,
      [email.toLowerCase(), `${RESET_URL}?%`],
    );
  }

  /** The mail is handed over after the answer: the reset mails once there are `count`, or after `ms`. */
  async function waitForMails(email: string, count: number, ms = 5_000) {
    const until = Date.now() + ms;
    for (;;) {
      const mails = await resetMails(email);
      if (mails.length >= count || Date.now() > until) return mails;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  /** Lets the next request for the account of `email` pass the once-a-minute interval. */
  const ageRequest = (email: string) =>
    api.db.query(
      `UPDATE password_resets SET created_at = created_at - interval '2 minutes'
        WHERE customer_id = (SELECT id FROM customers WHERE email = $1)`,
      [email.toLowerCase()],
    );

  // The helpers that need no API too, so a test file takes all it uses from one place.
  const helpers = { freshEmail, register, request, tokenOf, sessionCookie, withSession };
  return { api, login, me, reset, waitForMails, ageRequest, ...helpers };
}
