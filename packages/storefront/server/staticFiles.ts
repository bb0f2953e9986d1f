import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'public, max-age=300, must-revalidate';

export interface StaticFilesOptions {
  /** The built client's `assets` folder (hashed file names). */
  assetsDir: string;
  /** The widget's built files (stable file names). */
  widgetDir: string;
}

/**
 * Built files with @fastify/static (MIME types, ranges, ETags, path checks): `/assets/` are hashed and cached for a
 * year, immutable; `/widget/` keeps stable names for dealer pages, so it is revalidated, and may be loaded by
 * pages of other origins. Compression comes from @fastify/compress on the whole server.
 */
export async function staticFiles(app: FastifyInstance, options: StaticFilesOptions): Promise<void> {
  const serve = (root: string, prefix: string, cacheControl: string, decorateReply: boolean) =>
    app.register(fastifyStatic, {
      root,
      prefix,
      decorateReply,
      // `name.js.br` / `name.js.gz` next to a file are sent as they are (compressed once, at build time, at the
      // best level); without them @fastify/compress compresses while streaming.
      preCompressed: true,
      wildcard: true,
      index: false,
      // The exact Cache-Control strings, not the plugin's max-age arithmetic.
      cacheControl: false,
      setHeaders: (reply) => void reply.header('cache-control', cacheControl),
    });
  await serve(options.assetsDir, '/assets/', IMMUTABLE, true);
  await serve(options.widgetDir, '/widget/', REVALIDATE, false);
}
