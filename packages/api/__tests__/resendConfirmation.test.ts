// Issue 13: a shopper who lost the confirmation mail asks for a new one. The answer never tells whether the
// address has an account; the new link replaces the old one; one mail per address a minute; the API's shared
// per-client rate limit applies.
import { accountPaths } from '@lp/sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { standInMailServer } from './support/mailServer';
import { type Api, call, expectError, makeApi } from './support/testApi';

const SHOP = 'http://127.0.0.1:3000';
const CONFIRM_URL = `${SHOP}/account/confirm`;

let api: Api;
let counter = 0;
const freshEmail = () => `wieder.${Date.now()}.${++counter}@Example.de`;

beforeAll(async () => {
  api = await makeApi();
});
afterAll(() => api.close());

const register = (target: Api, email: string) =>
  call(target, 'POST', accountPaths.register, {
    body: { email, password: 'Sommer 2006!', name: 'Erika', lastName: 'Muster', confirmUrl: CONFIRM_URL },
  });
const resend = (target: Api, body: unknown, headers: Record<string, string> = {}) =>
  call(target, 'POST', accountPaths.resendConfirmation, { body, headers });

/** The confirmation links mailed to `email`, oldest first, as the outbox keeps them. */
async function linksTo(email: string): Promise<string[]> {
  const rows = await api.db.query<{ link: string }>(
    'SELECT link FROM outbox_mails WHERE recipient = $1 ORDER BY created_at, id',
    [email.toLowerCase()],
  );
  return rows.map((row) => row.link);
}

/**
 * The mail is handed to the transport after the answer: the outbox's mails to `email` once it holds `count`, or
 * after `ms` (a check that no further mail comes waits for the short time one would take).
 */
