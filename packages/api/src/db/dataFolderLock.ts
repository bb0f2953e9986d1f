import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * PGlite is one process's PostgreSQL: nothing stops a second process from opening the same data folder, and two
 * writers corrupt it. PostgreSQL guards its folder with `postmaster.pid`; this is the same guard for PGlite: a file
 * `<folder>.lock` beside the folder (beside, because a PostgreSQL 17 upgrade moves the folder) holding the owner's
 * process id, created exclusively. A lock whose process is gone (kill -9, a power cut) is taken over.
 *
 * @returns release(): removes the lock (idempotent; also done when the process exits).
 */
export function lockDataFolder(dataDir: string): () => void {
  const file = `${dataDir}.lock`;
  if (heldHere.has(file)) throw inUse(dataDir, process.pid, file);
  mkdirSync(dirname(file), { recursive: true });
  for (let attempt = 0; ; attempt++) {
    try {
      writeFileSync(file, `${process.pid}\n`, { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw error;
      const owner = Number.parseInt(readFileSync(file, 'utf8'), 10);
      if (Number.isInteger(owner) && owner !== process.pid && alive(owner)) throw inUse(dataDir, owner, file);
      // Left by a process that died without closing (or by an earlier life of this pid, e.g. pid 1 in a
      // container): take it over.
      rmSync(file, { force: true });
    }
  }
  heldHere.add(file);
  let held = true;
  const release = () => {
    if (!held) return;
    held = false;
    heldHere.delete(file);
    process.off('exit', release);
    rmSync(file, { force: true });
  };
  process.on('exit', release);
  return release;
}

/** Lock files this process holds (a second open in the same process is refused too). */
const heldHere = new Set<string>();

/** Another live process holds the folder (machine code `data-folder-in-use`; operator commands explain it their way). */
export class DataFolderInUseError extends Error {
  override name = 'DataFolderInUseError';
  readonly code = 'data-folder-in-use';
  constructor(
    readonly dataDir: string,
    readonly owner: number,
    readonly lockFile: string,
  ) {
    super(
      `The data folder ${dataDir} is in use by process ${owner} (PGlite allows one process per folder). Stop that process, or give this one another DATA_DIR; if no such process runs, delete ${lockFile}.`,
    );
  }
}

const inUse = (dataDir: string, owner: number, file: string) =>
  new DataFolderInUseError(dataDir, owner, file);

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
