import type { FastifyRequest } from 'fastify';
import type { Db } from './db/Db';
import type { DealerRegistry } from './dealers/dealerRegistry';
import type { FileStore } from './files/fileStore';
import type { HitCounter } from './limits/hitCounter';
import type { MailTransport } from './outbox/mailTransport';

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
  /** Registered dealers: their ids and origins, cached a few seconds per process (dealers/dealerRegistry.ts). */
  dealers: DealerRegistry;
  /** The CORS allow-list: a configured origin or a registered dealer's (issue 12). */
  originAllowed: (origin: string) => Promise<boolean>;
  /** Issue 13: the shop's mail transport (the sandbox outbox unless one was configured). */
  mail: MailTransport;
}
