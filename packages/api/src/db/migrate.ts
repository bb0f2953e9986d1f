import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Postgrator from 'postgrator';
import { DATA_MIGRATIONS } from './dataMigrations';
import type { Db, Queryable } from './Db';

/** Any fixed number: serialises migrations of several API processes starting against one server. */
const MIGRATION_LOCK = 727_301;
/** postgrator's version table (its default name). */
const VERSION_TABLE = 'schemaversion';
/**
 * Ids the TypeScript migration runner recorded in `schema_migrations` before postgrator, in order: the id `00N_...`
 * is the SQL file `00N.do.*.sql`, converted verbatim.
 */
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

/**
 * The folder of the numbered SQL migrations (DESIGN 6: migrations are code): `packages/api/migrations`, found
 * from the sources (`src/db`, under vitest or tsx) and from the bundle (`dist`), which ships it beside itself.
 */
export function migrationsDir(): string {
  for (const relative of ['../migrations/', '../../migrations/']) {
    const dir = fileURLToPath(new URL(relative, import.meta.url));
    if (existsSync(join(dir, '001.do.catalogue.sql'))) return dir;
  }
  throw new Error(`The API's migrations folder was not found next to ${fileURLToPath(import.meta.url)}.`);
}

/**
 * Brings the schema up to the newest `migrations/NNN.do.<name>.sql` with postgrator; answers the versions it
 * applied. All of it is one transaction under an advisory lock: API processes starting together against one server
 * migrate once (the others wait, then find nothing to do), and a failing migration leaves the schema as it was.
 * postgrator refuses to run when an applied file was edited (its checksum is stored).
 */
export async function migrate(db: Db): Promise<number[]> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    const postgrator = new Postgrator({
      migrationPattern: `${migrationsDir().replaceAll('\\', '/')}*.sql`,
      driver: 'pg',
      schemaTable: VERSION_TABLE,
      // Checksums must not depend on a checkout's line endings.
      newline: 'LF',
      execQuery: async (sql) => ({ rows: await tx.query(sql) }),
      execSqlScript: (sql) => tx.exec(sql),
    });
    await adoptLegacyVersions(tx, postgrator);
    await refuseNewerSchema(tx, postgrator);
    const applied = (await postgrator.migrate()).map((m) => Number(m.version)).sort((x, y) => x - y);
    // The steps SQL cannot do (src/db/dataMigrations.ts), in version order, in this transaction.
    for (const version of applied) await DATA_MIGRATIONS[version]?.(tx);
    return applied;
  });
}

/** A database whose schema a newer build migrated: this build does not know it (a rollback to an older build). */
export class NewerSchemaError extends Error {
  override name = 'NewerSchemaError';
  readonly code = 'schema-newer-than-build';
  constructor(
    readonly databaseVersion: number,
    readonly buildVersion: number,
  ) {
    super(
      `The database is at migration ${databaseVersion}, newer than this build's ${buildVersion}: a newer API migrated it. Start that version (or newer), or restore the backup taken before the upgrade; this build does not run on a schema it does not know.`,
    );
  }
}

/**
 * postgrator, asked for "max" on a database at a higher version than its newest file, looks for undo files,
 * finds none and answers "nothing to do": an older build would then serve on a schema it was not written for
 * (columns it does not fill, functions with other arguments). Refused instead; the migrations keep no undo files.
 */
async function refuseNewerSchema(tx: Queryable, postgrator: Postgrator): Promise<void> {
  const [table] = await tx.query<{ exists: boolean }>(
    `SELECT to_regclass('${VERSION_TABLE}') IS NOT NULL AS exists`,
  );
  if (!table?.exists) return;
  const [row] = await tx.query<{ v: string | null }>(`SELECT max(version)::text AS v FROM ${VERSION_TABLE}`);
  const databaseVersion = Number(row?.v ?? 0);
  const buildVersion = await postgrator.getMaxVersion();
  if (databaseVersion > buildVersion) throw new NewerSchemaError(databaseVersion, buildVersion);
}

/**
 * A database migrated by the earlier runner has `schema_migrations` with ids from LEGACY_IDS and no version table:
 * once, record those as postgrator's versions (with the files' checksums), so they are not run again.
 */
async function adoptLegacyVersions(tx: Queryable, postgrator: Postgrator): Promise<void> {
  const [state] = await tx.query<{ legacy: boolean; current: boolean }>(
    `SELECT to_regclass('schema_migrations') IS NOT NULL AS legacy, to_regclass('${VERSION_TABLE}') IS NOT NULL AS current`,
  );
  if (!state?.legacy || state.current) return;
  const rows = await tx.query<{ id: string; applied_at: Date }>(
    'SELECT id, applied_at FROM schema_migrations ORDER BY id',
  );
  const ids = rows.map((r) => r.id);
  if (ids.some((id, i) => id !== LEGACY_IDS[i])) {
    throw new Error(`Unknown migrations in schema_migrations: ${ids.join(', ')}.`);
  }
  const files = new Map((await postgrator.getMigrations()).map((m) => [`${m.version}:${m.action}`, m]));
  await tx.exec(
    `CREATE TABLE ${VERSION_TABLE} (version bigint PRIMARY KEY, name text, md5 text, run_at timestamptz)`,
  );
  await tx.query(`INSERT INTO ${VERSION_TABLE} (version) VALUES (0)`);
  for (const [i, row] of rows.entries()) {
    const file = files.get(`${i + 1}:do`);
    if (!file) throw new Error(`The migration file for ${row.id} is missing.`);
    await tx.query(`INSERT INTO ${VERSION_TABLE} (version, name, md5, run_at) VALUES ($1, $2, $3, $4)`, [
      file.version,
      file.name,
      file.md5,
      row.applied_at,
    ]);
  }
}