async function waitForLinks(email: string, count: number, ms = 5_000): Promise<string[]> {
  const until = Date.now() + ms;
  for (;;) {
    const links = await linksTo(email);
    if (links.length >= count || Date.now() > until) return links;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
const NO_MORE_MS = 500;

const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;
/** Confirms with the session of the registering browser (only the account's own session may confirm). */
const confirm = (token: string, session: string) =>
  call(api, 'POST', accountPaths.confirmEmail, {
    body: { token },
    headers: { cookie: `${session}; XSRF-TOKEN=${XSRF}`, 'X-XSRF-TOKEN': XSRF },
  });
const XSRF = 'abcdefghijklmnopqrstuvwx';
const sessionOf = (res: { headers: Record<string, unknown> }) =>
  ([] as string[])
    .concat((res.headers['set-cookie'] as string[] | string | undefined) ?? [])
    .find((c) => c.startsWith('lp_session='))
    ?.split(';')[0] ?? '';

/** Lets the next resend for the account of `email` pass the once-a-minute interval. */
const ageTokens = (email: string) =>
  api.db.query(
    `UPDATE email_confirmations SET expires_at = expires_at - interval '2 minutes'
      WHERE customer_id = (SELECT id FROM customers WHERE email = $1)`,
    [email.toLowerCase()],
  );

describe('POST /api/Account/resendConfirmation', () => {
  it('mails a new link that confirms the address; the earlier link stops working', async () => {
    const email = freshEmail();
    const registered = await register(api, email);
    expect(registered.status).toBe(201);
    const session = sessionOf(registered);
    const [first] = await linksTo(email);
    await ageTokens(email);

    const res = await resend(api, { email: `  ${email.toUpperCase()} `, confirmUrl: CONFIRM_URL });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ outboxUrl: expect.stringMatching(/^http:\/\/[^/]+\/sandbox\/outbox$/) });
    expect(res.headers['cache-control']).toBe('no-store');
    const links = await waitForLinks(email, 2);
    expect(links).toHaveLength(2);
    expect(links[1]!.startsWith(`${CONFIRM_URL}?token=`)).toBe(true);
    expect(tokenOf(links[1]!)).not.toBe(tokenOf(first!));

    expectError(await confirm(tokenOf(first!), session), 400, 'confirmation-invalid');
    const confirmed = await confirm(tokenOf(links[1]!), session);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ email: email.toLowerCase() });

    // Confirmed: a further resend sends nothing and answers the same.
    await ageTokens(email);
    const after = await resend(api, { email, confirmUrl: CONFIRM_URL });
    expect({ status: after.status, body: after.body }).toEqual({ status: res.status, body: res.body });
    expect(await waitForLinks(email, 3, NO_MORE_MS)).toHaveLength(2);
  });

  it('answers an unknown address exactly like a known one and mails nobody', async () => {
    const known = freshEmail();
    await register(api, known);
    await ageTokens(known);
    const unknown = freshEmail();
    const forKnown = await resend(api, { email: known, confirmUrl: CONFIRM_URL });
    const forUnknown = await resend(api, { email: unknown, confirmUrl: CONFIRM_URL });
    expect({
      status: forUnknown.status,
      body: forUnknown.body,
      cache: forUnknown.headers['cache-control'],
    }).toEqual({
      status: forKnown.status,
      body: forKnown.body,
      cache: forKnown.headers['cache-control'],
    });
    expect(await waitForLinks(known, 2)).toHaveLength(2);
    expect(await waitForLinks(unknown, 1, NO_MORE_MS)).toEqual([]);
  });

  it('sends at most one mail per address a minute, also to requests at once', async () => {
    const email = freshEmail();
    await register(api, email);
    // Right after registering: the first mail is less than a minute old.
    expect((await resend(api, { email, confirmUrl: CONFIRM_URL })).status).toBe(200);
    await ageTokens(email);
    const answers = await Promise.all(
      [1, 2, 3, 4].map(() => resend(api, { email, confirmUrl: CONFIRM_URL })),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    // The registration mail plus exactly one resent mail.
    expect(await waitForLinks(email, 2)).toHaveLength(2);
    expect(await waitForLinks(email, 3, NO_MORE_MS)).toHaveLength(2);
    const [{ live }] = (await api.db.query<{ live: string }>(
      `SELECT count(*)::text AS live FROM email_confirmations
        WHERE customer_id = (SELECT id FROM customers WHERE email = $1)`,
      [email.toLowerCase()],
    )) as [{ live: string }];
    expect(live).toBe('1');
  });

  it.each([
    ['wrong types', { email: 17, confirmUrl: ['x'] }, 'validation'],
    ['an empty email', { email: '', confirmUrl: CONFIRM_URL }, 'validation'],
    ['a malformed email', { email: 'kein-at-zeichen', confirmUrl: CONFIRM_URL }, 'validation'],
    ['markup as email', { email: '<script>@x.de', confirmUrl: CONFIRM_URL }, 'validation'],
    ['a huge email', { email: `${'a'.repeat(100_000)}@example.de`, confirmUrl: CONFIRM_URL }, 'validation'],
    ['a lone surrogate', { email: 'max\ud800@example.de', confirmUrl: CONFIRM_URL }, 'validation'],
    ['a control character', { email: 'max\u0000@example.de', confirmUrl: CONFIRM_URL }, 'validation'],
    ['an extra field', { email: 'max@example.de', confirmUrl: CONFIRM_URL, admin: true }, 'validation'],
    ['an array', [], 'validation'],
    ['a missing field', {}, 'parameter-missing'],
    [
      'a foreign link target',
      { email: 'max@example.de', confirmUrl: 'https://evil.example/c' },
      'origin-not-allowed',
    ],
    [
      'a script link target',
      { email: 'max@example.de', confirmUrl: 'javascript:alert(1)' },
      'origin-not-allowed',
    ],
    ['no URL as link target', { email: 'max@example.de', confirmUrl: 'nicht eine URL' }, 'validation'],
  ] as const)('refuses %s with 400 %s', async (_label, body, code) => {
    expectError(await resend(api, body), 400, code);
  });

  it('refuses a foreign link target before it looks the address up (nothing mailed)', async () => {
    const email = freshEmail();
    await register(api, email);
    await ageTokens(email);
    expectError(
      await resend(api, { email, confirmUrl: 'https://evil.example/confirm' }),
      400,
      'origin-not-allowed',
    );
    expect(await waitForLinks(email, 2, NO_MORE_MS)).toHaveLength(1);
  });

  it('accepts JSON only', async () => {
    const res = await api.inject({
      method: 'POST',
      url: accountPaths.resendConfirmation,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=a%40b.de&confirmUrl=x',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ code: 'unsupported-media-type' });
  });

  it("counts against the API's per-client mutation limit", async () => {
    const limited = await makeApi({ rateLimit: { max: 2, timeWindowMs: 60_000 } });
    try {
      const body = { email: freshEmail(), confirmUrl: CONFIRM_URL };
      expect((await resend(limited, body)).status).toBe(200);
      expect((await resend(limited, body)).status).toBe(200);
      const blocked = await resend(limited, body);
      expectError(blocked, 429, 'rate-limited');
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });

  it('hands the mail to a configured transport and names no outbox', async () => {
    const { sent, transport } = standInMailServer();
    const own = await makeApi({ mailTransport: transport });
    try {
      const email = freshEmail();
      await register(own, email);
      await own.db.query("UPDATE email_confirmations SET expires_at = expires_at - interval '2 minutes'");
      const res = await resend(own, { email, confirmUrl: CONFIRM_URL });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({});
      for (let i = 0; sent.length < 2 && i < 200; i++) await new Promise((r) => setTimeout(r, 25));
      expect(sent.map((mail) => mail.to)).toEqual([email.toLowerCase(), email.toLowerCase()]);
      expect(sent[1]).toMatchObject({ subject: 'Bitte bestätigen Sie Ihre E-Mail-Adresse' });
      expect(sent[1]!.link).not.toBe(sent[0]!.link);
      const unknown = await resend(own, { email: freshEmail(), confirmUrl: CONFIRM_URL });
      expect({ status: unknown.status, body: unknown.body }).toEqual({ status: 200, body: {} });
    } finally {
      await own.close();
    }
  });
});
