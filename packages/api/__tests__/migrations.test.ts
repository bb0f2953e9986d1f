import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Cart } from '@lp/sdk/contract';
import { paths } from '@lp/sdk/contract';
import { afterAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/Db';
import { migrate, migrationsDir } from '../src/db/migrate';
import { createPgDb } from '../src/db/pgDb';
import { createPgliteDb } from '../src/db/pgliteDb';
import { createApi } from '../src/index';
import { call, createTestDatabase } from './support/testApi';

// DESIGN 6: the schema is the numbered SQL files in packages/api/migrations, run by postgrator. Databases made
// by the earlier runner (a `schema_migrations` table with the ids of files 001-009) keep working.
const server = process.env.TEST_DATABASE_URL;
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'lp-migrations-test-'));
  dirs.push(dir);
  return dir;
};
const drops: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const drop of drops) await drop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** An empty database: PGlite in memory, or a new database on the PostgreSQL server of the test run. */
async function emptyDb(): Promise<Db> {
  if (!server) return createPgliteDb('memory');
  const database = await createTestDatabase(server);
  drops.push(database.drop);
  return createPgDb(database.url);
}

const files = readdirSync(migrationsDir()).filter((f) => /^\d{3}\.do\..+\.sql$/.test(f));
const versions = files.map((f) => Number(f.slice(0, 3))).sort((a, b) => a - b);
const LEGACY_IDS = [
  '001_catalogue',
  '002_shop',
  '003_cart_functions',
  '004_cart_batch',
  '005_account_sessions',
  '006_client_errors',
  '007_cart_payment_guard',
  '008_cart_lines',
  '009_cart_lines_indexed',
];

/** What the earlier runner left: files 001-009 applied and recorded in `schema_migrations`, and a cart. */
async function makeLegacy(db: Db): Promise<void> {
  for (const file of files.filter((f) => Number(f.slice(0, 3)) <= 9).sort()) {
    await db.exec(readFileSync(join(migrationsDir(), file), 'utf8'));
  }
  await db.exec(
    'CREATE TABLE schema_migrations (id text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  for (const id of LEGACY_IDS) await db.query('INSERT INTO schema_migrations (id) VALUES ($1)', [id]);
  await db.query(
    `WITH c AS (INSERT INTO carts (guid, company_id) VALUES ('11111111-2222-4333-8444-555555555555', 1001)
                RETURNING id)
     INSERT INTO cart_items (cart_id, internal_id, product_unique_id, price_cents, description, quantity, alias,
                             title, attributes, attributes_key)
     SELECT c.id, gen_random_uuid(), 'KZH-001', 490, 'Halter', 3, 'halter', 'Halter', '{}', 'k' FROM c`,
  );
}

const functionsNamed = async (db: Db, name: string) =>
  (
    await db.query<{ args: string }>(
      'SELECT pg_get_function_identity_arguments(oid) AS args FROM pg_proc WHERE proname = $1',
      [name],
    )
  ).map((r) => r.args);

describe('migrations', () => {
  it('are the numbered files 001-010 and later, one per version', () => {
    expect(versions.slice(0, 10)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(new Set(versions).size).toBe(versions.length);
  });

  it('run every file on an empty database once; a second run changes nothing', async () => {
    const db = await emptyDb();
    try {
      expect(await migrate(db)).toEqual(versions);
      expect(await migrate(db)).toEqual([]);
      const [top] = await db.query<{ v: string }>('SELECT max(version)::text AS v FROM schemaversion');
      expect(Number(top!.v)).toBe(versions.at(-1));
      // 010: one add path; the batch functions are gone.
      expect(await functionsNamed(db, 'lp_add_cart_lines')).toEqual([]);
      expect(await functionsNamed(db, 'lp_add_cart_items')).toEqual([]);
      // 018 keeps 017's signature as a wrapper over the keyed add, for processes of the previous release.
      expect(await functionsNamed(db, 'lp_add_cart_item')).toHaveLength(2);
    } finally {
      await db.close();
    }
  });

  it("adopt the earlier runner's schema_migrations once, keep the data and run only what is new", async () => {
    const db = await emptyDb();
    try {
      await makeLegacy(db);
      expect(await migrate(db)).toEqual(versions.filter((v) => v > 9));
      expect(await migrate(db)).toEqual([]);
      const recorded = await db.query<{ version: string; name: string | null; md5: string | null }>(
        'SELECT version::text AS version, name, md5 FROM schemaversion WHERE version BETWEEN 1 AND 9 ORDER BY 1',
      );
      expect(recorded.map((r) => Number(r.version))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
      expect(recorded.every((r) => r.name && /^[0-9a-f]{32}$/.test(r.md5 ?? ''))).toBe(true);
      expect(
        await db.query('SELECT quantity FROM cart_items JOIN carts c ON c.id = cart_id WHERE c.guid = $1', [
          '11111111-2222-4333-8444-555555555555',
        ]),
      ).toEqual([{ quantity: 3 }]);
    } finally {
      await db.close();
    }
  });

  it('refuse a schema_migrations they do not know instead of guessing', async () => {
    const db = await emptyDb();
    try {
      await db.exec('CREATE TABLE schema_migrations (id text PRIMARY KEY, applied_at timestamptz NOT NULL)');
      await db.query("INSERT INTO schema_migrations VALUES ('001_something_else', now())");
      await expect(migrate(db)).rejects.toThrow(
        'Unknown migrations in schema_migrations: 001_something_else.',
      );
    } finally {
      await db.close();
    }
  });

  it('open a PGlite data folder of the earlier version with its carts', async () => {
    const dataDir = tempDir();
    const legacy = await createPgliteDb(dataDir);
    await makeLegacy(legacy);
    await legacy.close();
    const api = await createApi({ dataDir, uploadDir: tempDir(), rateLimit: false });
    try {
      const cart = (
        await call(api, 'GET', paths.cart.get, { cartGuid: '11111111-2222-4333-8444-555555555555' })
      ).body as Cart;
      expect(cart.items?.map((i) => [i.productUniqueId, i.quantity])).toEqual([['KZH-001', 3]]);
      const [top] = await api.db.query<{ v: string }>('SELECT max(version)::text AS v FROM schemaversion');
      expect(Number(top!.v)).toBe(versions.at(-1));
    } finally {
      await api.close();
    }
  });

  it.runIf(server)('run once when several processes start against one server together', async () => {
    const database = await createTestDatabase(server!);
    drops.push(database.drop);
    // Separate pools are separate sessions, as separate API processes are.
    const dbs = await Promise.all([0, 1, 2].map(() => createPgDb(database.url)));
    try {
      const applied = await Promise.all(dbs.map((db) => migrate(db)));
      expect(applied.filter((a) => a.length > 0)).toEqual([versions]);
      const [count] = await dbs[0]!.query<{ n: number }>('SELECT count(*)::int AS n FROM schemaversion');
      expect(count!.n).toBe(versions.length + 1);
    } finally {
      await Promise.all(dbs.map((db) => db.close()));
    }
  });
});
