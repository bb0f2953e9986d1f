// Issue 13: registration with a hashed password, the sandbox outbox, the confirmation that joins guest orders to
// the history, and sign-out that ends every session of the customer.
import type { Customer, OrderList } from '@lp/sdk/contract';
import { accountPaths } from '@lp/sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../src/account/password';
import { standInMailServer } from './support/mailServer';
import { type Api, call, demoOrderFilter, expectError, makeApi, savedOrder } from './support/testApi';

const SHOP = 'http://127.0.0.1:3000';
const CONFIRM_URL = `${SHOP}/account/confirm`;
const XSRF = 'abcdefghijklmnopqrstuvwx';

let api: Api;
let counter = 0;
const freshEmail = (prefix = 'neu') => `${prefix}.${Date.now()}.${++counter}@Example.de`;
const body = (overrides: Record<string, unknown> = {}) => ({
  email: freshEmail(),
  password: 'Sommer 2026!',
  name: 'Jörg',
  lastName: "O'Neill-Müller",
  confirmUrl: CONFIRM_URL,
  ...overrides,
});

beforeAll(async () => {
  api = await makeApi();
});
afterAll(() => api.close());

const register = (payload: unknown, headers: Record<string, string> = {}) =>
  call(api, 'POST', accountPaths.register, { body: payload, headers });

const sessionOf = (res: { headers: Record<string, unknown> }) =>
  ([] as string[])
    .concat((res.headers['set-cookie'] as string[] | string | undefined) ?? [])
    .find((c) => c.startsWith('lp_session='))
    ?.split(';')[0];

const browserHeaders = (session: string) => ({
  cookie: `${session}; XSRF-TOKEN=${XSRF}`,
  'X-XSRF-TOKEN': XSRF,
});

/** The latest outbox mail to `email`, read through the outbox's own pages like a person would. */
async function confirmationLinkFor(email: string): Promise<string> {
  const list = await call(api, 'GET', '/sandbox/outbox');
  expect(list.status).toBe(200);
  const html = String(list.body);
  const at = html.indexOf(`an ${email.toLowerCase()}`);
  expect(at).toBeGreaterThan(-1);
  const href = html.slice(0, at).match(/href="(\/sandbox\/outbox\/[0-9a-f-]{36})"[\s\S]*$/)?.[1];
  const mail = await call(api, 'GET', href!);
  expect(mail.status).toBe(200);
  const link = String(mail.body).match(/class="button" href="([^"]+)"/)?.[1];
  return link!.replace(/&amp;/g, '&');
}

const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

