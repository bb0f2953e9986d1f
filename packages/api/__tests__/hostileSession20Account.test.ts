// Session 21, hostile: session 20's account settings attacked over HTTP (src/account/accountSettingsRoutes.ts,
// accountSettings.ts): a deletion or a download while the change of address is confirmed, and the change of address
// as a test of which addresses have accounts. PGlite in memory, or PostgreSQL with TEST_DATABASE_URL.
import { accountPaths, accountSettingsPaths } from '@lp/sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queuedBehind } from './support/lockQueue';
import { PASSWORD } from './support/privacyScenario';
import { CONFIRM_URL, settingsCalls } from './support/settingsCalls';
import { type Api, expectError, makeApi } from './support/testApi';

let api: Api;
beforeAll(async () => {
  // X-Forwarded-For names the client, so each test's password attempts count under an address of its own.
  api = await makeApi({ trustProxy: true });
});
afterAll(() => api?.close());
const { fresh, post, me, login, register, confirm, changingAddress } = settingsCalls(() => api);

const accountsOf = (...emails: string[]) =>
  api.db.query('SELECT id FROM customers WHERE lower(email) = ANY($1::text[])', [emails]);

describe('Konto löschen while the change of address is confirmed', () => {
  it('deletes the account under whichever address it has: never "deleted" while it lives on', async () => {
    // The link is opened while the deletion checks the password (a slow scrypt): the deletion used to erase the
    // address its session had read, found no account under it, answered 200 and left the account logged in.
    for (let round = 0; round < 4; round++) {
      const { oldEmail, newEmail, here, token } = await changingAddress();
      const deleting = post(accountSettingsPaths.deleteAccount, { password: PASSWORD, confirm: true }, here);
      await new Promise((resolve) => setTimeout(resolve, round * 3));
      const opened = await post(accountPaths.confirmEmail, { token }, here);
      const deleted = await deleting;
      expect(deleted.status).toBe(200);
      // The link either came first (the address changed, then the account went) or found the account gone.
      expect([200, 400, 401]).toContain(opened.status);
      expect(await accountsOf(oldEmail, newEmail)).toEqual([]);
      expectError(await me(here), 401, 'unauthorized');
      expectError(await login(newEmail, PASSWORD), 401, 'login-failed');
      expectError(await login(oldEmail, PASSWORD), 401, 'login-failed');
    }
  });

  it('a second click answers without an error and deletes nothing more', async () => {
    const email = fresh('doppelt');
    const here = await register(email);
    await confirm(email, here);
    const answers = await Promise.all([
      post(accountSettingsPaths.deleteAccount, { password: PASSWORD, confirm: true }, here),
      post(accountSettingsPaths.deleteAccount, { password: PASSWORD, confirm: true }, here),
    ]);
    // Whichever came second found the session gone (401), the password unknown (403) or the account gone (200).
    expect(answers.some((res) => res.status === 200)).toBe(true);
    for (const res of answers) expect([200, 401, 403]).toContain(res.status);
    expect(await accountsOf(email)).toEqual([]);
  });
});

// Only a PostgreSQL server has concurrent transactions (PGlite runs one at a time).
describe.runIf(process.env.TEST_DATABASE_URL)(
  'Konto löschen and the change link at once (PostgreSQL)',
  () => {
    it('neither deadlocks: the link waits for the account row, as the erasure does', async () => {
      const { oldEmail, newEmail, here, token } = await changingAddress();
      // Hold the account row, so the erasure waits first for it and the link after it. The link used to take its
      // token's row before the account's, the erasure the other way round: one of them failed with a deadlock (500).
      const [deleted, opened] = await queuedBehind(
        api,
        'SELECT 1 FROM customers WHERE lower(email) = $1 FOR SHARE',
        oldEmail,
        () => post(accountSettingsPaths.deleteAccount, { password: PASSWORD, confirm: true }, here),
        () => post(accountPaths.confirmEmail, { token }, here),
      );
      expect(deleted.status).toBe(200);
      expectError(opened, 400, 'confirmation-invalid');
      expect(await accountsOf(oldEmail, newEmail)).toEqual([]);
    });
  },
);

