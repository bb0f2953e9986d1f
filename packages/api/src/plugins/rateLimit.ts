import rateLimit from '@fastify/rate-limit';
import { productSearchPath } from '@lp/sdk/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../http/ApiError';
import type { HitCounter } from '../limits/hitCounter';
import { pgRateLimitStore } from '../limits/pgRateLimitStore';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Options of {@link registerRateLimit}. */
export interface RateLimitPluginOptions {
  max: number;
  timeWindowMs: number;
  /** Searches per client address and window (their own count, beside the mutations'). */
  searchMax: number;
  /** The shared counters; undefined counts in this process's memory (the plugin's own store). */
  hits: HitCounter | undefined;
  clientAddress: (request: FastifyRequest) => string;
  /**
   * Whether a request came through the storefront's /api proxy (limits/clientAddress.ts `createStorefrontCheck`):
   * such requests count in a bucket of their own, apart from the same address's direct calls.
   */
  viaStorefront: (request: FastifyRequest) => boolean;
}

/**
 * Session 20: the product search is the one read whose cost a client chooses (every word a scan of the shown
 * products' texts, a compound's second try, "Meinten Sie …?" with a second search), so it is limited like a
 * mutation, in a count of its own. Any method of its route counts (HEAD runs the search too); OPTIONS never
 * reaches the route (CORS answers it).
 */
const isSearch = (request: FastifyRequest) =>
  request.routeOptions.url?.toLowerCase() === productSearchPath.toLowerCase();

/**
 * The rate limit (@fastify/rate-limit): `max` mutations and `searchMax` searches per client address and window,
 * counted in the database so that every API process shares one count (DESIGN 6). Other reads are cheap and cached
 * by clients, so they are not limited. Over the limit: 429 with Retry-After and the contract's error body.
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
    max: (request) => (isSearch(request) ? options.searchMax : options.max),
    timeWindow: options.timeWindowMs,
    ...(options.hits ? { store: pgRateLimitStore(options.hits, 'mutation:') } : {}),
    // Searches count under a key of their own: a shopper's cart changes do not use up their searches. Session 26
    // (fleet): so do the shop's pages and direct calls of one address. An office shares one address; a fleet tool
    // adding 120 plates through the SDK used up the limit, and the colleagues in the shop got 429 for a minute.
    // An address gets at most twice the limit this way (docs/reference/decisions.md, "A fleet's 120 plates").
    keyGenerator: (request) =>
      `${isSearch(request) ? 'search:' : ''}${options.viaStorefront(request) ? 'shop:' : ''}${options.clientAddress(request)}`,
    // A database that cannot count cannot serve the mutation either: let the route answer that failure itself.
    skipOnError: true,
    allowList: (request) => SAFE_METHODS.has(request.method) && !isSearch(request),
    errorResponseBuilder: (_request, context) =>
      new ApiError(429, 'rate-limited', `Too many requests; retry in ${Math.ceil(context.ttl / 1000)} s.`),
  });
}
