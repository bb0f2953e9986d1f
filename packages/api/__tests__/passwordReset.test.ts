// Session 16: a shopper who forgot the password asks for a reset mail and sets a new password with its link. The
// answer never tells whether the address has an account; the link works once, for an hour, and only the newest
// mail's; the reset ends every session of the account.
import { createHash } from 'node:crypto';
import { accountPaths } from '@lp/sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailTransport, OutgoingMail } from '../src/outbox/mailTransport';
import { eraseCustomer } from '../src/privacy/eraseCustomer';
import {
  type Api,
  call,
  demoOrderFilter,
  expectError,
  makeApi,
  makeLoggingApi,
  savedOrder,
} from './support/testApi';

const SHOP = 'http://127.0.0.1:3000';
const RESET_URL = `${SHOP}/account/reset`;
const OLD_PASSWORD = 'Sommer 2006!';
const NEW_PASSWORD = 'Winter 2026 neu';
const XSRF = 'abcdefghijklmnopqrstuvwx';

let api: Api;
let counter = 0;
const freshEmail = () => `vergessen.${Date.now()}.${++counter}@Example.de`;
let ip = 0;
/** Each login from an address of its own, so the login limiter never interferes. */
const nextIp = () => `10.77.${Math.floor(++ip / 250)}.${ip % 250}`;

beforeAll(async () => {
  api = await makeApi();
});
afterAll(() => api.close());

const sessionCookie = (res: { headers: Record<string, unknown> }) =>
  ([] as string[])
    .concat((res.headers['set-cookie'] as string[] | string | undefined) ?? [])
    .find((c) => c.startsWith('lp_session='))
    ?.split(';')[0];

/** The headers a browser sends with a session (cookie + anti-forgery). */
const withSession = (cookie: string) => ({ cookie: `${cookie}; XSRF-TOKEN=${XSRF}`, 'X-XSRF-TOKEN': XSRF });

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
const login = (email: string, password: string) =>
  call(api, 'POST', accountPaths.login, {
    body: { email, password },
    headers: { 'x-forwarded-for': nextIp() },
  });
const me = (cookie: string) => call(api, 'GET', accountPaths.me, { headers: { cookie } });
const request = (target: Api, body: unknown) =>
  call(target, 'POST', accountPaths.requestPasswordReset, { body });
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
const NO_MORE_MS = 500;
const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

/** Lets the next request for the account of `email` pass the once-a-minute interval. */
const ageRequest = (email: string) =>
  api.db.query(
    `UPDATE password_resets SET created_at = created_at - interval '2 minutes'
      WHERE customer_id = (SELECT id FROM customers WHERE email = $1)`,
    [email.toLowerCase()],
  );

