import type { Db } from './Db';
import { migrate } from './migrate';
import { createPgDb } from './pgDb';
import { createPgliteDb } from './pgliteDb';

/** Opens the database chosen by the options (a server when `databaseUrl` is set) and brings its schema up to date. */
export async function openDb(options: {
  databaseUrl?: string | undefined;
  dataDir: string | 'memory';
}): Promise<Db> {
  const db = options.databaseUrl
    ? await createPgDb(options.databaseUrl)
    : await createPgliteDb(options.dataDir);
  try {
    await migrate(db);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}
