import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { compressFor } from './compression';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
  '.map': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
};

interface CachedFile {
  body: Buffer;
  type: string;
  mtime: number;
}

/**
 * Serves files below `root` for URL paths below `prefix`. Hashed build files get a year of immutable caching;
 * others (the widget's stable file names) must be revalidated. Text files are compressed (brotli or gzip).
 * Paths leaving the root answer 404.
 */
export function createStaticHandler(root: string, prefix: string, cacheControl: string) {
  const cache = new Map<string, CachedFile>();
  return async function serve(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<boolean> {
    if (!pathname.startsWith(prefix)) return false;
    let relative: string;
    try {
      relative = decodeURIComponent(pathname.slice(prefix.length));
    } catch {
      return notFound(res);
    }
    const file = normalize(join(root, relative));
    if (!file.startsWith(root.endsWith(sep) ? root : root + sep) || relative.includes('\0'))
      return notFound(res);
    let entry = cache.get(file);
    try {
      const info = await stat(file);
      if (!info.isFile()) return notFound(res);
      if (!entry || entry.mtime !== info.mtimeMs) {
        entry = {
          body: await readFile(file),
          type: TYPES[extname(file)] ?? 'application/octet-stream',
          mtime: info.mtimeMs,
        };
        cache.set(file, entry);
      }
    } catch {
      return notFound(res);
    }
    const encoded = compressFor(req, entry.type, entry.body, file);
    res.writeHead(200, {
      'Content-Type': entry.type,
      'Cache-Control': cacheControl,
      'Content-Length': encoded.body.length,
      'X-Content-Type-Options': 'nosniff',
      ...(encoded.encoding ? { 'Content-Encoding': encoded.encoding, Vary: 'Accept-Encoding' } : {}),
    });
    res.end(req.method === 'HEAD' ? undefined : encoded.body);
    return true;
  };
}

function notFound(res: ServerResponse): true {
  res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
  res.end('Nicht gefunden');
  return true;
}