describe('POST /api/Account/register', () => {
  it('creates the account with a hashed password, logs in and answers the outbox page of the mail', async () => {
    const payload = body();
    const res = await register(payload);
    expect(res.status).toBe(201);
    const customer = res.body as Customer & { outboxUrl: string };
    expect(customer).toMatchObject({
      email: payload.email.toLowerCase(),
      name: 'Jörg',
      lastName: "O'Neill-Müller",
    });
    expect(customer.outboxUrl).toMatch(/\/sandbox\/outbox\/[0-9a-f-]{36}$/);
    expect(JSON.stringify(res.body)).not.toContain('Sommer');
    const [row] = await api.db.query<{ password_hash: string; email_confirmed_at: unknown }>(
      'SELECT password_hash, email_confirmed_at FROM customers WHERE id = $1',
      [customer.id],
    );
    expect(row!.password_hash).toMatch(/^scrypt\$/);
    expect(row!.password_hash).not.toContain('Sommer');
    expect(await verifyPassword('Sommer 2026!', row!.password_hash)).toBe(true);
    expect(row!.email_confirmed_at).toBeNull();
    // Logged in: the session cookie works for /me, and the login with the new password works too.
    const session = sessionOf(res)!;
    const me = await call(api, 'GET', accountPaths.me, { headers: { cookie: session } });
    expect((me.body as Customer).id).toBe(customer.id);
    const login = await call(api, 'POST', accountPaths.login, {
      body: { email: payload.email, password: 'Sommer 2026!' },
      headers: { 'x-forwarded-for': '10.1.1.1' },
    });
    expect(login.status).toBe(200);
    // The mail is in the outbox, addressed to the shopper, with a link to the shop's confirmation page.
    const mailPage = await call(api, 'GET', new URL(customer.outboxUrl).pathname);
    expect(String(mailPage.body)).toContain('Sandbox – keine echte E-Mail');
    expect(String(mailPage.body)).toContain(payload.email.toLowerCase());
    // Greeted and signed like the order confirmation: one voice for the shop's mails.
    const mailText = /<pre>([\s\S]*?)<\/pre>/.exec(String(mailPage.body))![1]!.replace(/&#39;/g, "'");
    expect(mailText).toMatch(new RegExp(`^Guten Tag ${payload.name} ${payload.lastName},\n`));
    expect(mailText).toContain(
      'diese E-Mail.\n\nMit freundlichen Grüßen\nIhr Team von Kennzeichen-Profi\n\n-- \n',
    );
    // Below the signature the sender's legal identity (§ 35a GmbHG): the shop's Impressum, as its page shows it.
    const imprint = mailText.slice(mailText.indexOf('\n-- \n'));
    expect(imprint).toContain('Kennzeichen-Profi GmbH');
    expect(imprint).toContain('Amtsgericht Musterstadt, HRB');
    expect(imprint).toContain('Geschäftsführerin: Erika Musterfrau');
    expect(imprint).not.toMatch(/<\/?(p|h2|br|strong)\b/);
    expect(mailPage.headers['referrer-policy']).toBe('no-referrer');
    const link = await confirmationLinkFor(payload.email);
    expect(link.startsWith(`${CONFIRM_URL}?token=`)).toBe(true);
  });

  it('refuses a taken email in any case with 409 email-taken', async () => {
    const payload = body();
    expect((await register(payload)).status).toBe(201);
    expectError(await register({ ...payload, email: payload.email.toUpperCase() }), 409, 'email-taken');
    expectError(await register({ ...body(), email: 'DEMO@lp-de.example' }), 409, 'email-taken');
  });

  it('takes one of two racing registrations of one email', async () => {
    const payload = body();
    const answers = await Promise.all([register(payload), register(payload), register(payload)]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
  });

  it.each([
    ['email', { email: 'max..muster@example.de' }],
    ['email', { email: 'kein-at-zeichen' }],
    ['password', { password: 'kurz' }],
    ['password', { password: '        ' }],
    ['password', { password: '😀😀😀😀😀😀😀' }],
    ['name', { name: '<script>' }],
    ['lastName', { lastName: 'Muster  Mann' }],
  ])('refuses a wrong %s with a field error (checkout rules)', async (field, overrides) => {
    const res = await register(body(overrides));
    expectError(res, 400, 'validation');
    expect((res.body as { errors: { field: string }[] }).errors.map((e) => e.field)).toContain(field);
  });

  it.each([
    ['wrong types', { ...body(), email: 17, password: ['x'] }],
    ['an extra field', { ...body(), admin: true }],
    ['a huge password', { ...body(), password: 'a'.repeat(100_000) }],
    ['a control character', { ...body(), name: 'Max\u0000' }],
    ['a lone surrogate', { ...body(), lastName: 'Muster\ud800' }],
  ])('refuses %s with 400', async (_label, payload) => {
    expectError(await register(payload), 400, 'validation');
  });

  it('names missing fields with parameter-missing', async () => {
    expectError(await register({}), 400, 'parameter-missing');
    expectError(await register([]), 400, 'validation');
  });

  it('sends the confirmation only to an allowed shop origin', async () => {
    expectError(
      await register(body({ confirmUrl: 'https://evil.example/confirm' })),
      400,
      'origin-not-allowed',
    );
    expectError(await register(body({ confirmUrl: 'javascript:alert(1)' })), 400, 'origin-not-allowed');
    expectError(await register(body({ confirmUrl: 'nicht eine URL' })), 400, 'validation');
  });

  it('accepts JSON only (no login CSRF through a plain form)', async () => {
    const res = await api.inject({
      method: 'POST',
      url: accountPaths.register,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=a%40b.de&password=12345678&name=A&lastName=B&confirmUrl=x',
    });
    expect(res.statusCode).toBe(415);
  });
});

describe('confirmation joins guest orders', () => {
  it('joins guest orders of the address only after it is confirmed, then later guest orders on login', async () => {
    const email = freshEmail('gast');
    const person = { email: email.toUpperCase(), phone: '+49 1701234567', name: 'Gerda', lastName: 'Gast' };
    const { headerGuid: first } = await savedOrder(api, 1, { billingPerson: person });
    // Someone else's guest order stays out.
    await savedOrder(api, 1, { billingPerson: { ...person, email: freshEmail('fremd') } });

    const res = await register(body({ email }));
    const customer = res.body as Customer;
    const headers = browserHeaders(sessionOf(res)!);
    const history = async () =>
      (
        await call(api, 'POST', '/api/Order/getOrders', {
          body: demoOrderFilter({ CustomerCompanyId: customer.customerCompanyId, CustomerId: customer.id }),
          headers,
        })
      ).body as OrderList;
    expect((await history()).totalCount).toBe(0);

    const token = tokenOf(await confirmationLinkFor(email));
    // Only a session of the account confirms (the mailbox owner is its password holder).
    expectError(await call(api, 'POST', accountPaths.confirmEmail, { body: { token } }), 401, 'unauthorized');
    const confirmed = await call(api, 'POST', accountPaths.confirmEmail, { body: { token }, headers });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ email: email.toLowerCase(), joinedOrders: 1 });
    const list = await history();
    expect(list.items.map((o) => o.headerGuid)).toEqual([first]);

    // The link works once.
    expectError(
      await call(api, 'POST', accountPaths.confirmEmail, { body: { token }, headers }),
      400,
      'confirmation-invalid',
    );

    // A guest order placed later with the confirmed address joins at the next login.
    await savedOrder(api, 2, { billingPerson: person });
    const login = await call(api, 'POST', accountPaths.login, {
      body: { email, password: 'Sommer 2026!' },
      headers: { 'x-forwarded-for': '10.1.1.2' },
    });
    expect(login.status).toBe(200);
    expect((await history()).totalCount).toBe(2);
  });

  // Session 18 review (medium, since session 7): someone registers a shopper's address with a password of their
  // own; when the shopper opened the confirmation mail, her guest orders joined that account and the stranger's
  // session read them (names, addresses, phone, lines).
  it("never joins the mailbox owner's guest orders into an account a stranger registered with her address", async () => {
    const email = freshEmail('opfer');
    const person = { email, phone: '+49 1701234567', name: 'Vera', lastName: 'Opfer' };
    const { headerGuid } = await savedOrder(api, 1, { billingPerson: person });
    const res = await register(body({ email }));
    const stranger = res.body as Customer;
    const strangerHeaders = browserHeaders(sessionOf(res)!);
    const token = tokenOf(await confirmationLinkFor(email));

    // The owner opens the link in her own browser (no session of that account): refused, nothing joins.
    expectError(await call(api, 'POST', accountPaths.confirmEmail, { body: { token } }), 401, 'unauthorized');
    // Logged in to another account: refused as well.
    const other = await register(body({ email: freshEmail('andere') }));
    expectError(
      await call(api, 'POST', accountPaths.confirmEmail, {
        body: { token },
        headers: browserHeaders(sessionOf(other)!),
      }),
      401,
      'unauthorized',
    );
    const history = await call(api, 'POST', '/api/Order/getOrders', {
      body: demoOrderFilter({ CustomerCompanyId: stranger.customerCompanyId, CustomerId: stranger.id }),
      headers: strangerHeaders,
    });
    expect((history.body as OrderList).totalCount).toBe(0);
    const [order] = await api.db.query<{ customer_id: number | null }>(
      'SELECT customer_id FROM orders WHERE header_guid = $1::uuid',
      [headerGuid],
    );
    expect(order!.customer_id).toBeNull();
    // The refusals left the link usable for the account's own session.
    expect(
      (await call(api, 'POST', accountPaths.confirmEmail, { body: { token }, headers: strangerHeaders }))
        .status,
    ).toBe(200);
  });

  it('refuses unknown, expired and malformed tokens', async () => {
    const email = freshEmail();
    await register(body({ email }));
    const token = tokenOf(await confirmationLinkFor(email));
    await api.db.query("UPDATE email_confirmations SET expires_at = now() - interval '1 minute'");
    expectError(
      await call(api, 'POST', accountPaths.confirmEmail, { body: { token } }),
      400,
      'confirmation-invalid',
    );
    const [row] = await api.db.query<{ email_confirmed_at: unknown }>(
      'SELECT email_confirmed_at FROM customers WHERE email = $1',
      [email.toLowerCase()],
    );
    expect(row!.email_confirmed_at).toBeNull();
    expectError(
      await call(api, 'POST', accountPaths.confirmEmail, { body: { token: 'x'.repeat(43) } }),
      400,
      'confirmation-invalid',
    );
    expectError(
      await call(api, 'POST', accountPaths.confirmEmail, { body: { token: '' } }),
      400,
      'validation',
    );
    expectError(
      await call(api, 'POST', accountPaths.confirmEmail, { body: { token: 42 } }),
      400,
      'validation',
    );
    expectError(
      await call(api, 'POST', accountPaths.confirmEmail, { body: { token: 'a'.repeat(10_000) } }),
      400,
      'validation',
    );
  });
});

