#!/usr/bin/env node
// Builds every package, then starts the whole product on its embedded defaults and prints the URLs:
// the API (embedded PGlite in .data/), the shop on one origin, and the dealer example on another origin.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { serveDealerSite } from './serveDealerSite.mjs';
import { serveShop } from './serveShop.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Stops the start with one line an operator can act on (no stack trace). */
function fail(message) {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

function portOf(name, fallback) {
  const raw = process.env[name]?.trim();
  if (!raw) return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65_535)
    fail(`${name} must be a port number between 1 and 65535, got '${raw}'.`);
  return port;
}

/** Whether `port` can be listened on: its error code when not (EADDRINUSE: taken). */
function tryListen(port, host) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', (error) => resolve(error.code ?? error.message));
    server.listen(port, host, () => server.close(() => resolve(null)));
  });
}

const host = process.env.HOST || '127.0.0.1';
const apiPort = portOf('API_PORT', 4000);
const shopPort = portOf('SHOP_PORT', 3000);
const dealerPort = portOf('DEALER_PORT', 4100);
// Before the build and before the data folder is opened: a shop already running (another terminal) is the usual
// cause, and saying so beats a stack trace after a minute of building.
for (const [name, port] of [
  ['API_PORT', apiPort],
  ['SHOP_PORT', shopPort],
  ['DEALER_PORT', dealerPort],
]) {
  const problem = await tryListen(port, host);
  if (problem === 'EADDRINUSE')
    fail(
      `Port ${port} (${name}) on ${host} is already in use: is the shop already running in another terminal? Stop it (Ctrl+C there), or choose free ports, e.g. API_PORT=4001 SHOP_PORT=3001 DEALER_PORT=4101 pnpm start.`,
    );
  if (problem) fail(`Cannot listen on ${host}:${port} (${name}): ${problem}. Check HOST and ${name}.`);
}
const apiUrl = process.env.API_URL || `http://${host}:${apiPort}`;
const shopUrl = `http://${host}:${shopPort}`;
const dealerUrl = `http://${host}:${dealerPort}`;
// The API must accept the shop on the port actually used (checkout returns), under either loopback name, plus any
// extra origins from CORS_ORIGINS (comma-separated). The dealer page's origins come from its dealer registration.
const corsOrigins = [
  ...new Set([
    shopUrl,
    `http://127.0.0.1:${shopPort}`,
    `http://localhost:${shopPort}`,
    ...(process.env.CORS_ORIGINS ?? '')
      .split(',')
      .map((origin) => origin.trim().replace(/\/+$/, ''))
      .filter(Boolean),
  ]),
];

if (process.env.LP_SKIP_BUILD !== '1') {
  process.stdout.write('Building the packages (set LP_SKIP_BUILD=1 to skip)...\n');
  const build = spawnSync('pnpm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const importBuilt = (path) => import(pathToFileURL(join(root, path)).href);
// The storefront renders with React's production build, as its own start does (packages/storefront/server/main.ts);
// set after the build, before anything loads React. An operator's own NODE_ENV wins.
process.env.NODE_ENV ??= 'production';

// The storefront's /api proxy proves itself to the API with this secret, so the API counts each shopper's limits
// under their own address instead of the storefront's (docs/learn/run-in-production.md). A fresh one per start
// unless given; the storefront reads it from the environment.
const proxySecret = process.env.LP_PROXY_SECRET || randomBytes(32).toString('hex');
process.env.LP_PROXY_SECRET = proxySecret;

const { startApi, loadConfig, runDealerCli } = await importBuilt('packages/api/dist/index.js');
/** What is running, closed in reverse order on Ctrl+C, SIGTERM or a failed start. */
const running = [];
async function closeAll() {
  await Promise.allSettled(running.reverse().map((part) => part.close()));
}
const dataDir = process.env.DATA_DIR || join(root, '.data', 'pglite');

// The dealer example's tag carries data-dealer="autohaus-muster": register that dealer for the example's origins, as
// a shop operator would (`lp-api dealer add`, docs/reference/dealers.md). Idempotent: a second start only adds
// origins that are missing. Runs before the API opens the PGlite folder, which allows one process at a time.
const dealerOrigins = [dealerUrl, `http://127.0.0.1:${dealerPort}`, `http://localhost:${dealerPort}`];
const quiet = { out() {}, err() {} };
const dealerEnv = { DATA_DIR: dataDir, DATABASE_URL: process.env.DATABASE_URL };
const exampleDealer = ['--id', 'autohaus-muster', '--name', 'Autohaus Muster (Beispiel)'];
let api;
let shop;
let dealer;
try {
  // The API's own environment settings (RATE_LIMIT_*, TRUST_PROXY for a proxy in front of it, LOG), checked first.
  const config = loadConfig();
  const added = await runDealerCli(
    ['add', ...exampleDealer, ...[...new Set(dealerOrigins)].flatMap((o) => ['--origin', o])],
    {
      env: dealerEnv,
      output: quiet,
    },
  );
  if (added !== 0) {
    for (const origin of new Set(dealerOrigins)) {
      await runDealerCli(['add-origin', '--id', 'autohaus-muster', '--origin', origin], {
        env: dealerEnv,
        output: quiet,
      });
    }
  }
  api = await startApi({
    // The ones below follow from the ports this script uses.
    ...config,
    port: apiPort,
    host,
    dataDir,
    databaseUrl: process.env.DATABASE_URL,
    uploadDir: process.env.UPLOAD_DIR || join(root, '.data', 'uploads'),
    publicUrl: apiUrl,
    corsOrigins,
    proxySecret,
  });
  running.push(api);
  shop = await serveShop({ root, host, port: shopPort, apiUrl, importBuilt });
  running.push(shop);
  dealer = await serveDealerSite({ root, host, port: dealerPort, apiUrl, shopUrl });
  running.push(dealer);
} catch (error) {
  // The API's data folder is closed as a clean stop closes it before the process ends.
  await closeAll();
  fail(`The shop did not start: ${error instanceof Error ? error.message : String(error)}`);
}

const urls = [
  ['Shop (storefront)', shop.url],
  ['Configurator widget', `${shop.url}/number-banner`],
  ['Dealer example (2nd origin)', dealer.url],
  ['Shop API', api.url],
];
process.stdout.write(
  `\nlp-shop is running:\n${urls.map(([name, url]) => `  ${name.padEnd(29)}${url}`).join('\n')}\n\nPress Ctrl+C to stop.\n`,
);

let stopping = false;
async function shutdown() {
  // A second Ctrl+C while the database closes must not cut the close short.
  if (stopping) return;
  stopping = true;
  process.stdout.write('Stopping...\n');
  await closeAll();
  process.exit(0);
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
// A closed terminal: close the database as Ctrl+C does instead of dying with it open.
process.on('SIGHUP', shutdown);
