/**
 * Runs this example as shipped: builds the widget if dist/ is missing, starts an in-memory shop API that allows
 * this page's origin, and serves index.html with the widget build under /widget/. Prints the page URL.
 *
 *   pnpm --filter @lp/example-web-components start
 *
 * PORT (default 4200; 0 picks a free one) is the page's port. LP_API_URL uses a running API instead (it must list
 * this page's origin in its CORS_ORIGINS). The banner's "Zum Warenkorb" leads to the shop at SHOP_URL (default
 * http://127.0.0.1:3000, where `pnpm start` runs it).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyReply } from 'fastify';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '../..');
const widgetDist = join(root, 'packages/widget/dist');
const host = process.env.HOST || '127.0.0.1';

if (!existsSync(join(widgetDist, 'lp-widget.js'))) {
  process.stdout.write('Building the widget (packages/widget/dist)...\n');
  const build = spawnSync('pnpm', ['--filter', '@lp/widget', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

let html = '';
const app = Fastify();
// The widget's build under /widget/, as the shop serves it; the page's own script and style beside index.html.
await app.register(fastifyStatic, { root: widgetDist, prefix: '/widget/', index: false });
// The page server listens first (the API must allow its origin), so until the API runs, a visitor of the default
// port gets a plain "starting" answer instead of an empty page.
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
app.get('/events.js', (_request, reply) => reply.sendFile('events.js', here));
app.get('/page.css', (_request, reply) => reply.sendFile('page.css', here));
// The page has none; spares the console a 404.
app.get('/favicon.ico', (_request, reply) => reply.code(204).send());
await app.listen({ port: Number(process.env.PORT ?? 4200), host });
const pageUrl = `http://${host}:${(app.server.address() as AddressInfo).port}`;

async function startOwnApi(): Promise<{ url: string; close(): Promise<void> }> {
  const { startApi } = await import('@lp/api');
  return startApi({ port: 0, host, dataDir: 'memory', rateLimit: false, corsOrigins: [pageUrl] });
}
const api = process.env.LP_API_URL
  ? { url: process.env.LP_API_URL, close: async () => {} }
  : await startOwnApi();

// index.html names the local defaults of `pnpm start` (widget on the shop at 3000, API at 4000).
html = readFileSync(join(here, 'index.html'), 'utf8')
  .replaceAll('http://127.0.0.1:3000/widget', `${pageUrl}/widget`)
  .replaceAll('http://127.0.0.1:4000', api.url)
  .replaceAll('http://127.0.0.1:3000', process.env.SHOP_URL || 'http://127.0.0.1:3000');

process.stdout.write(`web-components example: ${pageUrl}/ (API ${api.url})\nPress Ctrl+C to stop.\n`);

async function stop() {
  await Promise.allSettled([app.close(), api.close()]);
  process.exit(0);
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
