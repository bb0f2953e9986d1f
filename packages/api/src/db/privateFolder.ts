import { chmodSync, mkdirSync } from 'node:fs';

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
