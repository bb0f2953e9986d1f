import { existsSync } from 'node:fs';
import type { CliOutput } from '../cliOutput';
import { isAbsolute, resolve } from 'node:path';
import { explainStartFailure } from '../config';
import { defaultDataDir } from '../paths';
import type { Db } from './Db';
import { DataFolderInUseError } from './dataFolderLock';
import { openDb } from './openDb';

type Env = Record<string, string | undefined>;

/** A refusal an operator command reports as its message (exit code 1); nothing was changed. */
export class OperatorRefusal extends Error {
  override name = 'OperatorRefusal';
}

/** The PGlite folder the API would use with the same environment (a relative DATA_DIR: where the operator typed it). */
export function operatorDataDir(env: Env): string {
  const raw = env.DATA_DIR?.trim();
  // `pnpm --filter @lp/api lp-api` runs in packages/api; INIT_CWD is the folder the command was typed in.
  return raw ? (isAbsolute(raw) ? raw : resolve(env.INIT_CWD ?? process.cwd(), raw)) : defaultDataDir();
}

/**
 * What an operator command says when the API holds the PGlite folder: the lock's own advice, "give this one another
 * DATA_DIR", would run the command on an empty database.
 */
export function folderInUseRefusal({ dataDir, owner, lockFile }: DataFolderInUseError): OperatorRefusal {
  return new OperatorRefusal(
    [
      `The data folder ${dataDir} is in use by process ${owner}, most likely the running API: PGlite allows one process per folder.`,
      'Stop the API, run this command again, then start the API again (the command takes a few seconds).',
      `With PostgreSQL (DATABASE_URL) it runs while the API serves. If no such process runs, delete ${lockFile}.`,
    ].join('\n'),
  );
}

/**
 * Refuses (OperatorRefusal) a PGlite data folder that does not exist, before anything opens it: opening would create
 * it, and a mistyped DATA_DIR would become a new, empty shop. With DATABASE_URL nothing is checked here.
 */
export function refuseMissingDataFolder(env: Env): void {
  const dataDir = operatorDataDir(env);
  if (!env.DATABASE_URL?.trim() && !existsSync(dataDir)) {
    throw new OperatorRefusal(
      `No shop data in ${dataDir}: set DATA_DIR to the folder the API uses (or DATABASE_URL for PostgreSQL).`,
    );
  }
}

/**
 * The shop's database for an operator command that reads or erases what the shop holds (`lp-api customer`): the
 * one the API opens with the same environment, refused (OperatorRefusal) rather than created when it holds no
 * shop, since an answer from an empty database ("nothing held") would be wrong, not empty. A PGlite folder another
 * process serves is refused with what to do: PGlite allows one process per folder (db/dataFolderLock.ts).
 */
export async function openOperatorDb(env: Env): Promise<Db> {
  const databaseUrl = env.DATABASE_URL?.trim() || undefined;
  const dataDir = operatorDataDir(env);
  refuseMissingDataFolder(env);
  let db: Db;
  try {
    db = await openDb({ databaseUrl, dataDir });
  } catch (error) {
    if (error instanceof DataFolderInUseError) throw folderInUseRefusal(error);
    // A server that cannot be reached or refuses the login: the line the API's start prints (which setting, the
    // password masked), not a bare `connect ECONNREFUSED 10.0.0.5:5432` that names neither.
    if (databaseUrl)
      throw new OperatorRefusal(explainStartFailure(error, { port: 0, host: '', databaseUrl }));
    throw error;
  }
  const [shop] = await db.query('SELECT 1 FROM companies LIMIT 1').catch(async (error: unknown) => {
    await db.close();
    throw error;
  });
  if (!shop) {
    await db.close();
    throw new OperatorRefusal(
      `The database ${databaseUrl ? 'at DATABASE_URL' : `in ${dataDir}`} holds no shop (the API never started on it): check ${databaseUrl ? 'DATABASE_URL' : 'DATA_DIR'}.`,
    );
  }
  return db;
}

/**
 * Runs an operator command's `work` on the database `open` answers, and closes it after. Answers `work`'s exit code,
 * or 1 with the refusal's message when the database could not be opened for an operator ({@link OperatorRefusal}).
 */
export async function onOperatorDb(
  open: (env: Env) => Promise<Db>,
  env: Env,
  output: CliOutput,
  work: (db: Db) => Promise<number>,
): Promise<number> {
  let db: Db;
  try {
    db = await open(env);
  } catch (error) {
    if (!(error instanceof OperatorRefusal)) throw error;
    output.err(error.message);
    return 1;
  }
  try {
    return await work(db);
  } finally {
    await db.close();
  }
}
