// Session 22 (hostile): an upgrade killed (kill -9: a full disk's OOM killer, a deploy that gives up) while the data
// steps of migrations 037 and 038 (src/db/dataMigrations.ts) rewrite stored addresses, then started again. The steps
// run in the migration's transaction, so the killed start leaves the database as it was, and the next one does all
// of it. A real `lp-api` process from the sources; on PostgreSQL it is killed while its rewrite waits on a row
// another connection holds (deterministic), on PGlite after a moment of its start (wherever it is then).
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { migrationsDir } from '../src/db/migrate';
import { openDb } from '../src/db/openDb';
import { killAll, lpApi } from './support/cliProcess';
import { createTestDatabase } from './support/testApi';
import { undoMigrationsFrom } from './support/undoMigrations';

const server = process.env.TEST_DATABASE_URL;
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
afterAll(killAll);

const ROWS = 5000;
const NEWEST = Math.max(
  ...readdirSync(migrationsDir())
    .filter((file) => /^\d{3}\.do\./.test(file))
    .map((file) => Number(file.slice(0, 3))),
);

/** The schema's version and the rewritten declarations, on a connection of its own. */
async function versionAndRewritten(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (
      await client.query<{ version: number; rewritten: number }>(
        `SELECT (SELECT max(version)::int FROM schemaversion) AS version,
                (SELECT count(*)::int FROM withdrawals WHERE email ~ '^max[0-9]+@müller\\.de$') AS rewritten`,
      )
    ).rows;
  } finally {
    await client.end();
  }
}

async function storage(): Promise<{ env: Record<string, string>; options: Parameters<typeof openDb>[0] }> {
  if (server) {
    const database = await createTestDatabase(server);
    cleanups.push(() => database.drop());
    return { env: { DATABASE_URL: database.url }, options: { databaseUrl: database.url, dataDir: 'memory' } };
  }
  const dir = mkdtempSync(join(tmpdir(), 'lp-interrupted-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const dataDir = join(dir, 'pglite');
  return { env: { DATA_DIR: dataDir }, options: { dataDir } };
}

describe('an upgrade killed during the address rewrite', () => {
  it('leaves the older database as it was, and the next start rewrites every row once', async () => {
    const { env, options } = await storage();
    const older = await openDb(options);
    await undoMigrationsFrom(older, 37);
    // An older release's declarations: upper case with umlauts, decomposed, and plain ASCII.
    await older.query(
      `INSERT INTO withdrawals (name, order_number, email)
       SELECT 'Max Müller', 'ALT-' || g, CASE g % 3 WHEN 0 THEN 'MAX' || g || '@MÜLLER.DE'
         WHEN 1 THEN 'max' || g || '@mu' || chr(776) || 'ller.de' ELSE 'max' || g || '@example.de' END
         FROM generate_series(1, $1::int) AS g`,
      [ROWS],
    );
    await older.query(
      `INSERT INTO outbox_mails (id, recipient, subject, body)
       SELECT gen_random_uuid(), 'Max' || g || '@MÜLLER.DE', 'Hallo', 'Text' FROM generate_series(1, 100) AS g`,
    );
    await older.close();

    let release = async () => {};
    if (server) {
      // A sandbox mail held by another connection: the killed start waits on it in step 37, after rewriting the
      // declarations (its SQL file takes no lock that conflicts: the mails' new index only blocks writers).
      const blocker = new pg.Client({ connectionString: env.DATABASE_URL });
      await blocker.connect();
      await blocker.query('BEGIN');
      await blocker.query('SELECT 1 FROM outbox_mails LIMIT 1 FOR UPDATE');
      release = async () => {
        await blocker.query('COMMIT');
        await blocker.end();
      };
      cleanups.push(() => release().catch(() => undefined));
    }
    const killed = lpApi([], { ...env, PORT: '0', RATE_LIMIT_MAX: '0' });
    if (server) {
      const watch = new pg.Client({ connectionString: env.DATABASE_URL });
      await watch.connect();
      try {
        await expect
          .poll(
            async () =>
              (
                await watch.query<{ n: number }>(
                  `SELECT count(*)::int AS n FROM pg_stat_activity
                    WHERE wait_event_type = 'Lock' AND query LIKE 'UPDATE outbox_mails t SET%'`,
                )
              ).rows[0]!.n,
            { timeout: 30_000, interval: 50 },
          )
          .toBe(1);
      } finally {
        await watch.end();
      }
    } else {
      await new Promise((resolve) => setTimeout(resolve, 1500));
    }
    killAll();
    const died = await (await killed).exited;
    await release();
    if (server) {
      expect(died.code).toBeNull();
      // Killed mid-step: nothing of 037 or 038 is there, not even the declarations it had rewritten (read once the
      // killed start's server side has given up its locks).
      expect(await versionAndRewritten(env.DATABASE_URL!)).toEqual([{ version: 36, rewritten: 0 }]);
    }
    const reopened = await openDb(options);
    try {
      const [state] = await reopened.query<{ version: number; composed: number; as_typed: number }>(
        `SELECT (SELECT max(version)::int FROM schemaversion) AS version,
                (SELECT count(*)::int FROM withdrawals WHERE email ~ '^max[0-9]+@(müller|example)\\.de$') AS composed,
                (SELECT count(*)::int FROM withdrawals) AS as_typed`,
      );
      // The open above is the next start: it migrated all of it, once.
      expect(state).toEqual({ version: NEWEST, composed: ROWS, as_typed: ROWS });
    } finally {
      await reopened.close();
    }
  }, 120_000);
});
