// Upgrades as the operator meets them (docs/learn/run-in-production.md, "Upgrade"): a rolling deploy starts API
// processes together against a database of an older version; a rollback starts an older build against a database
// a newer one migrated. Real `lp-api` processes from the sources.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import Postgrator from 'postgrator';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '@lp/sdk/contract';
import type { Db } from '../src/db/Db';
import { migrationsDir } from '../src/db/migrate';
import { openDb } from '../src/db/openDb';
import { runFulfilmentCli } from '../src/fulfilment/fulfilmentCli';
import { killAll, lpApi } from './support/cliProcess';
import {
  addBody,
  addItem,
  call,
  createTestDatabase,
  payCart,
  restartableApi,
  savedOrder,
} from './support/testApi';
import { undoMigrationsFrom } from './support/undoMigrations';

const server = process.env.TEST_DATABASE_URL;
const versions = readdirSync(migrationsDir())
  .filter((f) => /^\d{3}\.do\./.test(f))
  .map((f) => Number(f.slice(0, 3)))
  .sort((a, b) => a - b);
const newest = versions.at(-1)!;
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
afterAll(killAll);

/** Where an API keeps its data in this run: a PGlite folder, or a new database on the test server. */
async function storage(): Promise<{ env: Record<string, string>; options: Parameters<typeof openDb>[0] }> {
  if (server) {
    const database = await createTestDatabase(server);
    cleanups.push(() => database.drop());
    return { env: { DATABASE_URL: database.url }, options: { databaseUrl: database.url, dataDir: 'memory' } };
  }
  const dir = mkdtempSync(join(tmpdir(), 'lp-upgrades-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const dataDir = join(dir, 'pglite');
  return { env: { DATA_DIR: dataDir }, options: { dataDir } };
}

describe('a rollback: an older build on a database a newer build migrated', () => {
  it('stops with one line naming both versions, and changes nothing', async () => {
    const { env, options } = await storage();
    const db = await openDb(options);
    // What a newer build leaves: a migration this build has no file for.
    await db.query(
      `INSERT INTO schemaversion (version, name, md5, run_at) VALUES ($1, 'from-a-newer-build', 'x', now())`,
      [newest + 1],
    );
    await db.close();

    const start = await lpApi([], { ...env, PORT: '0' });
    cleanups.push(async () => void (await start.stop()));
    expect(start.url).toBeUndefined();
    const result = await start.exited;
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim().split('\n')).toEqual([
      `The database is at migration ${newest + 1}, newer than this build's ${newest}: a newer API migrated it. Start that version (or newer), or restore the backup taken before the upgrade; this build does not run on a schema it does not know.`,
    ]);
    // Operator commands open the same way, so they refuse too.
    const dealer = await (await lpApi(['dealer', 'list'], env)).exited;
    expect(dealer.code).toBe(1);
    expect(dealer.stderr).toContain(`The database is at migration ${newest + 1}`);

    const again = await openDb(options).catch((error: Error) => error);
    expect(again).toBeInstanceOf(Error);
  }, 60_000);
});

describe.runIf(server)(
  'a rolling deploy: two API processes start together on an older database (PostgreSQL)',
  () => {
    it('migrate it once under the lock, seed it once, and both serve', async () => {
      const database = await createTestDatabase(server!);
      cleanups.push(() => database.drop());
      // The database as an older build left it: migrations up to 012 (before dealers, prices and accounts).
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        const older = new Postgrator({
          migrationPattern: `${migrationsDir()}*.sql`,
          driver: 'pg',
          schemaTable: 'schemaversion',
          newline: 'LF',
          execQuery: (sql) => client.query(sql),
        });
        await older.migrate('12');
      } finally {
        await client.end();
      }

      const env = { DATABASE_URL: database.url, PORT: '0', RATE_LIMIT_MAX: '0' };
      const both = await Promise.all([lpApi([], env), lpApi([], env)]);
      for (const api of both) cleanups.push(async () => void (await api.stop()));
      for (const api of both) {
        expect(api.url, api.output().stderr).toBeDefined();
        // As a load balancer does: a process just started on a busy machine may shed load (503 from
        // under-pressure) for a moment; it is ready once it answers 200.
        await vi.waitFor(async () => expect((await fetch(`${api.url}/health/ready`)).status).toBe(200), {
          timeout: 20_000,
          interval: 250,
        });
      }
      const check = new pg.Client({ connectionString: database.url });
      await check.connect();
      try {
        const applied = await check.query<{ version: number; n: number }>(
          'SELECT version::int AS version, count(*)::int AS n FROM schemaversion WHERE version > 0 GROUP BY 1 ORDER BY 1',
        );
        expect(applied.rows.map((r) => [Number(r.version), r.n])).toEqual(versions.map((v) => [v, 1]));
        const companies = await check.query<{ n: number }>('SELECT count(*)::int AS n FROM companies');
        expect(companies.rows[0]!.n).toBe(1);
      } finally {
        await check.end();
      }
    }, 90_000);
  },
);

