import { existsSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { type CliOutput, consoleOutput } from '../cliOutput';
import { databaseUser } from '../config';
import { DataFolderInUseError, lockDataFolder } from './dataFolderLock';
import { OperatorRefusal, folderInUseRefusal, operatorDataDir } from './openOperatorDb';
import { PRIVATE_FILE_MODE, privateFolder } from './privateFolder';

type Env = Record<string, string | undefined>;

export const BACKUP_USAGE = `Usage: lp-api backup <file>    Writes the PGlite data folder DATA_DIR into <file> (a .tar.gz).
       lp-api restore <file>   Makes DATA_DIR from such a file; DATA_DIR must not hold data.

For the embedded database (PGlite, DATA_DIR, default .data/pglite). Stop the API on the folder first: PGlite
allows one process per folder, and the command says so while the API runs. Uploaded images and print files live
in the database, so the file holds them too. <file> is never overwritten.

With PostgreSQL (DATABASE_URL) use PostgreSQL's own tools, also while the API serves:
  pg_dump --format=custom --file=shop.dump "$DATABASE_URL"
  pg_restore --no-owner --role=<the user of DATABASE_URL> --exit-on-error --dbname="<an empty database>" shop.dump
Exit codes: 0 done; 1 refused (nothing changed); 2 usage.
See docs/learn/run-in-production.md, "Back up and restore".`;

/** The PostgreSQL major version of this build's PGlite: the only one its folders and backups can hold. */
const PG_MAJOR = '18';

// --role: without it the restored tables belong to whoever restores (often postgres), and the API may not use them.
const postgresRefusal = (databaseUrl: string) =>
  new OperatorRefusal(
    [
      'DATABASE_URL is set: back up and restore a PostgreSQL database with its own tools (also while the API serves):',
      '  pg_dump --format=custom --file=shop.dump "$DATABASE_URL"',
      `  pg_restore --no-owner --role=${databaseUser(databaseUrl)} --exit-on-error --dbname="<an empty database>" shop.dump`,
      'See docs/learn/run-in-production.md, "Back up and restore".',
    ].join('\n'),
  );

/** Holds the folder's lock for `fn` (the API holds it while it runs), with the operator's refusal when taken. */
async function withFolderLock<T>(dataDir: string, fn: () => Promise<T>): Promise<T> {
  let unlock: () => void;
  try {
    unlock = lockDataFolder(dataDir);
  } catch (error) {
    throw error instanceof DataFolderInUseError ? folderInUseRefusal(error) : error;
  }
  try {
    return await fn();
  } finally {
    unlock();
  }
}

/** What a database holds, to tell the operator what was backed up or restored; refused when it holds no shop. */
async function describeShop(db: PGlite, where: string): Promise<string> {
  const shop = await db
    .query<{ version: number; orders: number; files: number }>(
      `SELECT (SELECT max(version)::int FROM schemaversion) AS version, (SELECT count(*)::int FROM orders) AS orders,
              (SELECT count(*)::int FROM stored_files) AS files
        WHERE EXISTS (SELECT 1 FROM companies)`,
    )
    .catch(() => ({ rows: [] }));
  const [row] = shop.rows;
  if (!row) throw new OperatorRefusal(`${where} holds no shop (the API never started on it).`);
  return `schema at migration ${row.version}, ${row.orders} order(s), ${row.files} stored file(s)`;
}

const megabytes = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;

/**
 * The folder as PGlite's own archive (`dumpDataDir`: a .tar.gz of the PostgreSQL data directory), read under the
 * folder's lock so no API writes meanwhile. Written beside the target first and renamed, so a stopped command leaves
 * no file that looks like a backup.
 */
async function backup(dataDir: string, file: string): Promise<string> {
  if (existsSync(file))
    throw new OperatorRefusal(`${file} exists already; name a new file (it is never overwritten).`);
  if (!existsSync(join(dataDir, 'PG_VERSION'))) {
    throw new OperatorRefusal(
      `No shop data in ${dataDir}: set DATA_DIR to the folder the API uses (or DATABASE_URL for PostgreSQL).`,
    );
  }
  const major = readFileSync(join(dataDir, 'PG_VERSION'), 'utf8').trim();
  if (major !== PG_MAJOR) {
    throw new OperatorRefusal(
      `The data folder ${dataDir} holds PostgreSQL ${major} files: start the API once on it (it upgrades the folder to ${PG_MAJOR}), stop it, then back it up.`,
    );
  }
  return withFolderLock(dataDir, async () => {
    const db = await PGlite.create(dataDir);
    let archive: Blob;
    let contents: string;
    try {
      contents = await describeShop(db, `The data folder ${dataDir}`);
      archive = await db.dumpDataDir('gzip');
    } finally {
      await db.close();
    }
    const partial = `${file}.partial`;
    // Owner only (0600, whatever the umask): the archive holds every customer's data, password hashes and session
    // tokens. Removed first so a partial file of a stopped run cannot keep its looser mode.
    rmSync(partial, { force: true });
    writeFileSync(partial, new Uint8Array(await archive.arrayBuffer()), { mode: PRIVATE_FILE_MODE });
    renameSync(partial, file);
    return `Backed up ${dataDir} (${contents}) to ${file} (${megabytes(archive.size)}).`;
  });
}

/**
 * A folder made from such an archive: filled beside DATA_DIR, checked (it opens and holds a shop), then renamed into
 * place. A DATA_DIR that holds anything is refused: a restore never deletes data, the operator moves it away.
 */
async function restore(dataDir: string, file: string): Promise<string> {
  if (!existsSync(file)) throw new OperatorRefusal(`${file} does not exist.`);
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    throw new OperatorRefusal(
      `The data folder ${dataDir} holds data: a restore never overwrites a database. Move it away first (e.g. mv ${dataDir} ${dataDir}.before-restore), then run this again.`,
    );
  }
  return withFolderLock(dataDir, async () => {
    const staging = `${dataDir}.restoring`;
    rmSync(staging, { recursive: true, force: true });
    privateFolder(staging); // owner only, as the API keeps its folder; the rename below keeps the mode
    let contents: string;
    try {
      const db = await PGlite.create(staging, { loadDataDir: new Blob([readFileSync(file)]) }).catch(
        (error: Error) => {
          throw new OperatorRefusal(`${file} is no backup of a PGlite data folder (${error.message}).`);
        },
      );
      try {
        contents = await describeShop(db, file);
      } finally {
        await db.close();
      }
      rmSync(dataDir, { recursive: true, force: true }); // empty (checked above) or missing
      renameSync(staging, dataDir);
    } finally {
      rmSync(staging, { recursive: true, force: true });
    }
    return `Restored ${file} (${megabytes(statSync(file).size)}) into ${dataDir} (${contents}). Start the API.`;
  });
}

