import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { earlierReleases } from './earlierReleases';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'public, max-age=300, must-revalidate';

export interface StaticFilesOptions {
  /** The built client's `assets` folder (hashed file names). */
  assetsDir: string;
  /** The @lp/sdk package folder: its `package.json` names the version, `dist/browser` holds `sdk.js`. */
  sdkDir: string;
  /**
   * Earlier releases' SDK browser builds, one folder per version (`<dir>/0.1.1/sdk.js`, a copy of that release's
   * `packages/sdk/dist/browser`): served under `/sdk/<version>/` like the current one, so a page that imports an
   * earlier version keeps working after a release (docs/learn/run-in-production.md, "Upgrade and roll back").
   */
  sdkReleasesDir?: string;
}

/** The SDK's browser build's URL folder, `/sdk/<version>/`, from the package's version (read once, at start). */
function sdkPrefix(sdkDir: string): string {
  const { version } = JSON.parse(readFileSync(join(sdkDir, 'package.json'), 'utf8')) as { version: string };
  return `/sdk/${encodeURIComponent(version)}/`;
}

/**
 * Built files with @fastify/static (MIME types, ranges, ETags, path checks): `/assets/` are hashed and cached for a
 * year, immutable (the widget's `/widget/` has its own module, ./widgetRoutes). `/sdk/<version>/` is the SDK's browser build (`sdk.js`) for pages without a bundler: a
 * versioned path, so cached for a year and immutable, and readable by module scripts of any origin (CORS `*`; the
 * cross-origin resource policy comes from ./securityHeaders). Another version is a 404. Compression comes from
 * @fastify/compress on the whole server.
 */
export async function staticFiles(app: FastifyInstance, options: StaticFilesOptions): Promise<void> {
  const serve = (
    root: string,
    prefix: string,
    cacheControl: string,
    decorateReply: boolean,
    headers: Record<string, string> = {},
  ) =>
    app.register(fastifyStatic, {
      root,
      prefix,
      decorateReply,
      // `name.js.br` / `name.js.gz` next to a file are sent as they are (compressed once, at build time, at the
      // best level); without them @fastify/compress compresses while streaming.
      preCompressed: true,
      wildcard: true,
      index: false,
      // A dot file an operator left in a served folder (`.env`, `.git/`) is a 404, not a download (the plugin's
      // default is to serve it).
      dotfiles: 'ignore',
      // The exact Cache-Control strings, not the plugin's max-age arithmetic.
      cacheControl: false,
      setHeaders: (reply) => void reply.headers({ 'cache-control': cacheControl, ...headers }),
    });
  await serve(options.assetsDir, '/assets/', IMMUTABLE, true);
  // Any other version is a 404, not a page (the shop's own routes would redirect an unknown path to /404).
  app.get('/sdk/*', (_request, reply) => reply.callNotFound());
  const serveSdk = (root: string, prefix: string) =>
    serve(root, prefix, IMMUTABLE, false, { 'access-control-allow-origin': '*' });
  // A missing SDK is no reason to refuse the shop: /sdk/ answers 404 until `pnpm --filter @lp/sdk build` has run.
  const sdkDist = join(options.sdkDir, 'dist', 'browser');
  let current: string | undefined;
  try {
    current = sdkPrefix(options.sdkDir);
  } catch (error) {
    console.error(`[warn] storefront: no SDK version (${(error as Error).message}); /sdk/ answers 404`);
  }
  if (current) {
    if (!existsSync(join(sdkDist, 'sdk.js'))) {
      console.error(
        `[warn] storefront: ${sdkDist}/sdk.js is missing; ${current}sdk.js answers 404 until it is built`,
      );
    }
    await serveSdk(sdkDist, current);
  }
  for (const { version, dir } of earlierReleases(options.sdkReleasesDir, 'sdk.js', 'SDK')) {
    // The current build wins over a copy of the same version.
    if (`/sdk/${version}/` !== current) await serveSdk(dir, `/sdk/${version}/`);
  }
}
