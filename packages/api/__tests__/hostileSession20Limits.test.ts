// Session 21, hostile: session 20's account settings as a thief holding only a cookie would meet them
// (src/account/accountSettingsRoutes.ts): a page on another site posting with the shopper's cookie, and guessing the
// current password through two API processes of one PostgreSQL database. Checked, not defects: these tests hold it.
import { accountPaths, accountSettingsPaths } from '@lp/sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../src/index';
import { PASSWORD, personalRows, sessionHeaders } from './support/privacyScenario';
import { CONFIRM_URL, NEW_PASSWORD } from './support/settingsCalls';
import { type Api, call, createTestDatabase, expectError, makeApi } from './support/testApi';

const SETTINGS: [string, Record<string, unknown>][] = [
  [accountSettingsPaths.changePassword, { password: PASSWORD, newPassword: NEW_PASSWORD }],
  [
    accountSettingsPaths.changeEmail,
    { email: 'neu.x@example.de', password: PASSWORD, confirmUrl: CONFIRM_URL },
  ],
  [accountSettingsPaths.exportData, { password: PASSWORD }],
  [accountSettingsPaths.deleteAccount, { password: PASSWORD, confirm: true }],
];

/** Registers and confirms an account on `api`; answers its browser's headers (session cookie, anti-forgery). */
async function confirmedAccount(api: Api, email: string, from: string): Promise<Record<string, string>> {
  const registered = await call(api, 'POST', accountPaths.register, {
    body: { email, password: PASSWORD, name: 'Erika', lastName: 'Muster', confirmUrl: CONFIRM_URL },
    headers: { 'x-forwarded-for': from },
  });
  expect(registered.status).toBe(201);
  const headers = sessionHeaders(registered);
  for (let waited = 0; ; waited += 20) {
    const [mail] = await api.db.query<{ link: string }>(
      'SELECT link FROM outbox_mails WHERE recipient = $1',
      [email],
    );
    if (mail) {
      const token = new URL(mail.link).searchParams.get('token');
      const opened = await call(api, 'POST', accountPaths.confirmEmail, { body: { token }, headers });
      expect(opened.status).toBe(200);
      return headers;
    }
    expect(waited).toBeLessThan(5_000);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the settings with a cookie but without the page’s anti-forgery token', () => {
  let api: Api;
  beforeAll(async () => {
    api = await makeApi({ trustProxy: true });
  });
  afterAll(() => api?.close());

  it.each(SETTINGS)(
    '%s from another site’s page is 403 forbidden-xsrf, nothing changes',
    async (path, body) => {
      const headers = await confirmedAccount(
        api,
        `csrf.${path.length}.${Date.now()}@example.de`,
        '10.31.0.1',
      );
      const before = await personalRows(api);
      // A cross-site page sends the cookies but cannot read the XSRF-TOKEN cookie to echo it.
      const cookieOnly = { cookie: headers.cookie!, 'x-forwarded-for': '10.31.0.2' };
      expectError(await call(api, 'POST', path, { body, headers: cookieOnly }), 403, 'forbidden-xsrf');
      const guessed = { ...cookieOnly, 'X-XSRF-TOKEN': 'zyxwvutsrqponmlkjihgfedc' };
      expectError(await call(api, 'POST', path, { body, headers: guessed }), 403, 'forbidden-xsrf');
      expect(await personalRows(api)).toEqual(before);
      expect((await call(api, 'GET', accountPaths.me, { headers })).status).toBe(200);
    },
  );
});

const server = process.env.TEST_DATABASE_URL;

describe.runIf(server)('a stolen cookie guessing the password at two API processes (PostgreSQL)', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let a: Api;
  let b: Api;
  beforeAll(async () => {
    database = await createTestDatabase(server!);
    const start = () => createApi({ databaseUrl: database.url, trustProxy: true, rateLimit: false });
    [a, b] = await Promise.all([start(), start()]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await database?.drop();
  });

  it('counts wrong current passwords and failed logins of one address together: 10 in all, then 429 at both', async () => {
    const email = `dieb.${Date.now()}@example.de`;
    const headers = await confirmedAccount(a, email, '10.32.0.1');
    const thief = { ...headers, 'x-forwarded-for': '10.32.0.9' };
    for (let i = 0; i < 10; i++) {
      const res =
        i % 3 === 2
          ? await call(i % 2 ? a : b, 'POST', accountPaths.login, {
              body: { email, password: `geraten ${i}` },
              headers: { 'x-forwarded-for': '10.32.0.9' },
            })
          : await call(i % 2 ? a : b, 'POST', accountSettingsPaths.exportData, {
              body: { password: `geraten ${i}` },
              headers: thief,
            });
      expect(res.status).toBe(i % 3 === 2 ? 401 : 403);
    }
    for (const api of [a, b]) {
      const limited = await call(api, 'POST', accountSettingsPaths.deleteAccount, {
        body: { password: PASSWORD, confirm: true },
        headers: thief,
      });
      expectError(limited, 429, 'login-rate-limited');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    }
    // The owner at another address is not locked out, and the account is still there.
    expect(
      (
        await call(b, 'POST', accountPaths.login, {
          body: { email, password: PASSWORD },
          headers: { 'x-forwarded-for': '10.32.0.1' },
        })
      ).status,
    ).toBe(200);
  });
});
