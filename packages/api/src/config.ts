import { isIP } from 'node:net';
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

/** TRUST_PROXY: proxy addresses or CIDR ranges (comma-separated; the safe choice), a hop count, true or false. */
function trustProxy(raw: string | undefined): boolean | number | string[] {
  const value = raw?.trim().toLowerCase();
  if (!value || value === 'false' || value === '0') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 10) throw new Error(`TRUST_PROXY hop count must be 0-10, got '${raw}'.`);
    return hops;
  }
  const addresses = value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  for (const address of addresses) {
    const [ip, bits, extra] = address.split('/');
    if (!isIP(ip ?? '') || extra !== undefined || (bits !== undefined && !/^\d{1,3}$/.test(bits))) {
      throw new Error(
        `TRUST_PROXY must be true, false, a hop count or proxy addresses (CIDR allowed), got '${raw}'.`,
      );
    }
  }
  return addresses;
}

/** LP_PROXY_SECRET: long enough that guessing it is hopeless (`openssl rand -hex 32`). */
function proxySecret(raw: string | undefined): string | undefined {
  const value = raw?.trim();
  if (!value) return undefined;
  if (value.length < 16) throw new Error('LP_PROXY_SECRET must be at least 16 characters long.');
  return value;
}

/**
 * Options from the environment (docs/learn/run-in-production.md): PORT, HOST, DATA_DIR, DATABASE_URL,
 * CORS_ORIGINS, PUBLIC_URL, RATE_LIMIT_MAX (0 disables), RATE_LIMIT_WINDOW_MS, UPLOAD_DIR, TRUST_PROXY, LOG, and
 * LP_PROXY_SECRET: the secret the storefront's /api proxy sends in X-LP-Proxy-Secret (the same value in the
 * storefront's environment); requests carrying it may name their client in X-Forwarded-For, so each shopper gets
 * their own limits. TRUST_PROXY names reverse proxies in front of the API itself (nginx): their addresses or CIDR
 * ranges, comma-separated (a hop count or true trusts whoever connects: only where nothing else can).
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
    proxySecret: proxySecret(env.LP_PROXY_SECRET),
  };
}
