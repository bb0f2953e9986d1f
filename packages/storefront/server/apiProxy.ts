import { type IncomingMessage, type ServerResponse, request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { onlyApiCookies } from './apiCookies';
import { clientAddressOf } from './clientAddress';
import { needsSanitising, sanitizeApiBody } from './sanitizeBody';

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
  'proxy-connection',
  'te',
  'trailer',
]);
const MAX_SANITISED_BYTES = 20 * 1024 * 1024;
const DEFAULT_TIMEOUT_MS = 15_000;

/** Options of {@link createApiProxy}. */
export interface ApiProxyOptions {
  /** The storefront's own protocol ('http' or 'https'), sent as X-Forwarded-Proto. */
  proto?: string;
  /** How long the API may take to answer before the browser gets a 504. */
  timeoutMs?: number;
  /**
   * The secret shared with the API (env LP_PROXY_SECRET on both): sent in X-LP-Proxy-Secret, it tells the API that
   * this X-Forwarded-For is the storefront's word, so each shopper gets their own rate-limit bucket.
   */
  secret?: string;
  /** Load balancers in front of the storefront whose X-Forwarded-For names the shopper (see clientAddress.ts). */
  trustedProxies?: readonly string[];
}

/**
 * The path as the API's router will see it: percent-escapes decoded, trailing slashes gone, so `/api/v1/page/` and
 * `/api/v1/pag%65` meet the same sanitising check as `/api/v1/page`. Null when the escapes are malformed.
 */
export function normaliseApiPath(pathname: string): string | null {
  try {
    return decodeURIComponent(pathname).replace(/\/+$/, '') || '/';
  } catch {
    return null;
  }
}

/** The header carrying {@link ApiProxyOptions.secret} (the API's PROXY_SECRET_HEADER). */
const SECRET_HEADER = 'x-lp-proxy-secret';

/** Forwarding headers come from the storefront alone; a browser's own x-forwarded-*, forwarded or secret is a lie. */
const isForwardingHeader = (name: string) =>
  name === 'forwarded' || name.startsWith('x-forwarded-') || name === SECRET_HEADER;

/**
 * Forwards `/api/*` to the shop API, so the browser talks to its own origin (no CORS, the anti-forgery cookie
 * works as designed, DESIGN 2). Catalogue and content answers with HTML are sanitised on the way (see
 * sanitizeBody.ts); everything else streams through unchanged.
 */
export function createApiProxy(apiUrl: string, options: ApiProxyOptions = {}) {
  const target = new URL(apiUrl);
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  const proto = options.proto ?? 'http';
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  return function proxy(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? '/', 'http://storefront.invalid');
    const checked = normaliseApiPath(url.pathname);
    if (checked === null) {
      fail(res, 'The request path is malformed.', 400);
      return;
    }
    const clean = needsSanitising(checked) && req.method === 'GET';
    const headers: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (value === undefined || HOP_BY_HOP.has(name) || name === 'host') continue;
      if (isForwardingHeader(name)) continue;
      // Server-to-server call: the browser's origin is the storefront's, which the API need not list.
      if (name === 'origin' || name === 'referer') continue;
      if (clean && name === 'accept-encoding') continue;
      if (name === 'cookie') {
        const own = onlyApiCookies(value);
        if (own) headers[name] = own;
        continue;
      }
      headers[name] = value;
    }
    headers['x-forwarded-host'] = req.headers.host ?? '';
    headers['x-forwarded-for'] = clientAddressOf(req, options.trustedProxies ?? []);
    headers['x-forwarded-proto'] = proto;
    if (options.secret) headers[SECRET_HEADER] = options.secret;
    const upstream = send(
      {
        protocol: target.protocol,
        hostname: target.hostname,
        port: target.port,
        method: req.method,
        path: `${target.pathname.replace(/\/$/, '')}${url.pathname}${url.search}`,
        headers,
      },
      (answer) => {
        const out: Record<string, string | string[]> = {};
        for (const [name, value] of Object.entries(answer.headers)) {
          if (value !== undefined && !HOP_BY_HOP.has(name)) out[name] = value;
        }
        const status = answer.statusCode ?? 502;
        if (!clean || status !== 200) {
          res.writeHead(status, out);
          answer.pipe(res);
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        answer.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size <= MAX_SANITISED_BYTES) chunks.push(chunk);
        });
        answer.on('end', () => {
          let body: string;
          try {
            body = JSON.stringify(
              sanitizeApiBody(checked, JSON.parse(Buffer.concat(chunks).toString('utf8'))),
            );
          } catch {
            return fail(res, 'The shop API answered with invalid JSON.');
          }
          delete out['content-length'];
          res.writeHead(200, { ...out, 'content-length': Buffer.byteLength(body) });
          res.end(body);
        });
      },
    );
    let timedOut = false;
    upstream.setTimeout(timeoutMs, () => {
      timedOut = true;
      upstream.destroy();
      fail(res, 'The shop API did not answer in time.', 504);
    });
    upstream.on('error', () => {
      if (!timedOut) fail(res, 'The shop API is not reachable.');
    });
    // The browser went away (closed tab, aborted fetch): stop the API request instead of finishing it for nobody.
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    req.pipe(upstream);
  };
}

function fail(res: ServerResponse, message: string, status = 502) {
  if (res.writableEnded || res.destroyed) return;
  if (res.headersSent) return void res.destroy();
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ status, message }));
}
