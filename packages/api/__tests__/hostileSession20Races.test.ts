// Session 21, hostile: session 20's account changes at the same moment as another change of the same account:
// "Konto löschen" while its browser attaches its cart at a login (src/account/attachCart.ts, privacy/eraseCustomer.ts),
// a change-of-address link and a reset link opened at once (registration.ts, passwordReset.ts). Every one takes the
// account's row first. PostgreSQL only: PGlite runs one transaction at a time.
import { accountPaths, accountSettingsPaths, paths } from '@lp/sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queuedBehind } from './support/lockQueue';
import { PASSWORD } from './support/privacyScenario';
import { NEW_PASSWORD, SHOP, settingsCalls } from './support/settingsCalls';
import { type Api, addBody, addItem, call, expectError, makeApi } from './support/testApi';

const server = process.env.TEST_DATABASE_URL;

describe.runIf(server)('Konto löschen while the account attaches a cart (PostgreSQL)', () => {
  let api: Api;
  beforeAll(async () => {
    api = await makeApi({ trustProxy: true });
  });
  afterAll(() => api?.close());
  const { fresh, post, register, confirm, mailsTo, tokenOf, changingAddress } = settingsCalls(() => api);

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
      // The attach used to hold the carts and wait for the account's row, the erasure the other way round: a
      // deadlock (500 for one of them); and an attach after the erasure set `user_id` to a deleted account (500).
      const held = 'SELECT 1 FROM carts WHERE guid = $1::uuid FOR SHARE';
      const [attached, deleted] =
        first === 'attach'
          ? await queuedBehind(api, held, accountGuid, attach, erase)
          : await queuedBehind(api, held, accountGuid, erase, attach).then(([d, a]) => [a, d] as const);
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
    // The link locks the account's row first; the reset took its link's row and then the account's, and the
    // link then waited for that reset row: a deadlock, 500 for one of them.
    const [opened, resetAnswer] = await queuedBehind(
      api,
      'SELECT 1 FROM customers WHERE email = $1 FOR SHARE',
      oldEmail,
      () => post(accountPaths.confirmEmail, { token: changeToken }, here),
      () => post(accountPaths.resetPassword, { token: tokenOf(reset!.link), password: NEW_PASSWORD }),
    );
    expect(opened.status).toBe(200);
    // The change ends the reset link mailed to the old address, as when they come one after the other.
    expectError(resetAnswer, 400, 'reset-token-invalid');
    expect((await post(accountPaths.login, { email: newEmail, password: PASSWORD })).status).toBe(200);
  });
});
