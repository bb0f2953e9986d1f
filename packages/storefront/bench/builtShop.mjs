// The production builds of the API and the storefront, started in this process as `pnpm start` serves them (API on
// an in-memory database, no rate limits): what the browser benches measure.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * Starts the built API and storefront on free ports; `apiDist`/`shopDist` name other builds (an A/B of two commits).
 * Fails with the build command to run when a build is missing.
 *
 * @param {{ root: string; apiDist?: string; shopDist?: string }} options
 */
export async function startBuiltShop({ root, apiDist, shopDist }) {
  const apiEntry = join(apiDist || join(root, 'packages/api/dist'), 'index.js');
  const shopEntry = join(shopDist || join(root, 'packages/storefront/dist'), 'server', 'index.js');
  for (const [file, pkg] of [
    [apiEntry, '@lp/api'],
    [shopEntry, '@lp/storefront'],
  ]) {
    if (!existsSync(file)) throw new Error(`${file} is missing: run \`pnpm --filter ${pkg} build\``);
  }
  // As `pnpm start` (scripts/start.mjs) and the storefront's own start (server/main.ts): React's production build,
  // chosen by NODE_ENV when React first loads (below). Unset, the pages were rendered with the development build.
  process.env.NODE_ENV ??= 'production';
  const { startApi } = await import(pathToFileURL(apiEntry).href);
  const { startStorefront } = await import(pathToFileURL(shopEntry).href);
  const api = await startApi({ port: 0, dataDir: 'memory', rateLimit: false });
  const shop = await startStorefront({ port: 0, apiUrl: api.url });
  return { api, shop };
}