describe('sign-out everywhere', () => {
  it('ends every session of the customer, not only the one signing out', async () => {
    const payload = body();
    const first = sessionOf(await register(payload))!;
    const second = sessionOf(
      await call(api, 'POST', accountPaths.login, {
        body: { email: payload.email, password: payload.password },
        headers: { 'x-forwarded-for': '10.1.1.3' },
      }),
    )!;
    const demo = sessionOf(
      await call(api, 'POST', accountPaths.login, {
        body: { email: 'demo@lp-de.example', password: 'Demo1234!' },
        headers: { 'x-forwarded-for': '10.1.1.4' },
      }),
    )!;
    const me = (session: string) => call(api, 'GET', accountPaths.me, { headers: { cookie: session } });
    expect((await me(second)).status).toBe(200);

    const out = await call(api, 'POST', accountPaths.logout, { headers: browserHeaders(first) });
    expect(out.status).toBe(204);
    expectError(await me(first), 401, 'unauthorized');
    expectError(await me(second), 401, 'unauthorized');
    // Another customer's session is untouched.
    expect((await me(demo)).status).toBe(200);
  });
});

describe('sandbox outbox', () => {
  it('labels every page as sandbox, escapes mail text and answers 404 for unknown mails', async () => {
    const list = await call(api, 'GET', '/sandbox/outbox');
    expect(String(list.body)).toContain('Sandbox – keine echte E-Mail');
    expect(list.headers['content-security-policy']).toContain("default-src 'none'");
    expectError(
      await call(api, 'GET', '/sandbox/outbox/00000000-0000-4000-8000-000000000000'),
      404,
      'not-found',
    );
    expectError(await call(api, 'GET', '/sandbox/outbox/%3Cscript%3E'), 404, 'not-found');
    const hostile = await register(body({ name: 'Max', lastName: 'Mustermann' }));
    const page = await call(api, 'GET', new URL((hostile.body as { outboxUrl: string }).outboxUrl).pathname);
    expect(String(page.body)).not.toMatch(/<script/i);
  });

  it('is replaced by a configured mail transport, which gets the mail and leaves no outbox', async () => {
    const { sent, transport } = standInMailServer();
    const own = await makeApi({ mailTransport: transport });
    try {
      const payload = body();
      const res = await call(own, 'POST', accountPaths.register, { body: payload });
      expect(res.status).toBe(201);
      expect(res.body).not.toHaveProperty('outboxUrl');
      expect(sent).toHaveLength(1);
      expect(sent[0]).toMatchObject({
        to: payload.email.toLowerCase(),
        subject: 'Bitte bestätigen Sie Ihre E-Mail-Adresse',
      });
      expect(sent[0]!.text).toContain(sent[0]!.link);
      expect((await call(own, 'GET', '/sandbox/outbox')).status).toBe(404);
    } finally {
      await own.close();
    }
  });
});
