import type { FastifyServerOptions } from 'fastify';
import type { MailTransport } from './outbox/mailTransport';
import type { LoadSheddingOptions } from './plugins/underPressure';

/** Options of `createApi` / `startApi` (common interface shared by every package). */
export interface ApiOptions {
  /** 0 = a random free port. @default 4000 */
  port?: number;
  /** @default '127.0.0.1' */
  host?: string;
  /** PGlite data folder, or 'memory' for a fresh in-memory database. Ignored when databaseUrl is set. */
  dataDir?: string | 'memory';
  /** A PostgreSQL server; when set, PGlite is not used. */
  databaseUrl?: string;
  /** Origins allowed by CORS and as payment return targets. */
  corsOrigins?: string[];
  /**
   * Rate limit of mutations (`max`) and of product searches (`searchMax`, session 20) per client address and window;
   * false disables both (tests, benchmarks).
   * @default { max: 120, searchMax: 60, timeWindowMs: 60_000 }, but off for `dataDir: 'memory'` (throwaway test
   *   databases)
   */
  rateLimit?: { max: number; timeWindowMs: number; searchMax?: number } | false;
  /** Public origin of the API, for absolute URLs (uploads, sandbox payment); else the request's origin. */
  publicUrl?: string;
  /**
   * Legacy: the folder where earlier versions wrote uploaded images. Uploads now live in the database (shared by
   * every API process); valid files found here are imported once on start, nothing is written here.
   * @default `<repo>/.data/uploads`, none for `dataDir: 'memory'`
   */
  uploadDir?: string;
  /**
   * Fastify's logger: true, false or its options (level, serializers). `loadConfig` gives errors and warnings, and a
   * line per request with `LOG=1`. @default false
   */
  logger?: FastifyServerOptions['logger'];
  /**
   * Whose X-Forwarded-* to believe (client address, protocol): the addresses or CIDR ranges of your reverse
   * proxies (the safe choice), a hop count, or true for any peer (only when nothing but proxies can reach the API).
   * @default false
   */
  trustProxy?: boolean | number | string[];
  /**
   * Secret shared with the storefront's /api proxy, which sends it in the `X-LP-Proxy-Secret` header: only a
   * request carrying it may name its client in X-Forwarded-For, so each shopper behind the storefront gets their
   * own rate-limit and login buckets. @default none (no request may name its client this way)
   */
  proxySecret?: string;
  /**
   * Load shedding thresholds (503 + Retry-After); false turns it off.
   * @default LoadSheddingOptions' defaults, but off for `dataDir: 'memory'` (throwaway test databases)
   */
  loadShedding?: LoadSheddingOptions | false;
  /**
   * Where the shop's mails (registration confirmation) go. @default the sandbox outbox: mails are stored, not sent,
   * and shown at /sandbox/outbox; passing a transport turns the outbox pages off.
   */
  mailTransport?: MailTransport;
}

export const DEFAULT_CORS_ORIGINS = [
  'http://127.0.0.1:3000',
  'http://localhost:3000',
  'http://127.0.0.1:4100',
  'http://localhost:4100',
];

export const DEFAULT_RATE_LIMIT = { max: 120, searchMax: 60, timeWindowMs: 60_000 };

/** JSON body limit (uploads have their own 10 MB limit). */
export const BODY_LIMIT = 256 * 1024;
