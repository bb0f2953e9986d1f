import type { Db, Queryable } from '../db/Db';
import { stripImageMetadata } from './stripImageMetadata';
import { UPLOAD_FILE_NAME } from './uploadKey';

/**
 * Files checked per transaction. Each transaction holds the locks of these rows only and writes at most this many
 * files (10 MB each at most, typically 0.5 MB): a failure or a stop loses one batch, and on PGlite, whose one
 * connection serves every request, a request waits for one batch at most.
 */
export const CLEANING_BATCH = 10;

/**
 * Bytes read per transaction, the batch ending before the file that would pass it (a single larger file is a batch
 * of its own). Session 26 (stripfix26, from review26b): counting files alone let ten 10 MB photos hold PGlite's one
 * connection for seconds; a 4 MB batch took about 0.13 s on a shared 2-core machine (800 photos of 400 KB in 10.5 s).
 */
export const CLEANING_BATCH_BYTES = 4 * 1024 * 1024;

/**
 * On PGlite, the pause after each batch: as long as the batch took, between these bounds, so the requests that
 * queued during it are answered before the next one (measured by review26b: 800 photos of 400 KB made requests
 * 20-40 times slower while cleaning). PostgreSQL needs none: a pool serves requests beside the cleaning.
 */
export const CLEANING_PAUSE_MS = { min: 10, max: 250 };

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
    const began = performance.now();
    const batch = await db.transaction(cleanBatch);
    total.checked += batch.checked;
    total.cleaned += batch.cleaned;
    if (batch.checked === 0) break;
    if (db.kind === 'pglite') {
      const took = performance.now() - began;
      const pause = Math.min(Math.max(took, CLEANING_PAUSE_MS.min), CLEANING_PAUSE_MS.max);
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
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
  const rows = await tx.query<{ key: string; size: number }>(
    `SELECT key, size FROM stored_files WHERE NOT metadata_checked ORDER BY key LIMIT ${CLEANING_BATCH}
       FOR UPDATE SKIP LOCKED`,
  );
  // The first file always, then files while the bytes stay within the cap; the rest are left for the next batch
  // (their locks end with this transaction).
  let bytes = 0;
  const batch = rows.filter((row, i) => {
    bytes += row.size;
    return i === 0 || bytes <= CLEANING_BATCH_BYTES;
  });
  let cleaned = 0;
  for (const { key } of batch) if (await cleanFile(tx, key)) cleaned++;
  return { checked: batch.length, cleaned };
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
