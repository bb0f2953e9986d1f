import type { Queryable } from '../db/Db';

/** A key's count in its current window and the milliseconds until that window ends. */
export interface Hits {
  count: number;
  ttlMs: number;
}

/** How often one process sweeps expired windows out of the table (cheap: an index range on reset_at). */
const SWEEP_EVERY_MS = 60_000;

/**
 * Fixed-window hit counters in the `rate_limits` table (migration 011), shared by every API process on one
 * database (DESIGN 6): each hit is one atomic upsert that starts a new window when the old one has ended, so N
 * processes counting one client together allow exactly the limit, not N times it. Times come from the database's
 * clock, so API machines with skewed clocks still agree on a window.
 */
export function createHitCounter(db: Queryable, now: () => number = Date.now) {
  let nextSweep = now() + SWEEP_EVERY_MS;

  function sweep(): void {
    if (now() < nextSweep) return;
    nextSweep = now() + SWEEP_EVERY_MS;
    // Not awaited: a hit must not wait for housekeeping, and a failed sweep is retried a minute later.
    db.query('DELETE FROM rate_limits WHERE reset_at < now()').catch(() => {});
  }

  return {
    /** Counts one hit of `key` in a window of `windowMs` and answers the count so far in that window. */
    async hit(key: string, windowMs: number): Promise<Hits> {
      sweep();
      const [row] = await db.query<{ hits: number; ttl_ms: number }>(
        `INSERT INTO rate_limits AS r (key, hits, reset_at)
           VALUES ($1, 1, now() + make_interval(secs => $2::double precision / 1000))
         ON CONFLICT (key) DO UPDATE SET
           hits = CASE WHEN r.reset_at <= now() THEN 1 ELSE r.hits + 1 END,
           reset_at = CASE WHEN r.reset_at <= now() THEN excluded.reset_at ELSE r.reset_at END
         RETURNING hits, ceil(extract(epoch FROM r.reset_at - now()) * 1000)::integer AS ttl_ms`,
        [key, windowMs],
      );
      return { count: Number(row!.hits), ttlMs: Math.max(0, Number(row!.ttl_ms)) };
    },
    /** Takes back one hit of `key`'s current window (a reserved attempt that turned out not to count). */
    async unhit(key: string): Promise<void> {
      await db.query(
        'UPDATE rate_limits SET hits = hits - 1 WHERE key = $1 AND hits > 0 AND reset_at > now()',
        [key],
      );
    },
  };
}

export type HitCounter = ReturnType<typeof createHitCounter>;
