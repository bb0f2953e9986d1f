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
   * Rate limit of mutations per client address; false disables it (tests, benchmarks).
   * @default { max: 120, timeWindowMs: 60_000 }, but off for `dataDir: 'memory'` (throwaway test databases)
   */
  rateLimit?: { max: number; timeWindowMs: number } | false;
  /** Public origin of the API, for absolute URLs (uploads, sandbox payment); else the request's origin. */
  publicUrl?: string;
  /** Folder of uploaded images. */
  uploadDir?: string;
  logger?: boolean;
  /** Trust X-Forwarded-* from this many proxy hops (true = any). @default false */
  trustProxy?: boolean | number;
}

export const DEFAULT_CORS_ORIGINS = [
  'http://127.0.0.1:3000',
  'http://localhost:3000',
  'http://127.0.0.1:4100',
  'http://localhost:4100',
];

export const DEFAULT_RATE_LIMIT = { max: 120, timeWindowMs: 60_000 };

/** JSON body limit (uploads have their own 10 MB limit). */
export const BODY_LIMIT = 256 * 1024;