describe('Meine Daten herunterladen while the change of address is confirmed', () => {
  it('holds the account, under the address it has', async () => {
    for (let round = 0; round < 4; round++) {
      const { oldEmail, newEmail, here, token } = await changingAddress();
      const exporting = post(accountSettingsPaths.exportData, { password: PASSWORD }, here);
      await new Promise((resolve) => setTimeout(resolve, round * 3));
      expect((await post(accountPaths.confirmEmail, { token }, here)).status).toBe(200);
      const exported = await exporting;
      expect(exported.status).toBe(200);
      // Before the fix: the document of the old address, without the account (it had moved to the new one).
      const { account } = exported.body as { account: { email: string } | null };
      expect([oldEmail, newEmail]).toContain(account?.email);
    }
  });
});

describe('E-Mail-Adresse ändern tells no more than registration', () => {
  it('after a change link, every address waits the minute: a taken one no longer answers 409 at once', async () => {
    const taken = fresh('belegt');
    await register(taken);
    const email = fresh('sucher');
    const here = await register(email);
    const change = (to: string) =>
      post(
        accountSettingsPaths.changeEmail,
        { email: to, password: PASSWORD, confirmUrl: CONFIRM_URL },
        here,
      );
    // Before any link: a taken address is 409, as registration answers it (and a free one costs a mail there too).
    expectError(await change(taken), 409, 'email-taken');
    expect((await change(fresh('frei'))).status).toBe(200);
    // Within the minute a free address was 429 and a taken one 409: a silent test of any number of addresses.
    expectError(await change(fresh('frei2')), 429, 'rate-limited');
    expectError(await change(taken.toUpperCase()), 429, 'rate-limited');
  });
});

describe('an address whose lower case is no address', () => {
  // JavaScript lower-cases "İ" (a Turkish domain typed in capitals) to "i" + U+0307: longer, no letter of spec 5's
  // rule, and not what the database's lower() makes of the typed address when the customer logs in.
  const dotted = (length: number) => {
    const domain = `${'İ'.repeat(60)}.${'a'.repeat(60)}.${'b'.repeat(60)}.de`;
    return `${'y'.repeat(length - domain.length - 1)}@${domain}`;
  };

  it('is 400 validation at the change, not 500 and not a link to an address the login cannot find', async () => {
    const email = fresh('tuerkei');
    const here = await register(email);
    for (const to of [dotted(254), `x.${Date.now()}@İstanbul.de`]) {
      const res = await post(
        accountSettingsPaths.changeEmail,
        { email: to, password: PASSWORD, confirmUrl: CONFIRM_URL },
        here,
      );
      expectError(res, 400, 'validation');
      expect((res.body as { errors: { field: string }[] }).errors[0]!.field).toBe('email');
    }
    expect(
      await api.db.query(
        'SELECT 1 FROM email_confirmations WHERE new_email IS NOT NULL AND new_email LIKE $1',
        ['%stanbul%'],
      ),
    ).toEqual([]);
  });

  it('is 400 validation at registration, where it made an account its own address could not log in to', async () => {
    const email = `x.${Date.now()}@İstanbul.de`;
    const res = await post(accountPaths.register, {
      email,
      password: PASSWORD,
      name: 'Erika',
      lastName: 'Muster',
      confirmUrl: CONFIRM_URL,
    });
    expectError(res, 400, 'validation');
    expect(await accountsOf(email.toLowerCase())).toEqual([]);
  });

  it('an address with capital umlauts logs in as typed, on every database locale', async () => {
    // Stored lower-cased by JavaScript ("max@müller.de"); the login lower-cased the typed address in SQL, which on a
    // PostgreSQL server with the C locale leaves "Ü": the customer who typed it as at registration got 401.
    const email = `max.${Date.now()}@MÜLLER.de`;
    await register(email);
    expect((await login(email, PASSWORD)).status).toBe(200);
    expect((await login(email.toLowerCase(), PASSWORD)).status).toBe(200);
  });
});
