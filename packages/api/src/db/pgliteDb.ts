import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { Db, Queryable, Row } from './Db';

/**
 * Embedded PostgreSQL (DESIGN 6: no set-up). PGlite has one connection and runs one transaction at a time, so
 * concurrent cart mutations are serialised exactly like `SELECT ... FOR UPDATE` serialises them on a server.
 */
export async function createPgliteDb(dataDir: string | 'memory'): Promise<Db> {
  if (dataDir !== 'memory') mkdirSync(dataDir, { recursive: true });
  const pg = dataDir === 'memory' ? new PGlite() : new PGlite(dataDir);
  await pg.waitReady;
  const identity = {};
  const wrap = (q: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    identity,
    async query<T extends Row = Row>(sql: string, params: readonly unknown[] = []) {
      const result = await q.query<T>(sql, params as unknown[]);
      return result.rows;
    },
    async exec(sql: string) {
      await q.exec(sql);
    },
  });
  const base = wrap(pg);
  return {
    identity,
    kind: 'pglite',
    query: base.query,
    exec: base.exec,
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    close: () => pg.close(),
  };
}
