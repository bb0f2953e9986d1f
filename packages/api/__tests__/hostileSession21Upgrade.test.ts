// Session 22 (hostile): the upgrades that rewrite stored e-mail addresses (migration 037's lower case, 038's composed
// form, src/db/dataMigrations.ts). An older release's data with decomposed addresses, a twin account that looked like
// another, and thousands of mixed-case rows: time, idempotence, and a twin that must never reach its look-alike's
// data. PGlite folders, or PostgreSQL databases with TEST_DATABASE_URL.
import { accountSettingsPaths } from '@lp/sdk/contract';
import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/Db';
import { DATA_MIGRATIONS } from '../src/db/dataMigrations';
import { hashNewPassword } from '../src/account/password';
import { sessionStore } from '../src/account/sessionStore';
import type { CustomerExport } from '../src/privacy/customerExport';
import { guestWithPlacedOrder, login, PASSWORD, sessionHeaders } from './support/privacyScenario';
import { call, restartableApi } from './support/testApi';
import { undoMigrationsFrom } from './support/undoMigrations';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const COMPOSED = 'jörg@öztürk.de';
const DECOMPOSED = COMPOSED.normalize('NFD');

/** An account as an older release stored it (registration's columns), answering its id. */
async function oldAccount(db: Db, email: string, name: string): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO customers (email, password_hash, name, last_name, customer_company_id, customer_company_group_role_id,
       email_confirmed_at)
     VALUES ($1, $2, $3, 'Öztürk', nextval('customer_companies_seq'), 3001, now()) RETURNING id`,
    [email, await hashNewPassword(PASSWORD), name],
  );
  return row!.id;
}

const emailsOf = async (db: Db, sql: string) => (await db.query<{ email: string }>(sql)).map((r) => r.email);

describe('migration 038', () => {
  it('composes what an older release stored decomposed; a twin keeps its address and only its own data', async () => {
    const start = await restartableApi(cleanups, 'lp-038-');
    const older = await start();
    const order = await guestWithPlacedOrder(older, {
      email: 'platz@example.de',
      name: 'Jörg',
      lastName: 'Öztürk',
      plate: 'B-JO 38',
    });
    await undoMigrationsFrom(older.db, 38);
    const jorg = await oldAccount(older.db, DECOMPOSED, 'Jörg');
    await older.db.query(
      `UPDATE orders SET billing_person = jsonb_set(billing_person, '{email}', to_jsonb($2::text)), customer_id = $3
        WHERE order_number = $1`,
      [order.orderNumber, DECOMPOSED, jorg],
    );
    await older.db.query(
      "INSERT INTO withdrawals (name, order_number, email) VALUES ('Jörg Öztürk', $1, $2)",
      [order.orderNumber, DECOMPOSED],
    );
    await older.db.query(
      "INSERT INTO outbox_mails (id, recipient, subject, body) VALUES (gen_random_uuid(), $1, 'Hallo', 'Text')",
      [DECOMPOSED],
    );
    // A twin: Anna's account under the composed form of Bernd's decomposed one (both reach one mailbox).
    const twin = 'anna@müller.de';
    const anna = await oldAccount(older.db, twin, 'Anna');
    const bernd = await oldAccount(older.db, twin.normalize('NFD'), 'Bernd');
    await older.close();

    const api = await start();
    expect(await emailsOf(api.db, "SELECT billing_person->>'email' AS email FROM orders")).toEqual([
      COMPOSED,
    ]);
    expect(await emailsOf(api.db, 'SELECT email FROM withdrawals')).toEqual([COMPOSED]);
    expect(await emailsOf(api.db, 'SELECT recipient AS email FROM outbox_mails')).toEqual([COMPOSED]);
    expect(await emailsOf(api.db, `SELECT email FROM customers WHERE id = ${jorg}`)).toEqual([COMPOSED]);
    const jorgIn = await login(api, DECOMPOSED);
    expect(jorgIn.status).toBe(200);
    const download = await call(api, 'POST', accountSettingsPaths.exportData, {
      body: { password: PASSWORD },
      headers: sessionHeaders(jorgIn),
    });
    const jorgData = download.body as CustomerExport;
    expect(jorgData.orders.map((o) => o.orderNumber)).toEqual([order.orderNumber]);
    expect(jorgData.withdrawals).toHaveLength(1);

    // The twin keeps its address (the unique key); the login finds Anna's composed account.
    expect(
      await emailsOf(api.db, `SELECT email FROM customers WHERE id IN (${anna}, ${bernd}) ORDER BY id`),
    ).toEqual([twin, twin.normalize('NFD')]);
    expect((await login(api, twin.normalize('NFD'))).status).toBe(200);
    // Bernd's session from before the upgrade: his download and his deletion are his, never Anna's.
    const token = await sessionStore(api.db).create(bernd);
    const headers = { ...sessionHeaders({ headers: { 'set-cookie': `lp_session=${token}` } }) };
    const berndData = await call(api, 'POST', accountSettingsPaths.exportData, {
      body: { password: PASSWORD },
      headers,
    });
    expect(berndData.status).toBe(200);
    expect((berndData.body as CustomerExport).account?.name).toBe('Bernd');
    const erased = await call(api, 'POST', accountSettingsPaths.deleteAccount, {
      body: { password: PASSWORD, confirm: true },
      headers,
    });
    expect(erased.status).toBe(200);
    expect(await api.db.query('SELECT name FROM customers WHERE id IN ($1, $2)', [anna, bernd])).toEqual([
      { name: 'Anna' },
    ]);
  }, 60_000);
});

describe('migrations 037 and 038 on thousands of rows', () => {
  it('rewrite 6,000 mixed-case and decomposed rows in seconds, and a second run changes nothing', async () => {
    const start = await restartableApi(cleanups, 'lp-037-bulk-');
    const older = await start();
    const order = await guestWithPlacedOrder(older, {
      email: 'vorlage@example.de',
      name: 'Max',
      lastName: 'Müller',
      plate: 'B-MM 37',
    });
    await undoMigrationsFrom(older.db, 37);
    const columns = (
      await older.db.query<{ column_name: string }>(
        `SELECT column_name FROM information_schema.columns
          WHERE table_name = 'orders' AND table_schema = current_schema() AND column_name <> 'id' ORDER BY ordinal_position`,
      )
    ).map((row) => row.column_name);
    const copied = columns.map((column) =>
      column === 'order_number'
        ? "'ALT-' || g"
        : column === 'header_guid'
          ? 'gen_random_uuid()'
          : column === 'invoice_number'
            ? 'NULL'
            : column === 'invoiced_at' || column === 'vat_rate' || column === 'vat_cents'
              ? 'NULL'
              : column === 'billing_person'
                ? // Every third upper case with umlauts, every third decomposed, every third plain ASCII.
                  `jsonb_set(billing_person, '{email}', to_jsonb(CASE g % 3
                     WHEN 0 THEN ' MAX' || g || '@MÜLLER.DE ' WHEN 1 THEN 'max' || g || '@mu' || chr(776) || 'ller.de'
                     ELSE 'max' || g || '@example.de' END))`
                : column,
    );
    await older.db.query(
      `INSERT INTO orders (${columns.join(', ')})
       SELECT ${copied.join(', ')} FROM orders, generate_series(1, 3000) AS g WHERE order_number = $1`,
      [order.orderNumber],
    );
    await older.db.query(
      `INSERT INTO withdrawals (name, order_number, email)
       SELECT 'Max Müller', 'ALT-' || g, 'Max' || g || '@MU' || chr(776) || 'LLER.de' FROM generate_series(1, 3000) AS g`,
    );
    await older.close();

    const began = performance.now();
    const api = await start();
    const took = performance.now() - began;
    const [counts] = await api.db.query<{ orders: number; withdrawals: number }>(
      `SELECT (SELECT count(*)::int FROM orders WHERE billing_person->>'email' ~ '^max[0-9]+@(müller|example)\\.de$') AS orders,
              (SELECT count(*)::int FROM withdrawals WHERE email ~ '^max[0-9]+@müller\\.de$') AS withdrawals`,
    );
    expect(counts).toEqual({ orders: 3000, withdrawals: 3000 });
    // The start with both data steps stays well under the time a restart may take (the API starts in ~1 s).
    expect(took).toBeLessThan(20_000);

    // Run again (an operator's second start, or a step repeated after an interruption): nothing changes.
    const before = await emailsOf(api.db, "SELECT billing_person->>'email' AS email FROM orders ORDER BY id");
    await api.db.transaction(async (tx) => {
      await DATA_MIGRATIONS[37]!(tx);
      await DATA_MIGRATIONS[38]!(tx);
    });
    expect(
      await emailsOf(api.db, "SELECT billing_person->>'email' AS email FROM orders ORDER BY id"),
    ).toEqual(before);
  }, 120_000);
});