describe('migration 019: orders and carts link to accounts that exist', () => {
  it('unlinks rows left pointing at a deleted account, then the database refuses such links', async () => {
    const start = await restartableApi(cleanups, 'lp-019-');
    let api = await start();
    const { cartGuid } = await savedOrder(api);
    // The state before 019 (and so before every later migration, which postgrator would otherwise take for the
    // newer ones and skip 019): no keys, and an order and a cart of an account an erasure deleted meanwhile.
    await undoMigrationsFrom(api.db, 19);
    await api.db.exec(`UPDATE orders SET customer_id = 424242, customer_company_id = 2001;
      UPDATE carts SET user_id = 424242 WHERE guid = '${cartGuid}';`);
    await api.close();

    api = await start();
    expect(
      await api.db.query('SELECT customer_id, customer_company_id FROM orders WHERE customer_id IS NOT NULL'),
    ).toEqual([]);
    expect(await api.db.query('SELECT id FROM carts WHERE user_id = 424242')).toEqual([]);
    await expect(api.db.query('UPDATE carts SET user_id = 424242')).rejects.toMatchObject({
      code: '23503',
      constraint: 'carts_user_fkey',
    });
    await expect(api.db.query('UPDATE orders SET customer_id = 424242')).rejects.toMatchObject({
      code: '23503',
      constraint: 'orders_customer_fkey',
    });
  }, 60_000);
});

describe('migration 029: shipments', () => {
  it('leaves orders paid before it unshipped and listed for the packers, mails nobody, then ships them', async () => {
    const start = await restartableApi(cleanups, 'lp-029-');
    let api = await start();
    const cart = await addItem(api, addBody('KZH-001', 1));
    const order = await payCart(api, cart.cartGuid!);
    await undoMigrationsFrom(api.db, 29);
    await api.close();

    api = await start();
    const answer = await call(api, 'GET', `${paths.order.get}?headerGuid=${order.headerGuid}`);
    expect(answer.body).toMatchObject({ status: 'paid', shipment: null });
    expect(await api.db.query('SELECT 1 FROM shipments')).toEqual([]);
    const out: string[] = [];
    const output = { out: (text: string) => out.push(text), err: (text: string) => out.push(text) };
    const open = async () => ({ ...api.db, close: async () => undefined }) as unknown as Db;
    expect(await runFulfilmentCli([], { output, open, env: {} })).toBe(0);
    expect(out.join('\n')).toContain(order.orderNumber);
    expect(
      await runFulfilmentCli(['ship', order.orderNumber, '--tracking', '00340434161234567899'], {
        output,
        open,
        env: {},
      }),
    ).toBe(0);
    expect(
      await api.db.query<{ carrier: string }>(
        'SELECT carrier FROM shipments s JOIN orders o ON o.id = s.order_id',
      ),
    ).toEqual([{ carrier: 'DHL' }]);
  }, 60_000);
});

