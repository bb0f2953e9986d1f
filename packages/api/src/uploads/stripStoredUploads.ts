import type { Queryable } from '../db/Db';
import { stripImageMetadata } from './stripImageMetadata';
import { UPLOAD_FILE_NAME } from './uploadKey';

/**
 * Migration 043 (session 25, photo): the uploads stored before the API stripped metadata, cleaned the same way as a
 * new upload (stripImageMetadata.ts: the EXIF orientation alone is kept, so a sideways-stored portrait still shows
 * upright). The key stays: carts and orders refer to the URL, so the name is no longer the hash of the bytes it
 * holds, as it is not for any cleaned file. One file at a time, so memory stays that of the largest upload.
 */
export async function stripStoredUploads(tx: Queryable): Promise<void> {
  const keys = await tx.query<{ key: string }>(
    "SELECT key FROM stored_files WHERE key LIKE 'uploads/%' ORDER BY key",
  );
  for (const { key } of keys) {
    const match = UPLOAD_FILE_NAME.exec(key.slice('uploads/'.length));
    if (!match) continue;
    const [row] = await tx.query<{ bytes: Uint8Array }>('SELECT bytes FROM stored_files WHERE key = $1', [
      key,
    ]);
    if (!row) continue;
    // pg answers a Buffer, PGlite a plain Uint8Array (files/fileStore.ts).
    const bytes = Buffer.from(row.bytes.buffer, row.bytes.byteOffset, row.bytes.byteLength);
    const kept = stripImageMetadata(bytes, match[2] as 'png' | 'jpg');
    if (kept.equals(bytes)) continue;
    await tx.query('UPDATE stored_files SET bytes = $2, size = $3 WHERE key = $1', [key, kept, kept.length]);
    await tx.query('UPDATE uploads SET size_bytes = $2 WHERE sha256 = $1', [match[1], kept.length]);
  }
}
