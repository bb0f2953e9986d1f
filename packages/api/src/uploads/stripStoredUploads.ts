import type { Db, Queryable } from '../db/Db';
import { stripImageMetadata } from './stripImageMetadata';
import { UPLOAD_FILE_NAME } from './uploadKey';

/**
 * Files checked per transaction. Each transaction holds the locks of these rows only and writes at most this many
 * files (10 MB each at most, typically 0.5 MB): a failure or a stop loses one batch, and on PGlite, whose one
 * connection serves every request, a request waits for one batch at most.
 */
export const CLEANING_BATCH = 10;

/** What a cleaning run did: files checked and, of those, files rewritten without their metadata. */
export interface CleaningResult {
  checked: number;
  cleaned: number;
}

/**
 * The uploads stored before the API stripped metadata (migration 043, session 25 photo), cleaned the same way as a
 * new upload (stripImageMetadata.ts: the EXIF orientation alone is kept, so a sideways-stored portrait still shows
 * upright). The key stays: carts and orders refer to the URL, so the name is no longer the hash of the bytes it
 * holds, as it is not for any cleaned file.
 *
 * Runs after the start, not in its migration (session 25 upgrade, decisions.md): batches of CLEANING_BATCH rows
 * still unchecked (migration 044), each its own transaction, one file in memory at a time. A stop or a failure
 * keeps what earlier batches did, and the next start goes on from there. Processes running together take different
 * rows (SKIP LOCKED). Files written later by a process of the previous version are unchecked too, so they are
 * cleaned at the next start; until then /uploads/ strips what it serves.
 */
export function cleanStoredUploads(db: Db, shouldStop: () => boolean = () => false): Promise<CleaningResult> {
  // One run per database in a process: a second caller (a test, an operator's check) waits for the run under way
  // instead of skipping its locked rows and answering before they are done.
  const running = runs.get(db.identity);
  if (running) return running;
  const run = cleanAll(db, shouldStop).finally(() => runs.delete(db.identity));
  runs.set(db.identity, run);
  return run;
}

const runs = new WeakMap<object, Promise<CleaningResult>>();

async function cleanAll(db: Db, shouldStop: () => boolean): Promise<CleaningResult> {
  const total: CleaningResult = { checked: 0, cleaned: 0 };
  while (!shouldStop()) {
    const batch = await db.transaction(cleanBatch);
    total.checked += batch.checked;
    total.cleaned += batch.cleaned;
    if (batch.checked === 0) break;
  }
  return total;
}

/** How many stored files wait for their check: what an operator reads to know the cleaning is done. */
export async function uncheckedFiles(db: Queryable): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM stored_files WHERE NOT metadata_checked',
  );
  return row?.n ?? 0;
}

async function cleanBatch(tx: Queryable): Promise<CleaningResult> {
  const rows = await tx.query<{ key: string }>(
    `SELECT key FROM stored_files WHERE NOT metadata_checked ORDER BY key LIMIT ${CLEANING_BATCH}
       FOR UPDATE SKIP LOCKED`,
  );
  let cleaned = 0;
  for (const { key } of rows) if (await cleanFile(tx, key)) cleaned++;
  return { checked: rows.length, cleaned };
}

/** Checks one locked row; answers whether its bytes were rewritten. Only uploads are images with metadata. */
async function cleanFile(tx: Queryable, key: string): Promise<boolean> {
  const match = key.startsWith('uploads/') ? UPLOAD_FILE_NAME.exec(key.slice('uploads/'.length)) : null;
  const [row] = match
    ? await tx.query<{ bytes: Uint8Array }>('SELECT bytes FROM stored_files WHERE key = $1', [key])
    : [];
  let changed = false;
  if (match && row) {
    // pg answers a Buffer, PGlite a plain Uint8Array (files/fileStore.ts).
    const bytes = Buffer.from(row.bytes.buffer, row.bytes.byteOffset, row.bytes.byteLength);
    const kept = stripImageMetadata(bytes, match[2] as 'png' | 'jpg');
    changed = !kept.equals(bytes);
    if (changed) {
      await tx.query(
        'UPDATE stored_files SET bytes = $2, size = $3, metadata_checked = true WHERE key = $1',
        [key, kept, kept.length],
      );
      await tx.query('UPDATE uploads SET size_bytes = $2 WHERE sha256 = $1', [match[1], kept.length]);
    }
  }
  if (!changed) await tx.query('UPDATE stored_files SET metadata_checked = true WHERE key = $1', [key]);
  return changed;
}