describe('migration 032: parcels', () => {
  it('keeps a shipment recorded before it as the whole order in one parcel: shipped, not listed, not mailed again', async () => {
    const start = await restartableApi(cleanups, 'lp-032-');
    let api = await start();
    const cart = await addItem(api, addBody('KZH-001', 2));
    const order = await payCart(api, cart.cartGuid!);
    await undoMigrationsFrom(api.db, 32);
    // As `lp-api orders ship` of session 18 recorded it: one row per order, its mail sent.
    await api.db.query(
      `INSERT INTO shipments (order_id, carrier, tracking_number, shipped_at, mail_attempts, mail_sent_at)
       SELECT id, 'DHL', '00340434161234567898', '2026-11-20T10:00:00Z', 1, now() FROM orders WHERE order_number = $1`,
      [order.orderNumber],
    );
    await api.close();

    api = await start();
    const answer = await call(api, 'GET', `${paths.order.get}?headerGuid=${order.headerGuid}`);
    expect(answer.body).toMatchObject({
      status: 'paid',
      shipment: {
        shippedAt: '2026-11-20T10:00:00.000Z',
        carrier: 'DHL',
        trackingNumber: '00340434161234567898',
      },
      parcels: [{ parcel: 1, carrier: 'DHL', lines: [{ line: 1, quantity: 2 }] }],
    });
    const out: string[] = [];
    const output = { out: (text: string) => out.push(text), err: (text: string) => out.push(text) };
    const open = async () => ({ ...api.db, close: async () => undefined }) as unknown as Db;
    const sent: unknown[] = [];
    const mail = { send: async (m: unknown) => void sent.push(m) };
    expect(await runFulfilmentCli(['--days', '0'], { output, open, env: {}, mail })).toBe(0);
    expect(out.join('\n')).not.toContain(order.orderNumber);
    expect(await runFulfilmentCli(['ship', order.orderNumber], { output, open, env: {}, mail })).toBe(0);
    expect(out.join('\n')).toContain('was already shipped on 2026-11-20');
    expect(sent).toEqual([]);
  }, 60_000);
});

// Session 20, parcels: `corrected_at` marks a parcel corrected after its Versandbestätigung (its mail then says so).
describe('migration 036: parcel corrections', () => {
  it('reads a parcel recorded before it as never corrected; its first correction after it is marked', async () => {
    const start = await restartableApi(cleanups, 'lp-036-');
    let api = await start();
    const cart = await addItem(api, addBody('KZH-001', 1));
    const order = await payCart(api, cart.cartGuid!);
    const sent: { subject: string }[] = [];
    const mail = { send: async (m: { subject: string }) => void sent.push(m) };
    const output = { out: () => undefined, err: () => undefined };
    const ship = (args: string[]) =>
      runFulfilmentCli(['ship', order.orderNumber, ...args], {
        output,
        open: async () => ({ ...api.db, close: async () => undefined }) as unknown as Db,
        env: {},
        mail,
      });
    expect(await ship(['--tracking', '00340434161234567801'])).toBe(0);
    await undoMigrationsFrom(api.db, 36);
    await api.close();

    api = await start();
    const [row] = await api.db.query<{ corrected_at: unknown; mail_sent_at: unknown }>(
      'SELECT corrected_at, mail_sent_at FROM shipments',
    );
    expect(row).toMatchObject({ corrected_at: null, mail_sent_at: expect.anything() });
    expect(await ship(['--correct', '--tracking', '00340434161234567802'])).toBe(0);
    expect(sent.map((m) => m.subject)).toEqual([
      `Ihre Bestellung ${order.orderNumber} ist unterwegs`,
      `Korrektur: Ihre Bestellung ${order.orderNumber} ist unterwegs`,
    ]);
  }, 60_000);
});
