import { paths } from '@lp/sdk/contract';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { eraseCustomer } from '../src/privacy/eraseCustomer';
import { customerWithHistory } from './support/privacyScenario';
import { type Api, addBody, addItem, call, makeApi, saveBody } from './support/testApi';

const server = process.env.TEST_DATABASE_URL;
const apis: Api[] = [];
afterEach(async () => {
  for (const api of apis.splice(0)) await api.close();
});

/** The database URL of an API made by makeApi on the server (each has its own database). */
async function databaseUrlOf(api: Api): Promise<string> {
  const [row] = await api.db.query<{ name: string }>('SELECT current_database() AS name');
  const url = new URL(server!);
  url.pathname = `/${row!.name}`;
  return url.href;
}

// Only a PostgreSQL server runs `lp-api customer delete` beside the serving API (PGlite: one process, one session).
describe.runIf(server)('an erasure while the account saves an order (PostgreSQL)', () => {
  it('leaves no order linked to the erased account: the erasure waits for the save and takes its order', async () => {
    const api = await makeApi();
    apis.push(api);
    const email = 'race.kunde@example.de';
    const { headers } = await customerWithHistory(api, {
      email,
      name: 'Rita',
      lastName: 'Rennen',
      plate: 'B-RR ',
    });
    const cart = await addItem(api, addBody('KZH-001'));

    // Hold the cart's row, so the save reads the session (outside its transaction) and then waits inside it. Since
    // session 22 the save takes the account's row first (FOR KEY SHARE, as "Konto löschen" locks it first): the
    // erasure then waits for the save and finds its order (an erasure that came first makes the save answer 401,
    // hostileSession21Races.test.ts).
    const blocker = new pg.Client({ connectionString: await databaseUrlOf(api) });
    await blocker.connect();
    const waiting = async () => {
      const rows = await api.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()`,
      );
      return rows[0]!.n;
    };
    try {
      await blocker.query('BEGIN');
      await blocker.query('SELECT 1 FROM carts WHERE guid = $1 FOR UPDATE', [cart.cartGuid]);
      const saving = call(api, 'POST', paths.order.save, {
        cartGuid: cart.cartGuid!,
        headers,
        body: saveBody({
          billingPerson: { email, phone: '+49 1701234567', name: 'Rita', lastName: 'Rennen' },
        }),
      });
      // The save is waiting on the cart's row (its session was read before), the erasure on the account's.
      await expect.poll(waiting).toBe(1);
      const erasing = eraseCustomer(api.db, email);
      await expect.poll(waiting).toBe(2);
      await blocker.query('COMMIT');

      expect((await saving).status).toBe(200);
      expect((await erasing)?.account).toBe(true);
    } finally {
      await blocker.end();
    }
    const dangling = await api.db.query(
      `SELECT o.order_number FROM orders o
        WHERE o.customer_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM customers c WHERE c.id = o.customer_id)`,
    );
    expect(dangling).toEqual([]);
    const withEmail = await api.db.query(
      `SELECT order_number FROM orders WHERE lower(billing_person->>'email') = $1`,
      [email],
    );
    expect(withEmail).toEqual([]);
  });
});
