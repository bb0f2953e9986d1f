// Session 16: a shopper who forgot the password sets a new one with the reset mail's link. The link works once, for
// an hour, and only the newest mail's; the reset ends every session of the account, and confirms its address.
// (Split from passwordReset.test.ts in session 22.)
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eraseCustomer } from '../src/privacy/eraseCustomer';
import { NEW_PASSWORD, OLD_PASSWORD, RESET_URL, passwordResetWorld } from './support/passwordResetWorld';
import { call, demoOrderFilter, expectError, savedOrder } from './support/testApi';

const {
  api,
  login,
  me,
  reset,
  waitForMails,
  ageRequest,
  freshEmail,
  register,
  request,
  sessionCookie,
  tokenOf,
  withSession,
} = await passwordResetWorld();

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
});
