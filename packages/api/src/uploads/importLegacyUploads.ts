import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { FileStore } from '../files/fileStore';
import { imageKind } from './imageType';
import { UPLOAD_FILE_NAME, uploadKey } from './uploadKey';

/**
 * Earlier versions wrote uploads to a folder on one machine (`uploadDir`, UPLOAD_DIR, `.data/uploads`). On start
 * the API copies them into the file store, so their URLs keep working on every process
 * (docs/reference/decisions.md). Only files whose name is `<sha256>.<png|jpg>` of their own bytes, and whose bytes
 * are that image kind, are taken: the folder is trusted no more than an upload. Files stored already are skipped
 * without being read, so every later start costs one directory listing and one query. Nothing is deleted.
 */
export async function importLegacyUploads(
  folder: string,
  files: FileStore,
  log: FastifyBaseLogger,
): Promise<{ imported: number; refused: string[] }> {
  const entries = await readdir(folder, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  const names = entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
  const candidates = names.filter((name) => UPLOAD_FILE_NAME.test(name));
  // `*.tmp`: half-written files an earlier version left when it stopped mid-upload; never served, not worth a word.
  const refused = names.filter((name) => !UPLOAD_FILE_NAME.test(name) && !name.endsWith('.tmp'));
  const stored = await files.has(candidates.map(uploadKey));
  let imported = 0;
  // One file at a time: at most one image (10 MB) in memory however big the folder is.
  for (const name of candidates.filter((n) => !stored.has(uploadKey(n)))) {
    const bytes = await readFile(join(folder, name));
    const kind = imageKind(bytes);
    const sha = createHash('sha256').update(bytes).digest('hex');
    if (!kind || name !== `${sha}.${kind.ext}`) {
      refused.push(name);
      continue;
    }
    await files.put(uploadKey(name), bytes, kind.contentType);
    imported++;
  }
  if (imported > 0) log.info(`Imported ${imported} uploads from ${folder} into the database.`);
  if (refused.length > 0) {
    log.warn(
      `Did not import ${refused.length} files from ${folder} (name is not the sha256 of a PNG/JPEG's bytes): ` +
        refused.slice(0, 10).join(', '),
    );
  }
  return { imported, refused };
}
