// Session 20: the logged-in customer changes the password, downloads the data and deletes the account
// (src/account/accountSettingsRoutes.ts; the address: accountEmailChange.test.ts). Each needs the session and the
// current password; export and erasure are the operator command's (src/privacy/). PGlite in memory, or PostgreSQL
// with TEST_DATABASE_URL.
import { accountSettingsPaths, paths } from '@lp/sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportCustomer } from '../src/privacy/customerExport';
import {
  PASSWORD,
  customerWithHistory,
  guestWithPlacedOrder,
  personalRows,
  sessionHeaders,
} from './support/privacyScenario';
import { CONFIRM_URL, NEW_PASSWORD, settingsCalls } from './support/settingsCalls';
import { type Api, call, expectError, makeApi } from './support/testApi';

let api: Api;
beforeAll(async () => {
  // X-Forwarded-For names the client, so each test's password attempts count under an address of its own.
  api = await makeApi({ trustProxy: true });
});
afterAll(() => api?.close());
const { fresh, nextIp, post, me, login, register, mailsTo, confirm } = settingsCalls(() => api);

describe('Passwort ändern', () => {
  it('sets the new password, keeps this session, ends the others and mails a notice', async () => {
    const email = fresh('pw');
    const here = await register(email);
    const other = sessionHeaders(await login(email, PASSWORD));
    const res = await post(
      accountSettingsPaths.changePassword,
      { password: PASSWORD, newPassword: NEW_PASSWORD },
      here,
    );
    expect(res.status).toBe(204);
    expect(res.headers['cache-control']).toContain('no-store');
    expect((await me(here)).status).toBe(200);
    expectError(await me(other), 401, 'unauthorized');
    expectError(await login(email, PASSWORD), 401, 'login-failed');
    expect((await login(email, NEW_PASSWORD)).status).toBe(200);
    const mails = await mailsTo(email, 2);
    expect(mails.map((m) => m.subject)).toContain('Ihr Passwort wurde geändert');
    expect(mails.find((m) => m.subject === 'Ihr Passwort wurde geändert')!.body).toContain(
      'Auf allen anderen Geräten wurden Sie abgemeldet.',
    );
  });

  it('refuses a wrong current password (403, nothing changes) and counts it like a failed login', async () => {
    const email = fresh('wrong');
    const here = await register(email);
    const from = nextIp();
    const wrong = await post(
      accountSettingsPaths.changePassword,
      { password: 'falsch-falsch', newPassword: NEW_PASSWORD },
      here,
      from,
    );
    expectError(wrong, 403, 'password-wrong');
    expect((wrong.body as { errors?: { field: string }[] }).errors?.[0]?.field).toBe('password');
    expect((await login(email, PASSWORD)).status).toBe(200);
    // The login's limit: 10 failures per client address in 15 minutes, then 429 also for the right password.
    for (let i = 1; i < 10; i++) {
      expectError(
        await post(
          accountSettingsPaths.changePassword,
          { password: `falsch ${i}xx`, newPassword: NEW_PASSWORD },
          here,
          from,
        ),
        403,
        'password-wrong',
      );
    }
    const limited = await post(
      accountSettingsPaths.changePassword,
      { password: PASSWORD, newPassword: NEW_PASSWORD },
      here,
      from,
    );
    expectError(limited, 429, 'login-rate-limited');
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await login(email, PASSWORD)).status).toBe(200);
  });

  it('refuses a new password off registration’s rules without counting it', async () => {
    const here = await register(fresh('short'));
    for (const newPassword of ['kurz', 'x'.repeat(7), `acht${'\u0007'}zeichen`]) {
      const res = await post(accountSettingsPaths.changePassword, { password: PASSWORD, newPassword }, here);
      expectError(res, 400, 'validation');
    }
  });
});

