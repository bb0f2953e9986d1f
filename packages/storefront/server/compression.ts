import type { IncomingMessage } from 'node:http';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml)|image\/svg)/;
const memo = new Map<string, { body: Buffer; encoding: string }>();

/**
 * Compresses a response body for the client's Accept-Encoding: brotli, else gzip, else none. Static files are
 * compressed once (memoised by `cacheKey`); pages are compressed per request at a fast level.
 */
export function compressFor(
  req: IncomingMessage,
  type: string,
  body: Buffer,
  cacheKey?: string,
): { body: Buffer; encoding?: string } {
  if (body.length < 1024 || !COMPRESSIBLE.test(type)) return { body };
  const accept = String(req.headers['accept-encoding'] ?? '');
  const encoding = /\bbr\b/.test(accept) ? 'br' : /\bgzip\b/.test(accept) ? 'gzip' : undefined;
  if (!encoding) return { body };
  const key = cacheKey ? `${encoding}:${cacheKey}:${body.length}` : undefined;
  const hit = key ? memo.get(key) : undefined;
  if (hit) return hit;
  const compressed =
    encoding === 'br'
      ? brotliCompressSync(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: cacheKey ? 11 : 4,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        })
      : gzipSync(body, { level: cacheKey ? 9 : 6 });
  const result = { body: compressed, encoding };
  if (key) memo.set(key, result);
  return result;
}