describe('POST /api/Account/requestPasswordReset and /resetPassword', () => {
  it('mails a link that sets a new password, ends every session, and works once', async () => {
    const email = freshEmail();
    const registered = await register(api, email);
    const otherDevice = sessionCookie(await login(email, OLD_PASSWORD))!;
    expect((await me(otherDevice)).status).toBe(200);

    const res = await request(api, { email: `  ${email.toUpperCase()} `, resetUrl: RESET_URL });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ outboxUrl: expect.stringMatching(/^http:\/\/[^/]+\/sandbox\/outbox$/) });
    expect(res.headers['cache-control']).toBe('no-store');
    const [mail] = await waitForMails(email, 1);
    expect(mail!.subject).toBe('Neues Passwort für Ihr Kundenkonto');
    expect(mail!.body).toContain('Guten Tag Erika Muster,');
    expect(mail!.body).toContain(mail!.link);
    expect(mail!.body).toContain('eine Stunde gültig');
    expect(mail!.body).toContain('gilt nur der Link aus der neuesten');
    expect(mail!.body).toContain('Wenn Sie kein neues Passwort angefordert haben');
    expect(mail!.body).toContain('Mit freundlichen Grüßen');
    // Only the token's hash is stored.
    const token = tokenOf(mail!.link);
    expect(await api.db.query('SELECT 1 FROM password_resets WHERE token_hash = $1', [token])).toHaveLength(
      0,
    );

    const done = await reset(token, NEW_PASSWORD, withSession(registered));
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ email: email.toLowerCase() });
    expect(done.headers['cache-control']).toBe('no-store');
    // This browser's cookie is cleared; both sessions (this device's and the other's) are over.
    expect(String(done.headers['set-cookie'])).toMatch(/lp_session=;.*Expires=Thu, 01 Jan 1970/);
    expectError(await me(registered), 401, 'unauthorized');
    expectError(await me(otherDevice), 401, 'unauthorized');

    expectError(await login(email, OLD_PASSWORD), 401, 'login-failed');
    expect((await login(email, NEW_PASSWORD)).status).toBe(200);
    // Single use.
    expectError(await reset(token, 'Noch ein Passwort'), 400, 'reset-token-invalid');
    expect((await login(email, NEW_PASSWORD)).status).toBe(200);
  });

  // Session 17's leftover: an account registered and never confirmed (the confirmation mail lost, or never opened)
  // stayed unconfirmed after a reset, so the guest orders of its address never joined its history although the
  // reset link had just proven the address.
  it('confirms an unconfirmed address: its guest orders join the history at the reset', async () => {
    const email = freshEmail();
    const person = { email, phone: '+49 1701234567', name: 'Erika', lastName: 'Muster' };
    const { headerGuid } = await savedOrder(api, 1, { billingPerson: person });
    await register(api, email);
    const confirmedAt = () =>
      api.db
        .query<{ at: Date | null }>('SELECT email_confirmed_at AS at FROM customers WHERE email = $1', [
          email.toLowerCase(),
        ])
        .then(([row]) => row!.at);
    expect(await confirmedAt()).toBeNull();

    expect((await request(api, { email, resetUrl: RESET_URL })).status).toBe(200);
    const [mail] = await waitForMails(email, 1);
    expect((await reset(tokenOf(mail!.link), NEW_PASSWORD)).status).toBe(200);
    expect(await confirmedAt()).toBeInstanceOf(Date);
    const [joined] = await api.db.query<{ customer_id: number | null }>(
      'SELECT customer_id FROM orders WHERE header_guid = $1::uuid',
      [headerGuid],
    );
    expect(joined!.customer_id).not.toBeNull();

    const res = await login(email, NEW_PASSWORD);
    const customer = res.body as { id: number; customerCompanyId: number };
    const history = await call(api, 'POST', '/api/Order/getOrders', {
      body: demoOrderFilter({ CustomerCompanyId: customer.customerCompanyId, CustomerId: customer.id }),
      headers: withSession(sessionCookie(res)!),
    });
    expect((history.body as { items: { headerGuid: string }[] }).items.map((o) => o.headerGuid)).toEqual([
      headerGuid,
    ]);
  });

  // Found by the session-16 review: the login checks the password (scrypt, a while), then makes the session. A reset
  // committing in between ended every session before that one existed: 6-7 of 8 old-password logins stayed
  // logged in after the reset. An attacker with the stolen password could outlast the owner's reset.
  it('a login whose password check overlaps a reset gets no session for the old password', async () => {
    const { issuePasswordReset } = await import('../src/account/passwordReset');
    let survived = 0;
    for (let round = 0; round < 8; round++) {
      const email = freshEmail();
      await register(api, email);
      await ageRequest(email);
      const issued = await issuePasswordReset(api.db, email);
      const [loginRes, resetRes] = await Promise.all([
        login(email, OLD_PASSWORD),
        reset(issued!.token, NEW_PASSWORD),
      ]);
      expect(resetRes.status).toBe(200);
      // Either the login came first (its session then ended with the reset) or it was refused (401).
      if (loginRes.status !== 200) expect(loginRes.status).toBe(401);
      else if ((await me(sessionCookie(loginRes)!)).status === 200) survived++;
    }
    expect(survived).toBe(0);
  });

  it('answers an unknown address exactly like a known one and mails nobody', async () => {
    const known = freshEmail();
    await register(api, known);
    const unknown = freshEmail();
    const forKnown = await request(api, { email: known, resetUrl: RESET_URL });
    const forUnknown = await request(api, { email: unknown, resetUrl: RESET_URL });
    const seen = (res: typeof forKnown) => ({
      status: res.status,
      body: res.body,
      cache: res.headers['cache-control'],
      type: res.headers['content-type'],
      length: res.headers['content-length'],
    });
    expect(seen(forUnknown)).toEqual(seen(forKnown));
    expect(await waitForMails(known, 1)).toHaveLength(1);
    expect(await waitForMails(unknown, 1, NO_MORE_MS)).toEqual([]);
  });

  it('answers before the mail is handed over: a slow transport does not tell that the address has an account', async () => {
    let handed = 0;
    const transport: MailTransport = {
      send: (mail: OutgoingMail) => {
        if (mail.subject.startsWith('Neues Passwort')) {
          handed++;
          return new Promise<undefined>(() => undefined);
        }
        return Promise.resolve(undefined);
      },
    };
    const own = await makeApi({ mailTransport: transport });
    try {
      const email = freshEmail();
      await register(own, email);
      const res = await request(own, { email, resetUrl: RESET_URL });
      expect({ status: res.status, body: res.body }).toEqual({ status: 200, body: {} });
      for (let i = 0; handed < 1 && i < 200; i++) await new Promise((r) => setTimeout(r, 25));
      expect(handed).toBe(1);
    } finally {
      await own.close();
    }
  });

  it('keeps one live link per account: a new request replaces the earlier link', async () => {
    const email = freshEmail();
    await register(api, email);
    await request(api, { email, resetUrl: RESET_URL });
    await waitForMails(email, 1);
    await ageRequest(email);
    await request(api, { email, resetUrl: RESET_URL });
    const [first, second] = await waitForMails(email, 2);
    expect(tokenOf(second!.link)).not.toBe(tokenOf(first!.link));
    expect(
      await api.db.query(
        'SELECT 1 FROM password_resets WHERE customer_id = (SELECT id FROM customers WHERE email = $1)',
        [email.toLowerCase()],
      ),
    ).toHaveLength(1);
    expectError(await reset(tokenOf(first!.link), NEW_PASSWORD), 400, 'reset-token-invalid');
    expect((await reset(tokenOf(second!.link), NEW_PASSWORD)).status).toBe(200);
  });

  it('refuses a link older than an hour and keeps the old password', async () => {
    const email = freshEmail();
    await register(api, email);
    await request(api, { email, resetUrl: RESET_URL });
    const [mail] = await waitForMails(email, 1);
    // Still live a minute before the hour is up (the token stays unspent by the check below).
    const [{ minutes }] = (await api.db.query<{ minutes: number }>(
      `SELECT round(extract(epoch FROM expires_at - created_at) / 60)::int AS minutes FROM password_resets
        WHERE customer_id = (SELECT id FROM customers WHERE email = $1)`,
      [email.toLowerCase()],
    )) as [{ minutes: number }];
    expect(minutes).toBe(60);
    await api.db.query(
      `UPDATE password_resets SET expires_at = now() - interval '1 second'
        WHERE customer_id = (SELECT id FROM customers WHERE email = $1)`,
      [email.toLowerCase()],
    );
    expectError(await reset(tokenOf(mail!.link), NEW_PASSWORD), 400, 'reset-token-invalid');
    expectError(await login(email, NEW_PASSWORD), 401, 'login-failed');
    expect((await login(email, OLD_PASSWORD)).status).toBe(200);
  });

  it('deletes expired links of every account on the next request (no reset row kept without end)', async () => {
    const email = freshEmail();
    await register(api, email);
    await request(api, { email, resetUrl: RESET_URL });
    await waitForMails(email, 1);
    await api.db.query(
      `UPDATE password_resets SET created_at = now() - interval '2 hours', expires_at = now() - interval '1 hour'
        WHERE customer_id = (SELECT id FROM customers WHERE email = $1)`,
      [email.toLowerCase()],
    );
    // Anybody's request, also for an address without an account, sweeps it.
    expect((await request(api, { email: freshEmail(), resetUrl: RESET_URL })).status).toBe(200);
    expect(
      await api.db.query(
        'SELECT 1 FROM password_resets WHERE customer_id = (SELECT id FROM customers WHERE email = $1)',
        [email.toLowerCase()],
      ),
    ).toHaveLength(0);
  });

  it('sends at most one mail per address a minute, also to requests at once', async () => {
    const email = freshEmail();
    await register(api, email);
    expect((await request(api, { email, resetUrl: RESET_URL })).status).toBe(200);
    expect((await request(api, { email, resetUrl: RESET_URL })).status).toBe(200);
    expect(await waitForMails(email, 2, NO_MORE_MS)).toHaveLength(1);
    await ageRequest(email);
    const answers = await Promise.all([1, 2, 3, 4].map(() => request(api, { email, resetUrl: RESET_URL })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(await waitForMails(email, 2)).toHaveLength(2);
    expect(await waitForMails(email, 3, NO_MORE_MS)).toHaveLength(2);
  });

  it("refuses a password off registration's rules and leaves the link usable", async () => {
    const email = freshEmail();
    await register(api, email);
    await request(api, { email, resetUrl: RESET_URL });
    const token = tokenOf((await waitForMails(email, 1))[0]!.link);
    for (const password of ['kurz', '        ', 'passwort\u0000', 'passwort\ud800x', 'a'.repeat(201)]) {
      const res = await reset(token, password);
      expectError(res, 400, 'validation');
    }
    const short = await reset(token, 'kurz');
    expect((short.body as { errors?: unknown }).errors).toEqual([
      { field: 'password', message: expect.any(String) },
    ]);
    expect((await reset(token, NEW_PASSWORD)).status).toBe(200);
  });

  it.each([
    ['wrong types', { email: 17, resetUrl: ['x'] }, 'validation'],
    ['an empty email', { email: '', resetUrl: RESET_URL }, 'validation'],
    ['a malformed email', { email: 'kein-at-zeichen', resetUrl: RESET_URL }, 'validation'],
    ['a huge email', { email: `${'a'.repeat(100_000)}@example.de`, resetUrl: RESET_URL }, 'validation'],
    ['a lone surrogate', { email: 'max\ud800@example.de', resetUrl: RESET_URL }, 'validation'],
    ['a control character', { email: 'max\u0000@example.de', resetUrl: RESET_URL }, 'validation'],
    ['an extra field', { email: 'max@example.de', resetUrl: RESET_URL, admin: true }, 'validation'],
    ['an array', [], 'validation'],
    ['a missing field', {}, 'parameter-missing'],
    [
      'a foreign link target',
      { email: 'max@example.de', resetUrl: 'https://evil.example/r' },
      'origin-not-allowed',
    ],
    [
      'a script link target',
      { email: 'max@example.de', resetUrl: 'javascript:alert(1)' },
      'origin-not-allowed',
    ],
    ['no URL as link target', { email: 'max@example.de', resetUrl: 'keine URL' }, 'validation'],
  ] as const)('requestPasswordReset refuses %s with 400 %s', async (_label, body, code) => {
    expectError(await request(api, body), 400, code);
  });

  it('names resetUrl in the error of a foreign link target, and mails nothing', async () => {
    const email = freshEmail();
    await register(api, email);
    const res = await request(api, { email, resetUrl: 'https://evil.example/account/reset' });
    expectError(res, 400, 'origin-not-allowed');
    expect((res.body as { errors?: unknown }).errors).toEqual([
      { field: 'resetUrl', message: 'origin not allowed' },
    ]);
    expect(await waitForMails(email, 1, NO_MORE_MS)).toEqual([]);
    expect(
      await api.db.query(
        'SELECT 1 FROM password_resets p JOIN customers c ON c.id = p.customer_id WHERE c.email = $1',
        [email.toLowerCase()],
      ),
    ).toHaveLength(0);
  });

  it.each([
    ['wrong types', { token: 17, password: ['x'] }, 'validation'],
    ['an empty token', { token: '', password: NEW_PASSWORD }, 'validation'],
    ['a huge token', { token: 'a'.repeat(100_000), password: NEW_PASSWORD }, 'validation'],
    ['a lone surrogate', { token: 'abc\ud800', password: NEW_PASSWORD }, 'validation'],
    ['a huge password', { token: 'abc', password: 'a'.repeat(100_000) }, 'validation'],
    ['an extra field', { token: 'abc', password: NEW_PASSWORD, email: 'x@y.de' }, 'validation'],
    ['a missing field', {}, 'parameter-missing'],
    ['an unknown token', { token: 'Zm9vYmFyYmF6cXV4cXV1eA', password: NEW_PASSWORD }, 'reset-token-invalid'],
  ] as const)('resetPassword refuses %s with 400 %s', async (_label, body, code) => {
    expectError(await call(api, 'POST', accountPaths.resetPassword, { body }), 400, code);
  });

  it("goes with the account's erasure (lp-api customer delete), and its link then works no more", async () => {
    const email = freshEmail();
    await register(api, email);
    await request(api, { email, resetUrl: RESET_URL });
    const [mail] = await waitForMails(email, 1);
    expect(await eraseCustomer(api.db, email.toLowerCase())).not.toBeNull();
    expect(
      await api.db.query('SELECT 1 FROM password_resets WHERE token_hash = $1', [
        createHash('sha256').update(tokenOf(mail!.link)).digest('hex'),
      ]),
    ).toHaveLength(0);
    expectError(await reset(tokenOf(mail!.link), NEW_PASSWORD), 400, 'reset-token-invalid');
  });

  it('accepts JSON only', async () => {
    for (const [url, payload] of [
      [accountPaths.requestPasswordReset, 'email=a%40b.de&resetUrl=x'],
      [accountPaths.resetPassword, 'token=x&password=12345678'],
    ] as const) {
      const res = await api.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload,
      });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toMatchObject({ code: 'unsupported-media-type' });
    }
  });

  it("counts against the API's per-client mutation limit", async () => {
    const limited = await makeApi({ rateLimit: { max: 2, timeWindowMs: 60_000 } });
    try {
      const body = { email: freshEmail(), resetUrl: RESET_URL };
      expect((await request(limited, body)).status).toBe(200);
      expect((await request(limited, body)).status).toBe(200);
      expectError(await request(limited, body), 429, 'rate-limited');
    } finally {
      await limited.close();
    }
  });

  it('logs neither the token nor the passwords', async () => {
    const { api: logging, lines } = await makeLoggingApi();
    try {
      const email = freshEmail();
      await register(logging, email);
      await request(logging, { email, resetUrl: RESET_URL });
      let link = '';
      for (let i = 0; !link && i < 200; i++) {
        const [row] = await logging.db.query<{ link: string }>(
          'SELECT link FROM outbox_mails WHERE recipient = $1 AND link LIKE $2',
          [email.toLowerCase(), `${RESET_URL}?%`],
        );
        link = row?.link ?? '';
        if (!link) await new Promise((r) => setTimeout(r, 25));
      }
      const token = tokenOf(link);
      await call(logging, 'POST', accountPaths.resetPassword, { body: { token, password: 'kurz' } });
      await call(logging, 'POST', accountPaths.resetPassword, { body: { token, password: NEW_PASSWORD } });
      const log = lines.join('');
      expect(log).toContain(accountPaths.resetPassword);
      for (const secret of [token, NEW_PASSWORD, 'kurz', email.toLowerCase()])
        expect(log).not.toContain(secret);
    } finally {
      await logging.close();
    }
  });
});
