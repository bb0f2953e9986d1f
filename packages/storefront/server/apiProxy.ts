import { type IncomingMessage, type ServerResponse, request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
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

/**
 * Forwards `/api/*` to the shop API, so the browser talks to its own origin (no CORS, the anti-forgery cookie
 * works as designed, DESIGN 2). Catalogue and content answers with HTML are sanitised on the way (see
 * sanitizeBody.ts); everything else streams through unchanged.
 */
export function createApiProxy(apiUrl: string) {
  const target = new URL(apiUrl);
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return function proxy(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? '/', 'http://storefront.invalid');
    const clean = needsSanitising(url.pathname) && req.method === 'GET';
    const headers: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (value === undefined || HOP_BY_HOP.has(name) || name === 'host') continue;
      // Server-to-server call: the browser's origin is the storefront's, which the API need not list.
      if (name === 'origin' || name === 'referer') continue;
      if (clean && name === 'accept-encoding') continue;
      headers[name] = value;
    }
    headers['x-forwarded-host'] = req.headers.host ?? '';
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
              sanitizeApiBody(url.pathname, JSON.parse(Buffer.concat(chunks).toString('utf8'))),
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
    upstream.on('error', () => fail(res, 'The shop API is not reachable.'));
    req.pipe(upstream);
  };
}

function fail(res: ServerResponse, message: string) {
  if (res.headersSent) return void res.destroy();
  res.writeHead(502, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ status: 502, message }));
}
