// Session 21, hostile: session 20's account changes at the same moment as another change of the same account:
// "Konto löschen" while its browser attaches its cart at a login (src/account/attachCart.ts, privacy/eraseCustomer.ts),
// a change-of-address link and a reset link opened at once (registration.ts, passwordReset.ts). Every one takes the
// account's row first. PostgreSQL only: PGlite runs one transaction at a time.
import { accountPaths, accountSettingsPaths, paths } from '@lp/sdk/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD } from './support/privacyScenario';
import { NEW_PASSWORD, SHOP, settingsCalls } from './support/settingsCalls';
import { type Api, type Call, addBody, addItem, call, expectError, makeApi } from './support/testApi';

const server = process.env.TEST_DATABASE_URL;

describe.runIf(server)('Konto löschen while the account attaches a cart (PostgreSQL)', () => {
  let api: Api;
  beforeAll(async () => {
    api = await makeApi({ trustProxy: true });
  });
  afterAll(() => api?.close());
  const { fresh, post, register, confirm, mailsTo, tokenOf, changingAddress } = settingsCalls(() => api);

  const waitingForLocks = async () => {
    const [row] = await api.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()`,
    );
    return row!.n;
  };

  /**
   * A confirmed account with its own cart emptied (the lower id) and a browser's cart with a line: attaching the
   * browser's cart makes it the account's (`user_id`, a foreign key to the account's row).
   */
  async function accountAndBrowserCart() {
    const email = fresh('anhaengen');
    const here = await register(email);
    await confirm(email, here);
    const own = await call(api, 'POST', paths.cart.addItem, { body: addBody('KZH-001'), headers: here });
    const accountGuid = (own.body as { cartGuid: string; userId: number | null }).cartGuid;
    expect((own.body as { userId: number | null }).userId).not.toBeNull();
    await api.db.query(
      'DELETE FROM cart_items WHERE cart_id = (SELECT id FROM carts WHERE guid = $1::uuid)',
      [accountGuid],
    );
    const browser = await addItem(api, addBody('KZH-001'));
    return { email, here, accountGuid, browserGuid: browser.cartGuid! };
  }

  /** Holds a row from a connection of its own until `release` (the requests queue behind it). */
  async function hold(sql: string, value: string) {
    const [{ name }] = (await api.db.query('SELECT current_database() AS name')) as [{ name: string }];
    const url = new URL(server!);
    url.pathname = `/${name}`;
    const blocker = new pg.Client({ connectionString: url.href });
    await blocker.connect();
    await blocker.query('BEGIN');
    await blocker.query(sql, [value]);
    return async () => {
      await blocker.query('COMMIT');
      await blocker.end();
    };
  }

  it.each(['attach', 'delete'] as const)(
    'neither fails when the %s queues first: no 500, the account gone, no cart left linked to it',
    async (first) => {
      const { email, here, accountGuid, browserGuid } = await accountAndBrowserCart();
      const [{ id }] = (await api.db.query('SELECT id FROM customers WHERE email = $1', [email])) as [
        { id: number },
      ];
      const attach = () =>
        call(api, 'POST', paths.cart.attachToUser, { cartGuid: browserGuid, headers: here });
      const erase = () =>
        post(accountSettingsPaths.deleteAccount, { password: PASSWORD, confirm: true }, here);
      const release = await hold('SELECT 1 FROM carts WHERE guid = $1::uuid FOR SHARE', accountGuid);
      let answers: [Call, Call];
      try {
        // The attach used to hold the carts and wait for the account's row, the erasure the other way round: a
        // deadlock (500 for one of them); and an attach after the erasure set `user_id` to a deleted account (500).
        const one = first === 'attach' ? attach() : erase();
        await expect.poll(waitingForLocks, { timeout: 10_000 }).toBe(1);
        const other = first === 'attach' ? erase() : attach();
        await expect.poll(waitingForLocks, { timeout: 10_000 }).toBe(2);
        await release();
        const [a, b] = await Promise.all([one, other]);
        answers = first === 'attach' ? [a, b] : [b, a];
      } catch (error) {
        await release().catch(() => undefined);
        throw error;
      }
      const [attached, deleted] = answers;
      expect(deleted.status).toBe(200);
      // First: attached, then erased with the account. Second: the account is gone, so is its session.
      if (first === 'attach') expect(attached.status).toBe(200);
      else expectError(attached, 401, 'unauthorized');
      expect(await api.db.query('SELECT 1 FROM customers WHERE id = $1', [id])).toEqual([]);
      expect(await api.db.query('SELECT 1 FROM carts WHERE user_id = $1', [id])).toEqual([]);
    },
  );

  it('a change-of-address link and the old address’s reset link opened at once: no deadlock, the change wins', async () => {
    const { oldEmail, newEmail, here, token: changeToken } = await changingAddress();
    const resetUrl = `${SHOP}/account/password`;
    expect((await post(accountPaths.requestPasswordReset, { email: oldEmail, resetUrl })).status).toBe(200);
    const reset = (await mailsTo(oldEmail, 2)).find((mail) => mail.link?.includes('/account/password'));
    const release = await hold('SELECT 1 FROM customers WHERE email = $1 FOR SHARE', oldEmail);
    let answers: [Call, Call];
    try {
      // The link locks the account's row first; the reset took its link's row and then the account's, and the
      // link then waited for that reset row: a deadlock, 500 for one of them.
      const opening = post(accountPaths.confirmEmail, { token: changeToken }, here);
      await expect.poll(waitingForLocks, { timeout: 10_000 }).toBe(1);
      const resetting = post(accountPaths.resetPassword, {
        token: tokenOf(reset!.link),
        password: NEW_PASSWORD,
      });
      await expect.poll(waitingForLocks, { timeout: 10_000 }).toBe(2);
      await release();
      answers = await Promise.all([opening, resetting]);
    } catch (error) {
      await release().catch(() => undefined);
      throw error;
    }
    const [opened, resetAnswer] = answers;
    expect(opened.status).toBe(200);
    // The change ends the reset link mailed to the old address, as when they come one after the other.
    expectError(resetAnswer, 400, 'reset-token-invalid');
    expect((await post(accountPaths.login, { email: newEmail, password: PASSWORD })).status).toBe(200);
  });
});
