import pg from 'pg';
import type { Db, Queryable, Row } from './Db';

/** A PostgreSQL server through a `pg` pool (DATABASE_URL): many stateless API processes share it (DESIGN 6). */
export async function createPgDb(databaseUrl: string): Promise<Db> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  // An idle connection the server drops (restart, failover) must not crash the process; the pool reconnects.
  pool.on('error', (error) => {
    console.warn(`PostgreSQL connection lost: ${error.message}`);
  });
  // Fail at start-up, not on the first request, when the server is unreachable.
  const probe = await pool.connect();
  probe.release();
  const identity = {};
  let closing: Promise<void> | undefined;
  const wrap = (client: pg.Pool | pg.PoolClient): Queryable => ({
    identity,
    async query<T extends Row = Row>(sql: string, params: readonly unknown[] = []) {
      const result = await client.query(sql, params as unknown[]);
      return result.rows as T[];
    },
    async exec(sql: string) {
      await client.query(sql);
    },
  });
  const base = wrap(pool);
  return {
    identity,
    kind: 'pg',
    query: base.query,
    exec: base.exec,
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    // Idempotent: closing twice (an owner and a test harness) must not throw.
    close: () => {
      closing ??= pool.end();
      return closing;
    },
  };
}
