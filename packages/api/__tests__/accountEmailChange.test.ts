// Session 20: the logged-in customer changes the account's address: a link to the new address, opened by the
// account's own session (src/account/accountSettings.ts, registration.ts confirmEmail). PGlite in memory, or
// PostgreSQL with TEST_DATABASE_URL.
import { accountPaths, accountSettingsPaths } from '@lp/sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, guestWithPlacedOrder } from './support/privacyScenario';
import { CONFIRM_URL, SHOP, settingsCalls } from './support/settingsCalls';
import { type Api, expectError, makeApi } from './support/testApi';

let api: Api;
beforeAll(async () => {
  // X-Forwarded-For names the client, so each test's password attempts count under an address of its own.
  api = await makeApi({ trustProxy: true });
});
afterAll(() => api?.close());
const { fresh, post, me, login, register, mailsTo, tokenOf } = settingsCalls(() => api);

describe('E-Mail-Adresse ändern', () => {
  it('changes the address only when the link to the new one is opened by the account’s own session', async () => {
    const oldEmail = fresh('alt');
    const newEmail = fresh('neu');
    const here = await register(oldEmail);
    // A guest order under the new address, and a reset link mailed to the old one before the change.
    const guest = await guestWithPlacedOrder(api, {
      email: newEmail,
      name: 'Erika',
      lastName: 'Muster',
      plate: 'B-EM 20',
    });
    expect(
      (
        await post(accountPaths.requestPasswordReset, {
          email: oldEmail,
          resetUrl: `${SHOP}/account/password`,
        })
      ).status,
    ).toBe(200);
    const asked = await post(
      accountSettingsPaths.changeEmail,
      { email: ` ${newEmail.toUpperCase()} `, password: PASSWORD, confirmUrl: CONFIRM_URL },
      here,
    );
    expect(asked.status).toBe(200);
    const [link] = await mailsTo(newEmail);
    expect(link!.subject).toBe('Bitte bestätigen Sie Ihre neue E-Mail-Adresse');
    expect(link!.link).toMatch(/^http:\/\/127\.0\.0\.1:3000\/account\/confirm\?token=/);
    // Nothing changed yet.
    expect((await me(here)).body).toMatchObject({ email: oldEmail });
    const token = tokenOf(link!.link);
    // Not by the mailbox without a session, nor by another account's session: the link stays usable.
    expectError(await post(accountPaths.confirmEmail, { token }), 401, 'unauthorized');
    const stranger = await register(fresh('fremd'));
    expectError(await post(accountPaths.confirmEmail, { token }, stranger), 401, 'unauthorized');

    const opened = await post(accountPaths.confirmEmail, { token }, here);
    expect(opened.body).toEqual({ email: newEmail, joinedOrders: 1 });
    expect((await me(here)).body).toMatchObject({ email: newEmail });
    expectError(await login(oldEmail, PASSWORD), 401, 'login-failed');
    expect((await login(newEmail, PASSWORD)).status).toBe(200);
    const [order] = await api.db.query<{ customer_id: number | null }>(
      'SELECT customer_id FROM orders WHERE order_number = $1',
      [guest.orderNumber],
    );
    expect(order!.customer_id).toBe(((await me(here)).body as { id: number }).id);
    // Single use; the old address hears of it; the reset link mailed to the old address is dead.
    expectError(await post(accountPaths.confirmEmail, { token }, here), 400, 'confirmation-invalid');
    const notices = (await mailsTo(oldEmail, 3)).filter(
      (m) => m.subject === 'Die E-Mail-Adresse Ihres Kundenkontos wurde geändert',
    );
    expect(notices).toHaveLength(1);
    expect(notices[0]!.body).toContain(newEmail);
    const reset = (await mailsTo(oldEmail, 3)).find((m) => m.link?.includes('/account/password'));
    expectError(
      await post(accountPaths.resetPassword, { token: tokenOf(reset!.link), password: 'Fremdes Passwort 1' }),
      400,
      'reset-token-invalid',
    );
  });

  it('refuses a taken address (409 as registration does), the own address and a malformed one', async () => {
    const taken = fresh('belegt');
    await register(taken);
    const email = fresh('eigen');
    const here = await register(email);
    const change = (to: unknown, password = PASSWORD) =>
      post(accountSettingsPaths.changeEmail, { email: to, password, confirmUrl: CONFIRM_URL }, here);
    expectError(await change(taken.toUpperCase()), 409, 'email-taken');
    expectError(await change(email), 400, 'validation');
    for (const bad of ['kein-at', 'a@b', '<script>@x.de', ' '])
      expectError(await change(bad), 400, 'validation');
    expectError(await change(fresh('neu'), 'falsch-falsch'), 403, 'password-wrong');
    expectError(
      await post(
        accountSettingsPaths.changeEmail,
        { email: fresh('neu'), password: PASSWORD, confirmUrl: 'https://evil.example/x' },
        here,
      ),
      400,
      'origin-not-allowed',
    );
    expect(
      await api.db.query(
        'SELECT 1 FROM email_confirmations WHERE new_email IS NOT NULL AND customer_id = (SELECT id FROM customers WHERE email = $1)',
        [email],
      ),
    ).toHaveLength(0);
  });

  it('allows one link a minute, the newest only; an expired link and an address taken meanwhile change nothing', async () => {
    const email = fresh('takt');
    const here = await register(email);
    const first = fresh('erste');
    expect(
      (
        await post(
          accountSettingsPaths.changeEmail,
          { email: first, password: PASSWORD, confirmUrl: CONFIRM_URL },
          here,
        )
      ).status,
    ).toBe(200);
    expectError(
      await post(
        accountSettingsPaths.changeEmail,
        { email: fresh('zweite'), password: PASSWORD, confirmUrl: CONFIRM_URL },
        here,
      ),
      429,
      'rate-limited',
    );
    const [mail] = await mailsTo(first);
    // Taken by a registration between the request and the click: 409, the link stays.
    await register(first);
    expectError(
      await post(accountPaths.confirmEmail, { token: tokenOf(mail!.link) }, here),
      409,
      'email-taken',
    );
    expect((await me(here)).body).toMatchObject({ email });
    // A minute later (moved in the database), a new link replaces the first; once expired it does nothing.
    await api.db.query(
      `UPDATE email_confirmations SET expires_at = expires_at - interval '2 minutes' WHERE new_email = $1`,
      [first],
    );
    const second = fresh('zweite');
    expect(
      (
        await post(
          accountSettingsPaths.changeEmail,
          { email: second, password: PASSWORD, confirmUrl: CONFIRM_URL },
          here,
        )
      ).status,
    ).toBe(200);
    expectError(
      await post(accountPaths.confirmEmail, { token: tokenOf(mail!.link) }, here),
      400,
      'confirmation-invalid',
    );
    const [next] = await mailsTo(second);
    await api.db.query(
      `UPDATE email_confirmations SET expires_at = now() - interval '1 second' WHERE new_email = $1`,
      [second],
    );
    expectError(
      await post(accountPaths.confirmEmail, { token: tokenOf(next!.link) }, here),
      400,
      'confirmation-invalid',
    );
    expect((await me(here)).body).toMatchObject({ email });
  });

  it('a resend of the registration’s link leaves a pending change alone, and is not held back by it', async () => {
    const email = fresh('beides');
    const here = await register(email);
    const target = fresh('ziel');
    const asked = { email: target, password: PASSWORD, confirmUrl: CONFIRM_URL };
    expect((await post(accountSettingsPaths.changeEmail, asked, here)).status).toBe(200);
    // The registration's link two minutes old (the resend's interval), the change's link new.
    await api.db.query(
      `UPDATE email_confirmations SET expires_at = expires_at - interval '2 minutes'
        WHERE new_email IS NULL AND customer_id = (SELECT id FROM customers WHERE email = $1)`,
      [email],
    );
    const resent = await post(accountPaths.resendConfirmation, { email, confirmUrl: CONFIRM_URL });
    expect(resent.status).toBe(200);
    // The resend's mail goes out (the change's link is no registration link to wait for) …
    const links = (await mailsTo(email, 2)).filter((mail) => mail.link?.includes('/account/confirm?token='));
    expect(links).toHaveLength(2);
    // … and the change's link still works.
    const [change] = await mailsTo(target);
    const opened = await post(accountPaths.confirmEmail, { token: tokenOf(change!.link) }, here);
    expect(opened.body).toMatchObject({ email: target });
  });
});
