import { chmodSync, existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Owner only: what PostgreSQL demands of its data folder, and what a file of the shop's personal data needs. */
export const PRIVATE_FOLDER_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/**
 * Creates `folder` if missing and makes it its owner's alone (0700). PGlite writes its files world-readable and
 * world-writable (0666: its in-WASM file system ignores the modes PostgreSQL asks for), so on a server with other
 * users (nginx's worker, a deploy account) anyone could read the customers' data, password hashes and session
 * tokens, or change an order. PostgreSQL refuses such a folder; here the folder is tightened instead, which keeps
 * everything inside it out of reach whatever the files' own modes. Folders of earlier versions are tightened at
 * their next start. A folder this user may not chmod (owned by another user) is left as it is, with a warning:
 * the API then runs as before.
 */
export function privateFolder(folder: string): void {
  refuseForeignFolder(folder);
  mkdirSync(folder, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  if (process.platform === 'win32') return; // no POSIX modes; the folder's ACL is the operator's
  try {
    chmodSync(folder, PRIVATE_FOLDER_MODE);
  } catch (error) {
    console.warn(
      `The data folder ${folder} could not be made readable by its owner only (${(error as NodeJS.ErrnoException).code ?? error}): run chmod 700 ${folder} as its owner.`,
    );
  }
}

/** What a file system or a desktop puts into any folder: a mount point's lost+found, Windows' own files. */
const SYSTEM_ENTRY = /^(lost\+found|desktop\.ini|thumbs\.db|\$recycle\.bin|system volume information)$/i;

/** What PostgreSQL (and PGlite) keep in a data folder: PG_VERSION, base, global, pg_*, postgresql*.conf, postmaster.*. */
const DATABASE_ENTRY = /^(PG_VERSION|base|global|pg_.*|postgresql\..*|postmaster\..*)$/;

/**
 * Session 24 (hostile): refuses a folder that holds other files and no database (`DATA_DIR=/srv/shop` beside the
 * storefront's build, `/var/www`, a home folder). PGlite would create its database among those files, and the
 * chmod above would lock everyone else out of them (nginx answering 403 for a whole site), while the next release's
 * `rm -rf` of that folder would take the database with it. PostgreSQL's initdb refuses such a folder too. A folder
 * with PG_VERSION is a database folder whatever else it holds; dot files, a mount point's lost+found and the files
 * Windows writes itself are no other service's files.
 */
function refuseForeignFolder(folder: string): void {
  if (!existsSync(folder) || existsSync(join(folder, 'PG_VERSION'))) return;
  if (!statSync(folder).isDirectory())
    throw new Error(`DATA_DIR ${folder} is a file, not a folder: set DATA_DIR to a new or empty folder.`);
  const foreign = readdirSync(folder).filter(
    (name) => !name.startsWith('.') && !SYSTEM_ENTRY.test(name) && !DATABASE_ENTRY.test(name),
  );
  if (foreign.length > 0)
    throw new Error(
      `The data folder ${folder} holds other files (${foreign.slice(0, 3).join(', ')}${foreign.length > 3 ? ', …' : ''}) and no shop database: set DATA_DIR to a new or empty folder of its own. Nothing was changed.`,
    );
}
