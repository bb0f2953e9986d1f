import type { Queryable } from '../db/Db';

/** A stored file as it is served: its bytes and its content type. */
export interface StoredFile {
  bytes: Buffer;
  contentType: string;
  /** Cleaned of camera metadata already (on upload, or by migration 044's background cleaning). */
  metadataChecked: boolean;
}

/**
 * Files that every API process must be able to serve (DESIGN 6: uploaded images live in PostgreSQL, not on one
 * machine's disk). Callers choose content-addressed keys (`uploads/<sha256>.png`): putting a key that exists keeps
 * its bytes, and served files may be cached forever. The one exception is migration 044's cleaning of uploads
 * stored before session 25 (camera metadata dropped under the same key; run-in-production.md says to purge caches).
 */
export interface FileStore {
  /**
   * Stores the bytes under `key`; for a key stored already, only its date is renewed: retention counts from the
   * last upload (limits/retention.ts), so a picture picked again for a new design gets its full time again.
   * `metadataChecked`: the bytes were cleaned of camera metadata on the way in (uploads/uploadRoutes.ts), so the
   * background cleaning (uploads/stripStoredUploads.ts, migration 044) need not read them again.
   */
  put(key: string, bytes: Uint8Array, contentType: string, metadataChecked?: boolean): Promise<void>;
  get(key: string): Promise<StoredFile | null>;
  /** Which of `keys` are stored already (the legacy import skips those without reading them). */
  has(keys: readonly string[]): Promise<Set<string>>;
}

/** The default store: table `stored_files` in the API's own database (docs/reference/decisions.md). */
export function dbFileStore(db: Queryable): FileStore {
  return {
    async put(key, bytes, contentType, metadataChecked = false) {
      // Session 25 (review): every new upload was stored unchecked, so each start read them all again.
      await db.query(
        `INSERT INTO stored_files (key, content_type, bytes, size, metadata_checked) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (key) DO UPDATE
           SET created_at = now(), metadata_checked = stored_files.metadata_checked OR EXCLUDED.metadata_checked`,
        [
          key,
          contentType,
          Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
          bytes.byteLength,
          metadataChecked,
        ],
      );
    },
    async get(key) {
      const [row] = await db.query<{ content_type: string; bytes: Uint8Array; metadata_checked: boolean }>(
        'SELECT content_type, bytes, metadata_checked FROM stored_files WHERE key = $1',
        [key],
      );
      if (!row) return null;
      // pg answers a Buffer, PGlite a plain Uint8Array: one view over the same memory either way.
      const bytes = Buffer.isBuffer(row.bytes)
        ? row.bytes
        : Buffer.from(row.bytes.buffer, row.bytes.byteOffset, row.bytes.byteLength);
      return { bytes, contentType: row.content_type, metadataChecked: row.metadata_checked };
    },
    async has(keys) {
      if (keys.length === 0) return new Set();
      const rows = await db.query<{ key: string }>(
        'SELECT key FROM stored_files WHERE key = ANY($1::text[])',
        [keys],
      );
      return new Set(rows.map((row) => row.key));
    },
  };
}
