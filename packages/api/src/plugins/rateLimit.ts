import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../http/ApiError';
import type { HitCounter } from '../limits/hitCounter';
import { pgRateLimitStore } from '../limits/pgRateLimitStore';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Options of {@link registerRateLimit}. */
export interface RateLimitPluginOptions {
  max: number;
  timeWindowMs: number;
  /** The shared counters; undefined counts in this process's memory (the plugin's own store). */
  hits: HitCounter | undefined;
  clientAddress: (request: FastifyRequest) => string;
}

/**
 * The mutation rate limit (@fastify/rate-limit): `max` mutations per client address and window, counted in the
 * database so that every API process shares one count (DESIGN 6). Reads are cheap and cached by clients, so only
 * mutations are limited. Over the limit: 429 with Retry-After and the contract's error body.
 *
 * Embedded PGlite belongs to one process, so there is no count to share; there the plugin's in-memory store
 * counts, because a counter row in PGlite costs each mutation about 1.5 ms of the single-threaded database
 * (measured, one client in sequence: addCartItem 1.7 -> 3.3 ms, a client-error report 0.9 -> 2.3 ms), against
 * 0.1-0.2 ms on a PostgreSQL server.
 */
export async function registerRateLimit(
  app: FastifyInstance,
  options: RateLimitPluginOptions,
): Promise<void> {
  await app.register(rateLimit, {
    max: options.max,
    timeWindow: options.timeWindowMs,
    ...(options.hits ? { store: pgRateLimitStore(options.hits, 'mutation:') } : {}),
    keyGenerator: options.clientAddress,
    // A database that cannot count cannot serve the mutation either: let the route answer that failure itself.
    skipOnError: true,
    allowList: (request) => SAFE_METHODS.has(request.method),
    errorResponseBuilder: (_request, context) =>
      new ApiError(429, 'rate-limited', `Too many requests; retry in ${Math.ceil(context.ttl / 1000)} s.`),
  });
}
