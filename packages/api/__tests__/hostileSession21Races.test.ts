// Session 22 (hostile): "Konto löschen" (session 21: the account erased by id under its row's lock) while the same
// account's browser saves its cart as an order ("Zahlungspflichtig bestellen" in another tab). The save locked the
// cart and then, by the foreign key of `customer_id`, waited for the account's row; the erasure holds that row and
// waits for the account's carts: a deadlock, 500 for one of them. PostgreSQL only: PGlite runs one transaction at a
// time.
import { accountSettingsPaths, paths } from '@lp/sdk/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD } from './support/privacyScenario';
import { settingsCalls } from './support/settingsCalls';
import { type Api, type Call, addBody, call, expectError, makeApi, saveBody } from './support/testApi';

const server = process.env.TEST_DATABASE_URL;

describe.runIf(server)('Konto löschen while the account saves an order (PostgreSQL)', () => {
  let api: Api;
  beforeAll(async () => {
    api = await makeApi({ trustProxy: true });
  });
  afterAll(() => api?.close());
  const { fresh, post, register, confirm } = settingsCalls(() => api);

  const waitingForLocks = async () => {
    const [row] = await api.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()`,
    );
    return row!.n;
  };

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
      const release = await hold('SELECT 1 FROM carts WHERE guid = $1::uuid FOR SHARE', cartGuid);
      let answers: [Call, Call];
      try {
        const one = first === 'save' ? save() : erase();
        await expect.poll(waitingForLocks, { timeout: 10_000 }).toBe(1);
        const other = first === 'save' ? erase() : save();
        await expect.poll(waitingForLocks, { timeout: 10_000 }).toBe(2);
        await release();
        const [a, b] = await Promise.all([one, other]);
        answers = first === 'save' ? [a, b] : [b, a];
      } catch (error) {
        await release().catch(() => undefined);
        throw error;
      }
      const [saved, deleted] = answers;
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
