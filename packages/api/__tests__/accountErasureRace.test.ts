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
  it('leaves no order linked to the erased account: the save waits, then answers 401', async () => {
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

    // Hold the cart's row, so the save reads the session (outside its transaction) and then waits inside it.
    const blocker = new pg.Client({ connectionString: await databaseUrlOf(api) });
    await blocker.connect();
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
      // The save is waiting on the cart's row (its session was read before).
      await expect
        .poll(async () => {
          const rows = await api.db.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()`,
          );
          return rows[0]!.n;
        })
        .toBe(1);
      const erasure = await eraseCustomer(api.db, email);
      expect(erasure?.account).toBe(true);
      await blocker.query('COMMIT');

      const saved = await saving;
      expect(saved.status).toBe(401);
      expect((saved.body as { code: string }).code).toBe('unauthorized');
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
