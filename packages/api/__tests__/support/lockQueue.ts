// Races in a chosen order on a PostgreSQL server (PGlite runs one transaction at a time): a connection of its own
// holds a row, the requests queue behind it one after the other, and all go on together once they all wait. What
// the lock-order tests of sessions 20-22 share (hostileSession20*, hostileSession21Races, lockOrder).
import pg from 'pg';
import { expect } from 'vitest';
import type { Api } from './testApi';

/** The requests of the test API's database waiting for a lock. */
export async function waitingForLocks(api: Api): Promise<number> {
  const [row] = await api.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()`,
  );
  return row!.n;
}

/**
 * Holds the row `holdSql` locks (with `value` as its parameter), starts `first`, then `second` once `first` waits,
 * and releases the row once both wait; answers their results in that order.
 *
 * @example
 * const [saved, erased] = await queuedBehind(api, 'SELECT 1 FROM carts WHERE guid = $1::uuid FOR SHARE', guid, save, erase);
 */
export async function queuedBehind<A, B>(
  api: Api,
  holdSql: string,
  value: string,
  first: () => Promise<A>,
  second: () => Promise<B>,
): Promise<[A, B]> {
  const [{ name }] = (await api.db.query('SELECT current_database() AS name')) as [{ name: string }];
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  const blocker = new pg.Client({ connectionString: url.href });
  await blocker.connect();
  try {
    await blocker.query('BEGIN');
    await blocker.query(holdSql, [value]);
    const one = first();
    await expect.poll(() => waitingForLocks(api), { timeout: 10_000 }).toBe(1);
    const other = second();
    await expect.poll(() => waitingForLocks(api), { timeout: 10_000 }).toBe(2);
    await blocker.query('COMMIT');
    return (await Promise.all([one, other])) as [A, B];
  } finally {
    await blocker.end();
  }
}
