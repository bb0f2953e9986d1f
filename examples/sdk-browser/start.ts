/**
 * Runs this example as shipped: builds the SDK and the storefront if their dist is missing, starts an in-memory
 * shop API that allows this page's origin, the storefront (which serves the SDK's browser build under
 * /sdk/<version>/sdk.js) and a server for index.html. Prints the page URL.
 *
 *   pnpm --filter @lp/example-sdk-browser start
 *
 * PORT (default 4300; 0 picks a free one) is the page's port. LP_API_URL uses a running API instead (it must list
 * this page's origin in its CORS_ORIGINS); SHOP_URL a running storefront instead of one on a free port.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyReply } from 'fastify';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '../..');
const host = process.env.HOST || '127.0.0.1';

for (const [name, built] of [
  ['@lp/sdk', 'packages/sdk/dist/browser/sdk.js'],
  ['@lp/storefront', 'packages/storefront/dist/server/entry-server.js'],
] as const) {
  if (existsSync(join(root, built)) || (name === '@lp/storefront' && process.env.SHOP_URL)) continue;
  process.stdout.write(`Building ${name} (${built} is missing)...\n`);
  const build = spawnSync('pnpm', ['--filter', name, 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

let html = '';
const app = Fastify();
// The page server listens first (the API must allow its origin), so until the API and the shop run, a visitor of
// the default port gets a plain "starting" answer instead of an empty page.
const sendPage = async (_request: unknown, reply: FastifyReply) =>
  html
    ? reply.type('text/html; charset=utf-8').send(html)
    : reply
        .code(503)
        .header('retry-after', '1')
        .type('text/plain; charset=utf-8')
        .send('Das Beispiel startet noch …');
app.get('/', sendPage);
app.get('/index.html', sendPage);
// The page has none; spares the console a 404.
app.get('/favicon.ico', (_request, reply) => reply.code(204).send());
await app.listen({ port: Number(process.env.PORT ?? 4300), host });
const pageUrl = `http://${host}:${(app.server.address() as AddressInfo).port}`;

interface Running {
  url: string;
  close(): Promise<void>;
}
const external = (url: string): Running => ({ url: url.replace(/\/+$/, ''), close: async () => {} });

async function startOwnApi(): Promise<Running> {
  const { startApi } = await import('@lp/api');
  return startApi({ port: 0, host, dataDir: 'memory', rateLimit: false, corsOrigins: [pageUrl] });
}
const api = process.env.LP_API_URL ? external(process.env.LP_API_URL) : await startOwnApi();

async function startOwnShop(): Promise<Running> {
  const { startStorefront } = await import('@lp/storefront');
  return startStorefront({ port: 0, host, apiUrl: api.url });
}
const shop = process.env.SHOP_URL ? external(process.env.SHOP_URL) : await startOwnShop();

// index.html names the local defaults of `pnpm start` (shop at 3000, API at 4000).
html = readFileSync(join(here, 'index.html'), 'utf8')
  .replaceAll('http://127.0.0.1:3000', shop.url)
  .replaceAll('http://127.0.0.1:4000', api.url);

process.stdout.write(
  `sdk-browser example: ${pageUrl}/ (shop ${shop.url}, API ${api.url})\nPress Ctrl+C to stop.\n`,
);

async function stop() {
  await Promise.allSettled([app.close(), shop.close(), api.close()]);
  process.exit(0);
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
