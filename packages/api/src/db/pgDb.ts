import { createHash } from 'node:crypto';
import pg from 'pg';
import type { Db, Queryable, Row } from './Db';

/** Statement names by text: the API has a few dozen statements, so the hash of each is computed once per process. */
const statementNames = new Map<string, string>();
const MAX_STATEMENT_NAMES = 1_000;

/** pg's name of a prepared statement: the hash of its text, so every text has its own. */
function statementName(sql: string): string {
  let name = statementNames.get(sql);
  if (name === undefined) {
    name = createHash('sha1').update(sql).digest('base64url');
    // A bound, as texts are the code's own (values travel as parameters); this only guards against a caller that
    // builds texts from data.
    if (statementNames.size >= MAX_STATEMENT_NAMES) statementNames.clear();
    statementNames.set(sql, name);
  }
  return name;
}

/**
 * A PostgreSQL server through a `pg` pool (DATABASE_URL): many stateless API processes share it (DESIGN 6). The
 * embedded PGlite is reached the same way (pgliteDb.ts), with `kind: 'pglite'` and one connection.
 */
export async function createPgDb(
  databaseUrl: string,
  options: { kind?: Db['kind'] } & Pick<pg.PoolConfig, 'max' | 'idleTimeoutMillis'> = {},
): Promise<Db> {
  const { kind = 'pg', max = 10, idleTimeoutMillis } = options;
  // allowExitOnIdle: idle connections do not keep the process alive; a query in flight does.
  // connectionTimeoutMillis: a database host that drops packets fails a start or a request within 5 s, not after
  // the operating system's TCP time-out (minutes).
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max,
    idleTimeoutMillis,
    allowExitOnIdle: true,
    connectionTimeoutMillis: 5_000,
  });
  // An idle connection the server drops (restart, failover) must not crash the process; the pool reconnects.
  pool.on('error', (error) => {
    console.warn(`PostgreSQL connection lost: ${error.message}`);
  });
  // Statements are prepared once per connection (below). PGlite keeps one session across connections, so a new
  // connection starts without what an earlier one prepared.
  if (kind === 'pglite') {
    pool.on('connect', (client) => {
      client.query('DEALLOCATE ALL').catch((error: Error) => client.emit('error', error));
    });
  }

  /**
   * Runs `fn` on a pooled connection and gives it back also after an error: the server's answer to a failed
   * statement (constraint, `RAISE`, bad input) leaves the connection usable, and the pool itself drops one that
   * broke. (pg-pool's own `query` drops the connection on every error: a reconnect per refused add.)
   */
  async function withClient<T>(fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await pool.connect();
    try {
      return await fn(client);
    } finally {
      client.release();
    }
  }

  // Fail at start-up, not on the first request, when the server is unreachable.
  await withClient(async () => undefined);
  const identity = {};
  const on = (client: pg.PoolClient): Queryable => ({
    identity,
    async query<T extends Row = Row>(sql: string, params: readonly unknown[] = []) {
      // A named statement is parsed and planned once per connection, then only bound and run (pg's prepared
      // statements); the name is the text's hash, so every text has its own. Without parameters pg uses the simple
      // protocol: one message, nothing to prepare.
      if (params.length === 0) return (await client.query(sql)).rows as T[];
      const name = statementName(sql);
      return (await client.query({ name, text: sql, values: params as unknown[] })).rows as T[];
    },
    async exec(sql: string) {
      await client.query(sql);
    },
  });
  let closing: Promise<void> | undefined;
  return {
    identity,
    kind,
    query: <T extends Row = Row>(sql: string, params?: readonly unknown[]) =>
      withClient((client) => on(client).query<T>(sql, params)),
    exec: (sql: string) => withClient((client) => on(client).exec(sql)),
    transaction: (fn) =>
      withClient(async (client) => {
        await client.query('BEGIN');
        try {
          const result = await fn(on(client));
          await client.query('COMMIT');
          return result;
        } catch (error) {
          // A broken connection fails here too; the pool then drops it.
          await client.query('ROLLBACK').catch(() => undefined);
          throw error;
        }
      }),
    // Idempotent: closing twice (an owner and a test harness) must not throw.
    close: () => {
      closing ??= pool.end();
      return closing;
    },
  };
}
