import type { Server } from 'node:http';
import type { FastifyHttpOptions } from 'fastify';

/**
 * How long the API's HTTP server waits on a client. Fastify turns two of Node's limits off (no idle timeout, no
 * deadline for the request), so a client that sent its body a byte every few seconds, or that never read its
 * answer, held its connection and the answer's memory for as long as it liked: of 40 clients that never read a
 * 9.5 MB upload, 23 still held 219 MB after 90 s; now all 40 are cut after 60 s (decisions.md, "Soak"). nginx in
 * front of the cluster has its own limits; these hold where the API faces clients itself (`lp-api`, `pnpm start`).
 */
export const SERVER_TIMEOUTS = {
  /**
   * A connection with no traffic either way for 30 s is closed: a client that sends nothing, or stopped reading
   * its answer (after 60 s: Node counts a partly written answer as traffic once). Above every wait of the API's
   * own callers (the storefront's proxy gives up after 15 s).
   */
  connectionTimeout: 30_000,
  /** Headers and body must have arrived within 120 s (Fastify's advice; a 10 MB upload at 0.7 Mbit/s). */
  requestTimeout: 120_000,
  /** Idle between requests of one connection: Fastify's default, above the balancers' (nginx 4 s, ALB 60 s). */
  keepAliveTimeout: 72_000,
  http: {
    /** The headers within 20 s (one packet for every real client; Node's 60 s let a slowloris hold on longer). */
    headersTimeout: 20_000,
    /** How often Node checks the two deadlines above; its 30 s default adds up to 30 s to each. */
    connectionsCheckingInterval: 5_000,
    /**
     * Not a time-out, but Node's only other server option the API sets, so it lives here: an HTTP/1.1 request
     * without `Host` is let through to Fastify, whose hook (errorHandler.ts `requireHost`) refuses it in the
     * contract's shape. Node's own refusal is an empty 400 no client can read a reason from.
     */
    requireHostHeader: false,
  },
} satisfies Pick<
  FastifyHttpOptions<Server>,
  'connectionTimeout' | 'requestTimeout' | 'keepAliveTimeout' | 'http'
>;