describe('every setting needs the session and well-formed JSON', () => {
  const bodies: [string, Record<string, unknown>][] = [
    [accountSettingsPaths.changePassword, { password: PASSWORD, newPassword: NEW_PASSWORD }],
    [
      accountSettingsPaths.changeEmail,
      { email: 'neu@example.de', password: PASSWORD, confirmUrl: CONFIRM_URL },
    ],
    [accountSettingsPaths.exportData, { password: PASSWORD }],
    [accountSettingsPaths.deleteAccount, { password: PASSWORD, confirm: true }],
  ];

  it.each(bodies)('%s without a session is 401', async (path, body) => {
    expectError(await post(path, body), 401, 'unauthorized');
  });

  it.each(bodies)(
    '%s refuses wrong types, empty, huge and hostile bodies with 400, and forms with 415',
    async (path, body) => {
      const here = await register(fresh('bad'));
      const before = await personalRows(api);
      const bad: unknown[] = [
        {},
        { ...body, password: '' },
        { ...body, password: 42 },
        { ...body, password: ['x'] },
        { ...body, password: 'p'.repeat(201) },
        { ...body, password: 'a\u0000b' },
        { ...body, extra: '<script>alert(1)</script>' },
        ...Object.keys(body).map((key) => ({ ...body, [key]: null })),
      ];
      for (const payload of bad) {
        const res = await post(path, payload, here);
        expect([res.status, res.body]).toMatchObject([400, { status: 400 }]);
      }
      const form = await api.inject({
        method: 'POST',
        url: path,
        headers: { ...here, 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'password=x',
      });
      expect(form.statusCode).toBe(415);
      expect(await personalRows(api)).toEqual(before);
    },
  );

  it('refuses a deletion without the explicit confirmation', async () => {
    const here = await register(fresh('tick'));
    for (const confirm of [false, 'true', 1]) {
      expectError(
        await post(accountSettingsPaths.deleteAccount, { password: PASSWORD, confirm }, here),
        400,
        'validation',
      );
    }
    expectError(
      await post(accountSettingsPaths.deleteAccount, { password: PASSWORD }, here),
      400,
      'parameter-missing',
    );
    expect((await me(here)).status).toBe(200);
  });
});

describe('Meine Daten herunterladen and Konto löschen', () => {
  it('refuses both for an address never confirmed (its guest orders may be someone else’s)', async () => {
    const email = fresh('unbestaetigt');
    const here = await register(email);
    await guestWithPlacedOrder(api, { email, name: 'Olga', lastName: 'Andere', plate: 'B-OA 1' });
    // The guest order's mail may still be on its way: compared without the outbox.
    const rows = async () => ({ ...(await personalRows(api)), outbox_mails: 0 });
    const before = await rows();
    expectError(
      await post(accountSettingsPaths.exportData, { password: PASSWORD }, here),
      409,
      'email-unconfirmed',
    );
    expectError(
      await post(accountSettingsPaths.deleteAccount, { password: PASSWORD, confirm: true }, here),
      409,
      'email-unconfirmed',
    );
    expect(await rows()).toEqual(before);
  });

  it('downloads the operator export’s document', async () => {
    const email = fresh('export');
    const anna = await customerWithHistory(api, { email, name: 'Anna', lastName: 'Export', plate: 'B-AE 1' });
    await confirm(email, anna.headers);
    expectError(
      await post(accountSettingsPaths.exportData, { password: 'falsch-falsch' }, anna.headers),
      403,
      'password-wrong',
    );
    const res = await post(accountSettingsPaths.exportData, { password: PASSWORD }, anna.headers);
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="meine-daten.json"');
    expect(res.headers['cache-control']).toContain('no-store');
    const expected = JSON.parse(JSON.stringify(await exportCustomer(api.db, email)));
    const { exportedAt: _a, ...got } = res.body as Record<string, unknown>;
    const { exportedAt: _b, ...want } = expected;
    expect(got).toEqual(want);
    expect((got.orders as unknown[]).length).toBe(2);
    expect(JSON.stringify(got)).not.toContain('password_hash');
  });

  it('deletes the account as the operator command does: placed orders kept, the rest gone, every session ended', async () => {
    const email = fresh('loeschen');
    const anna = await customerWithHistory(api, { email, name: 'Anna', lastName: 'Loesch', plate: 'B-AL 1' });
    await confirm(email, anna.headers);
    const other = sessionHeaders(await login(email, PASSWORD));
    const before = await personalRows(api);
    expectError(
      await post(
        accountSettingsPaths.deleteAccount,
        { password: 'falsch-falsch', confirm: true },
        anna.headers,
      ),
      403,
      'password-wrong',
    );
    expect(await personalRows(api)).toEqual(before);

    const res = await post(
      accountSettingsPaths.deleteAccount,
      { password: PASSWORD, confirm: true },
      anna.headers,
    );
    expect(res.status).toBe(200);
    const { orderNumber } = (await call(api, 'GET', `${paths.order.get}?headerGuid=${anna.paid.headerGuid}`))
      .body as { orderNumber: string };
    expect(res.body).toEqual({ keptOrders: [orderNumber] });
    expect(String(res.headers['set-cookie'])).toMatch(/lp_session=;/);
    expectError(await me(anna.headers), 401, 'unauthorized');
    expectError(await me(other), 401, 'unauthorized');
    expectError(await login(email, PASSWORD), 401, 'login-failed');
    // The placed order stays readable by its guid (the thank-you link), without the e-mail and phone.
    const kept = await call(api, 'GET', `${paths.order.get}?headerGuid=${anna.paid.headerGuid}`);
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({ orderNumber, billingPerson: { email: '', phone: '', name: 'Anna' } });
    // The draft and the attached cart are gone; nothing else of hers is left.
    expect((await call(api, 'GET', `${paths.order.get}?headerGuid=${anna.draft.headerGuid}`)).status).toBe(
      404,
    );
    expect(await api.db.query('SELECT 1 FROM customers WHERE email = $1', [email])).toHaveLength(0);
    expect(
      await api.db.query('SELECT 1 FROM outbox_mails WHERE lower(recipient) = $1', [email]),
    ).toHaveLength(0);
    expect(await exportCustomer(api.db, email)).toBeNull();
  });
});
