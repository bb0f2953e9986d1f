import type { ApiOptions } from './options';
import { DEFAULT_CORS_ORIGINS, DEFAULT_RATE_LIMIT } from './options';
import { defaultDataDir, defaultUploadDir } from './paths';

type Env = Record<string, string | undefined>;

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name} must be an integer between ${min} and ${max}, got '${raw}'.`);
  }
  return value;
}

function trustProxy(raw: string | undefined): boolean | number {
  const value = raw?.trim().toLowerCase();
  if (!value || value === 'false' || value === '0') return false;
  if (value === 'true') return true;
  const hops = Number(value);
  if (!Number.isInteger(hops) || hops < 0 || hops > 10) {
    throw new Error(`TRUST_PROXY must be true, false or a hop count 0-10, got '${raw}'.`);
  }
  return hops;
}

/**
 * Options from the environment (docs/learn/run-in-production.md): PORT, HOST, DATA_DIR, DATABASE_URL,
 * CORS_ORIGINS, PUBLIC_URL, RATE_LIMIT_MAX (0 disables), RATE_LIMIT_WINDOW_MS, UPLOAD_DIR, TRUST_PROXY, LOG.
 */
export function loadConfig(env: Env = process.env): ApiOptions & { port: number; host: string } {
  const max = integer(env, 'RATE_LIMIT_MAX', DEFAULT_RATE_LIMIT.max, 0, 1_000_000);
  const origins = env.CORS_ORIGINS?.split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  for (const origin of origins ?? []) {
    if (new URL(origin).origin !== origin)
      throw new Error(`CORS_ORIGINS entry '${origin}' is not a bare origin.`);
  }
  const publicUrl = env.PUBLIC_URL?.trim() || undefined;
  if (publicUrl) new URL(publicUrl);
  return {
    port: integer(env, 'PORT', 4000, 0, 65_535),
    host: env.HOST?.trim() || '127.0.0.1',
    dataDir: env.DATA_DIR?.trim() || defaultDataDir(),
    databaseUrl: env.DATABASE_URL?.trim() || undefined,
    corsOrigins: origins && origins.length > 0 ? origins : DEFAULT_CORS_ORIGINS,
    publicUrl,
    rateLimit:
      max === 0
        ? false
        : {
            max,
            timeWindowMs: integer(
              env,
              'RATE_LIMIT_WINDOW_MS',
              DEFAULT_RATE_LIMIT.timeWindowMs,
              1_000,
              86_400_000,
            ),
          },
    uploadDir: env.UPLOAD_DIR?.trim() || defaultUploadDir(),
    logger: env.LOG === '1' || env.LOG === 'true',
    trustProxy: trustProxy(env.TRUST_PROXY),
  };
}
