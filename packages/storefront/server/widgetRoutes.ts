import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { earlierReleases } from './earlierReleases';
import { IMMUTABLE, REVALIDATE } from './staticFiles';

export interface WidgetRoutesOptions {
  /** The widget's built files (`packages/widget/dist`); its package's `package.json` names the version. */
  widgetDir: string;
  /**
   * Earlier releases' widget builds, one folder per version (`<dir>/0.1.0/lp-widget.js`, a copy of that release's
   * `packages/widget/dist`): served under `/widget/<version>/` like the current one, so a dealer page whose tag pins
   * an earlier version keeps its widget and its lazy chunks after a release (docs/learn/run-in-production.md,
   * "Upgrade and roll back"). Read once, at start.
   */
  releasesDir?: string;
}

/** `/widget/<version>/`, from the widget package's version (read once, at start). */
export function widgetVersionPrefix(widgetDir: string): string {
  const { version } = JSON.parse(readFileSync(join(widgetDir, '..', 'package.json'), 'utf8')) as {
    version: string;
  };
  return `/widget/${encodeURIComponent(version)}/`;
}

/**
 * The widget for dealer pages (DESIGN 9), with @fastify/static:
 * - `/widget/<version>/…` (lp-widget.js, its chunks, the editor's font, manifest.json): a versioned path, so
 *   cached for a year and immutable; the tag that pins it may carry the `integrity` hash of the manifest.
 * - `/widget/…`, the "latest" alias of the same files: revalidated after 5 minutes, so a fix reaches every dealer
 *   page without a new tag (no `integrity` on this one: its content changes).
 * Both are readable from any origin (CORS `*`): a `<script crossorigin="anonymous" integrity=…>` on a dealer's
 * origin is a CORS request, and without the header the browser refuses the script. The cross-origin resource
 * policy for `/widget/` comes from ./securityHeaders. Earlier versions kept in `releasesDir` are served like the
 * current one; another version is a 404. `manifest.json` (written by the
 * widget's build, packages/widget/build/writeManifest.mjs) lists every file with its sha384 hash.
 */
export async function widgetRoutes(app: FastifyInstance, options: WidgetRoutesOptions): Promise<void> {
  const serve = (prefix: string, cacheControl: string, root = options.widgetDir) =>
    app.register(fastifyStatic, {
      root,
      prefix,
      decorateReply: false,
      preCompressed: true,
      wildcard: true,
      index: false,
      // A dot file an operator left in a served folder (`.env`, `.git/`) is a 404, not a download (the plugin's
      // default is to serve it).
      dotfiles: 'ignore',
      // The exact Cache-Control strings, not the plugin's max-age arithmetic.
      cacheControl: false,
      setHeaders: (reply) =>
        void reply.headers({ 'cache-control': cacheControl, 'access-control-allow-origin': '*' }),
    });
  // A storefront built alone (without `pnpm build` of the workspace) would serve every dealer page a 404.
  if (!existsSync(join(options.widgetDir, 'lp-widget.js')))
    console.error(
      `[warn] storefront: ${join(options.widgetDir, 'lp-widget.js')} is missing; /widget/ answers 404 until the widget is built (pnpm build)`,
    );
  let versioned: string | undefined;
  try {
    versioned = widgetVersionPrefix(options.widgetDir);
  } catch (error) {
    console.error(
      `[warn] storefront: no widget version (${(error as Error).message}); only /widget/ (latest) is served`,
    );
  }
  // The more specific prefix wins in Fastify's router, so /widget/<version>/x never falls to the alias.
  if (versioned) await serve(versioned, IMMUTABLE);
  for (const { version, dir } of earlierReleases(options.releasesDir, 'lp-widget.js', 'widget')) {
    const prefix = `/widget/${version}/`;
    // The current build wins over a copy of the same version.
    if (prefix !== versioned) await serve(prefix, IMMUTABLE, dir);
  }
  await serve('/widget/', REVALIDATE);
}
