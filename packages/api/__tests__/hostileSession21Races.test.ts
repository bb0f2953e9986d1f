// Session 22 (hostile): "Konto löschen" (session 21: the account erased by id under its row's lock) while the same
// account's browser saves its cart as an order ("Zahlungspflichtig bestellen" in another tab). The save locked the
// cart and then, by the foreign key of `customer_id`, waited for the account's row; the erasure holds that row and
// waits for the account's carts: a deadlock, 500 for one of them. PostgreSQL only: PGlite runs one transaction at a
// time.
import { accountSettingsPaths, paths } from '@lp/sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queuedBehind } from './support/lockQueue';
import { PASSWORD } from './support/privacyScenario';
import { settingsCalls } from './support/settingsCalls';
import { type Api, addBody, call, expectError, makeApi, saveBody } from './support/testApi';

const server = process.env.TEST_DATABASE_URL;

describe.runIf(server)('Konto löschen while the account saves an order (PostgreSQL)', () => {
  let api: Api;
  beforeAll(async () => {
    api = await makeApi({ trustProxy: true });
  });
  afterAll(() => api?.close());
  const { fresh, post, register, confirm } = settingsCalls(() => api);

  it.each(['save', 'delete'] as const)(
    'neither fails when the %s queues first: no 500, the account gone, no order left with its address',
    async (first) => {
      const email = fresh('bestellen');
      const here = await register(email);
      await confirm(email, here);
      const added = await call(api, 'POST', paths.cart.addItem, { body: addBody('KZH-001'), headers: here });
      const cartGuid = (added.body as { cartGuid: string }).cartGuid;
      const [{ id }] = (await api.db.query('SELECT id FROM customers WHERE email = $1', [email])) as [
        { id: number },
      ];
      const save = () =>
        call(api, 'POST', paths.order.save, {
          body: saveBody({
            billingPerson: { email, phone: '+49 1701234567', name: 'Erika', lastName: 'Muster' },
          }),
          cartGuid,
          headers: here,
        });
      const erase = () =>
        post(accountSettingsPaths.deleteAccount, { password: PASSWORD, confirm: true }, here);
      const held = 'SELECT 1 FROM carts WHERE guid = $1::uuid FOR SHARE';
      const [saved, deleted] =
        first === 'save'
          ? await queuedBehind(api, held, cartGuid, save, erase)
          : await queuedBehind(api, held, cartGuid, erase, save).then(([d, s]) => [s, d] as const);
      expect(deleted.status).toBe(200);
      // First: saved, then erased with the account (a draft goes). Second: the account is gone, so is its session.
      if (first === 'save') expect(saved.status).toBe(200);
      else expectError(saved, 401, 'unauthorized');
      expect(await api.db.query('SELECT 1 FROM customers WHERE id = $1', [id])).toEqual([]);
      expect(
        await api.db.query("SELECT 1 FROM orders WHERE customer_id = $1 OR billing_person->>'email' = $2", [
          id,
          email,
        ]),
      ).toEqual([]);
    },
    30_000,
  );
});
