import { isIP } from 'node:net';
import type { ApiOptions } from './options';
import { DEFAULT_CORS_ORIGINS, DEFAULT_RATE_LIMIT } from './options';
import type { MailTransport } from './outbox/mailTransport';
import { smtpTransport } from './outbox/smtpTransport';
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

/** A URL-valued variable: a message naming the variable, not URL's bare 'Invalid URL'. */
function url(name: string, raw: string, what: string): URL {
  try {
    return new URL(raw);
  } catch {
    throw new Error(`${name} must be ${what}, got '${withoutPassword(raw)}'.`);
  }
}

/** DATABASE_URL: a postgres:// URL (a bare word would be read as a host name by the driver). */
function databaseUrl(raw: string | undefined): string | undefined {
  const value = raw?.trim();
  if (!value) return undefined;
  const parsed = url('DATABASE_URL', value, 'a postgres:// connection string');
  if (parsed.protocol !== 'postgres:' && parsed.protocol !== 'postgresql:')
    throw new Error(
      `DATABASE_URL must be a postgres:// connection string, got '${withoutPassword(parsed)}'.`,
    );
  return value;
}

/**
 * A connection string as it may be printed (in a start failure, so in the journal): its password masked. A value
 * with no password field (a missing "//", a scheme typed wrong: `shop:secret@smtp.example.de:587` is a URL of
 * scheme `shop:`) still carries its password before the `@`, so the text between a name's colon and that `@` goes,
 * and so does all after the colon of a bare `name:text`. So does the value of every key naming a password, in a
 * URL's query or fragment and in libpq's keyword form (`host=db password=secret`, which an operator may paste from
 * PostgreSQL's documentation), also percent-encoded (`pass%77ord=`, `password%3D`: the drivers decode both).
 */
function withoutPassword(connection: URL | string): string {
  const text = String(connection);
  try {
    const parsed = new URL(text);
    if (parsed.password) {
      parsed.password = '***';
      return withoutKeyedPassword(parsed.href);
    }
  } catch {
    // not a URL: masked as text below
  }
  // Up to the last "@": a password may hold "/", "?" or "#", and then the URL parser takes part of it for a port or a
  // path (`postgres://shop:2024/x@db` parses with no password). Masking too much of an odd value is the safe side.
  // Not a name followed by "//" (a scheme's colon), so `postgres://shop@db/shop` keeps its text.
  return withoutKeyedPassword(
    text
      .replace(/([a-z][\w+.-]*:\/\/)?([^:/@\s]*):(?!\/\/).*@/is, '$1$2:***@')
      .replace(/^([^:/@\s=]+):(?!\/\/|\d{1,5}(?:\/|$))[^@]*$/s, '$1:***'),
  );
}

