import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { HitCounter } from './hitCounter';

type Callback = Parameters<FastifyRateLimitStore['incr']>[1];
/** What the plugin really passes to `child` (its typings name the route options, it sends merged limit options). */
type ChildOptions = Parameters<FastifyRateLimitStore['child']>[0] & {
  timeWindow?: unknown;
  routeInfo?: { method?: unknown; url?: string };
};

/**
 * A `store` for @fastify/rate-limit on the shared `rate_limits` table (see hitCounter.ts), in the shape of the
 * plugin's own RedisStore: `incr` counts one hit and answers `{ current, ttl }`, `child` namespaces a route that
 * has its own limit. The plugin constructs the store itself, so the counter comes in through this closure.
 */
export function pgRateLimitStore(counter: HitCounter, namespace: string): FastifyRateLimitStoreCtor {
  class PgRateLimitStore implements FastifyRateLimitStore {
    constructor(
      private readonly options: { timeWindow?: unknown },
      private readonly prefix = namespace,
    ) {}

    // The plugin passes the (possibly per-request) window as a third argument its typings do not declare.
    incr(key: string, callback: Callback, timeWindow?: number): void {
      const windowMs =
        timeWindow ?? (typeof this.options.timeWindow === 'number' ? this.options.timeWindow : 60_000);
      counter.hit(`${this.prefix}${key}`, windowMs).then(
        ({ count, ttlMs }) => callback(null, { current: count, ttl: ttlMs }),
        (error: Error) => callback(error),
      );
    }

    // A route with a limit of its own counts under its own keys (RedisStore reads `routeInfo` the same way).
    child(options: ChildOptions): FastifyRateLimitStore {
      const { method = '', url = '' } = options.routeInfo ?? {};
      return new PgRateLimitStore(options, `${this.prefix}${String(method)}${url}:`);
    }
  }
  return PgRateLimitStore;
}