/**
 * `lp-api backup <file>` and `lp-api restore <file>` for the embedded database (docs/learn/run-in-production.md,
 * "Back up and restore"); PostgreSQL's are pg_dump and pg_restore. Answers the exit code: 0 done, 1 refused
 * (nothing changed; the message says why), 2 usage.
 */
export async function runBackupCli(
  command: 'backup' | 'restore',
  argv: string[],
  { env = process.env, output = consoleOutput }: { env?: Env; output?: CliOutput } = {},
): Promise<number> {
  if (argv.length === 1 && (argv[0] === '--help' || argv[0] === '-h')) {
    output.out(BACKUP_USAGE);
    return 0;
  }
  if (argv.length !== 1 || argv[0]!.startsWith('-')) {
    output.err(BACKUP_USAGE);
    return 2;
  }
  // A relative <file>: where the operator typed it (pnpm runs lp-api in packages/api).
  const file = resolve(env.INIT_CWD ?? process.cwd(), argv[0]!);
  try {
    if (env.DATABASE_URL?.trim()) throw postgresRefusal(env.DATABASE_URL.trim());
    const dataDir = operatorDataDir(env);
    output.out(await (command === 'backup' ? backup(dataDir, file) : restore(dataDir, file)));
    return 0;
  } catch (error) {
    if (error instanceof OperatorRefusal) {
      output.err(error.message);
      return 1;
    }
    throw error;
  }
}
