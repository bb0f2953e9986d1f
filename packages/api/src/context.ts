import type { CartCache } from './cart/cartCache';
import type { Db } from './db/Db';

/** What every route module needs: the database and the resolved options. */
export interface ApiContext {
  db: Db;
  cartCache: CartCache;
  corsOrigins: string[];
  publicUrl: string | undefined;
  uploadDir: string;
}