/** A key and its `=` (also encoded, spaces around it as libpq allows). */
const KEY = /([^?&;#\s=]+)(\s*(?:=|%3d)\s*)/gi;

/**
 * Masks the value of each key that names a password (password, sslpassword, pass, pwd), however it is encoded. Where
 * a value ends depends on the form: in a URL at `&`, `#` or a space (node-postgres does not split at `;`); in
 * libpq's keyword form only where the next `key=` starts (`password=ab&c d` is the password `ab&c d`).
 */
function withoutKeyedPassword(text: string): string {
  const valueEnd = /^[a-z][\w+.-]*:\/\//i.test(text) ? /[&#\s]/ : /\s+[^\s=']+\s*(?:=|%3d)/i;
  let masked = '';
  let from = 0;
  for (const match of text.matchAll(KEY)) {
    const [pair, key] = match as unknown as [string, string];
    if (match.index < from || !/pass|pwd/i.test(decodedKey(key))) continue;
    const valueStart = match.index + pair.length;
    const rest = text.slice(valueStart).search(valueEnd);
    masked += `${text.slice(from, valueStart)}***`;
    from = rest < 0 ? text.length : valueStart + rest;
  }
  return masked + text.slice(from);
}

const decodedKey = (key: string) => {
  try {
    return decodeURIComponent(key);
  } catch {
    return key;
  }
};

/**
 * LOG: 1/true writes a JSON line per request (Fastify's logger). Off, errors and warnings are still written (a 500's
 * cause, a failed dealer reload): with `logger: false` Fastify would drop them. What a request line carries is
 * decided by createApi (http/requestLog.ts).
 */
function logger(raw: string | undefined): ApiOptions['logger'] {
  const value = raw?.trim().toLowerCase() ?? '';
  const on = value === '1' || value === 'true';
  if (!on && !['', '0', 'false'].includes(value))
    throw new Error(`LOG must be 1, true, 0 or false, got '${raw}'.`);
  return { level: on ? 'info' : 'warn' };
}

/**
 * SMTP_URL and MAIL_FROM: the shop's mails through an SMTP server. Without SMTP_URL they go to the sandbox outbox,
 * whose page (/sandbox/outbox) anyone can read: the demo's default, never for real customers.
 */
function mailTransport(env: Env): MailTransport | undefined {
  const raw = env.SMTP_URL?.trim();
  if (!raw) return undefined;
  const parsed = url(
    'SMTP_URL',
    raw,
    'an smtp:// or smtps:// URL such as smtp://user:password@smtp.example.de:587',
  );
  if (parsed.protocol !== 'smtp:' && parsed.protocol !== 'smtps:')
    throw new Error(`SMTP_URL must be an smtp:// or smtps:// URL, got '${withoutPassword(parsed)}'.`);
  const from = env.MAIL_FROM?.trim();
  if (!from || !/^[^\s@<>]+@[^\s@<>]+$|<[^\s@<>]+@[^\s@<>]+>$/.test(from))
    throw new Error(
      `MAIL_FROM must be the sender address of the shop's mails when SMTP_URL is set (e.g. shop@example.de or "Kennzeichen-Shop <shop@example.de>"), got '${from ?? ''}'.`,
    );
  return smtpTransport(raw, from);
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
 * CORS_ORIGINS, PUBLIC_URL, RATE_LIMIT_MAX (0 disables), RATE_LIMIT_SEARCH_MAX, RATE_LIMIT_WINDOW_MS, UPLOAD_DIR,
 * TRUST_PROXY, LOG, and LP_PROXY_SECRET: the secret the storefront's /api proxy sends in X-LP-Proxy-Secret (the
 * same value in the storefront's environment); requests carrying it may name their client in X-Forwarded-For, so
 * each shopper gets their own limits. TRUST_PROXY names reverse proxies in front of the API itself (nginx): their
 * addresses or CIDR ranges, comma-separated (a hop count or true trusts whoever connects: only where nothing else can).
 */
export function loadConfig(env: Env = process.env): ApiOptions & { port: number; host: string } {
  const max = integer(env, 'RATE_LIMIT_MAX', DEFAULT_RATE_LIMIT.max, 0, 1_000_000);
  const origins = env.CORS_ORIGINS?.split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  for (const origin of origins ?? []) {
    const what = 'comma-separated origins such as https://shop.example.de (scheme, host, port; no path)';
    if (url('CORS_ORIGINS', origin, what).origin !== origin)
      throw new Error(`CORS_ORIGINS entry '${origin}' is not a bare origin: ${what}.`);
  }
  const publicUrl = env.PUBLIC_URL?.trim() || undefined;
  if (publicUrl) url('PUBLIC_URL', publicUrl, 'an absolute URL such as https://api.example.de');
  return {
    port: integer(env, 'PORT', 4000, 0, 65_535),
    host: env.HOST?.trim() || '127.0.0.1',
    dataDir: env.DATA_DIR?.trim() || defaultDataDir(),
    databaseUrl: databaseUrl(env.DATABASE_URL),
    corsOrigins: origins && origins.length > 0 ? origins : DEFAULT_CORS_ORIGINS,
    publicUrl,
    rateLimit:
      max === 0
        ? false
        : {
            max,
            searchMax: integer(env, 'RATE_LIMIT_SEARCH_MAX', DEFAULT_RATE_LIMIT.searchMax, 1, 1_000_000),
            timeWindowMs: integer(
              env,
              'RATE_LIMIT_WINDOW_MS',
              DEFAULT_RATE_LIMIT.timeWindowMs,
              1_000,
              86_400_000,
            ),
          },
    uploadDir: env.UPLOAD_DIR?.trim() || defaultUploadDir(),
    logger: logger(env.LOG),
    trustProxy: trustProxy(env.TRUST_PROXY),
    proxySecret: proxySecret(env.LP_PROXY_SECRET),
    mailTransport: mailTransport(env),
  };
}

/** Error codes of a database that cannot be reached or refuses us (Node's and PostgreSQL's). */
const DATABASE_ERRORS = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  '28P01',
  '28000',
  '3D000',
]);

/** The user name of a connection string, as `createdb --owner` and `pg_restore --role` take it. */
export function databaseUser(connection: string): string {
  try {
    return decodeURIComponent(new URL(connection).username) || '<the user of DATABASE_URL>';
  } catch {
    return '<the user of DATABASE_URL>';
  }
}

/** What an operator needs from a failed start: which setting to change, not a stack trace. */
export function explainStartFailure(
  error: unknown,
  config: { port: number; host: string; databaseUrl?: string },
): string {
  const { code, message } = error as { code?: string; message?: string };
  const text = message ?? String(error);
  if (code === 'EADDRINUSE')
    return `Port ${config.port} on ${config.host} is already in use (is the API already running?). Stop that process or set PORT to another port.`;
  if (code === 'EACCES' || code === 'EADDRNOTAVAIL')
    return `Cannot listen on ${config.host}:${config.port} (${text}). Set HOST and PORT to an address of this machine and a port above 1023.`;
  if (config.databaseUrl && code && DATABASE_ERRORS.has(code))
    return `Cannot open the database of DATABASE_URL (${withoutPassword(config.databaseUrl)}): ${text}.`;
  // 42501 insufficient_privilege: since PostgreSQL 15 only the database's owner may create tables in `public`, and a
  // pg_restore run as another user leaves the tables that user's.
  if (config.databaseUrl && code === '42501') {
    const user = databaseUser(config.databaseUrl);
    return `The user of DATABASE_URL (${withoutPassword(config.databaseUrl)}) may not create or use the shop's tables: ${text}. Make ${user} the owner of the database and its tables (createdb --owner=${user} …; after a restore: pg_restore --no-owner --role=${user} …).`;
  }
  return text;
}
