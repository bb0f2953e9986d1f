import type { FastifyRequest } from 'fastify';
import type { Db } from './db/Db';
import type { FileStore } from './files/fileStore';
import type { HitCounter } from './limits/hitCounter';

/** What every route module needs: the database and the resolved options. */
export interface ApiContext {
  db: Db;
  corsOrigins: string[];
  publicUrl: string | undefined;
  /** Uploaded images (DESIGN 6: shared by every API process). */
  files: FileStore;
  /** Folder of uploads written by earlier versions, imported into `files` on start; undefined: none. */
  legacyUploadDir: string | undefined;
  /** Limit counters shared by every API process (rate_limits table). */
  hits: HitCounter;
  /** The client address limits are counted under (see limits/clientAddress.ts). */
  clientAddress: (request: FastifyRequest) => string;
}
