import { existsSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/** The PostgreSQL major version of the PGlite this API runs, and the one older folders may hold. */
const CURRENT_MAJOR = '18';
const PREVIOUS_MAJOR = '17';

export type FolderUpgrade = { upgraded: false } | { upgraded: true; previousFolder: string };

/**
 * Opens the way for the installed PGlite (PostgreSQL 18) into a data folder written by PGlite 0.3 (PostgreSQL 17),
 * which PostgreSQL 18 cannot read. PGlite's documented path across a major version: the previous PGlite and its
 * pg_dump write the database out as SQL, and the new PGlite runs that SQL in a new folder. Everything is carried,
 * the migration runner's table included, so the schema stays at the version it had.
 *
 * The new folder is filled beside the old one and swapped in by two renames; the old folder is kept as
 * `<folder>.pg17` for a way back. A start that stops half-way finds the staging folder: before the first rename
 * it is thrown away and the upgrade runs again; between the renames it is put in place.
 */
export async function upgradePgliteFolder(dataDir: string): Promise<FolderUpgrade> {
  const staging = `${dataDir}.pg${CURRENT_MAJOR}-upgrade`;
  if (existsSync(staging)) {
    if (existsSync(dataDir)) rmSync(staging, { recursive: true, force: true });
    else renameSync(staging, dataDir);
  }
  const major = folderMajor(dataDir);
  if (major === undefined || major === CURRENT_MAJOR) return { upgraded: false };
  if (major !== PREVIOUS_MAJOR) {
    throw new Error(
      `The data folder ${dataDir} holds PostgreSQL ${major} files. This API opens folders of PostgreSQL ` +
        `${CURRENT_MAJOR} and upgrades those of PostgreSQL ${PREVIOUS_MAJOR}; move the folder away to start afresh.`,
    );
  }

  const dump = await dumpWithPreviousPglite(dataDir);
  const next = await PGlite.create(staging);
  try {
    await next.exec(dump);
  } finally {
    await next.close();
  }
  const previousFolder = freeName(`${dataDir}.pg${PREVIOUS_MAJOR}`);
  renameSync(dataDir, previousFolder);
  renameSync(staging, dataDir);
  return { upgraded: true, previousFolder };
}

/** The major version PostgreSQL wrote into the folder, or undefined for a folder it has not initialised yet. */
function folderMajor(dataDir: string): string | undefined {
  const file = join(dataDir, 'PG_VERSION');
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : undefined;
}

/** The whole database as SQL (pg_dump writes rows as INSERTs for PGlite), read by the PGlite that wrote it. */
async function dumpWithPreviousPglite(dataDir: string): Promise<string> {
  // Loaded only here: a current folder never pays for the previous PGlite's WASM.
  const [{ PGlite: PreviousPglite }, { pgDump }] = await Promise.all([
    import('pglite-pg17'),
    import('pglite-tools-pg17/pg_dump'),
  ]);
  const previous = await PreviousPglite.create(dataDir);
  try {
    // pglite-tools-pg17's types name `@electric-sql/pglite`, which here resolves to the current PGlite; at run time
    // it drives the PGlite it was made for, the one passed.
    const pg = previous as unknown as Parameters<typeof pgDump>[0]['pg'];
    return await (await pgDump({ pg })).text();
  } finally {
    await previous.close();
  }
}

/** `base`, or `base-2`, `base-3`, … when an earlier upgrade's folder already has that name. */
function freeName(base: string): string {
  let name = base;
  for (let n = 2; existsSync(name); n += 1) name = `${base}-${n}`;
  return name;
}
