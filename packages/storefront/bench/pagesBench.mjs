#!/usr/bin/env node
// `pnpm --filter @lp/storefront bench:pages`: the storefront's own server under a crowd (a newsletter sends 300
// shoppers within a minute). The built storefront (one process, as `pnpm start` runs it) in front of the built API
// (one process), on a throwaway PostgreSQL cluster and on embedded PGlite; autocannon at 16 and 64 connections on the
// home page, a category, a product page and /cart with a cart cookie (each connection its own cart), asking for
// brotli/gzip as a browser does; then a crowd of 400 connections on the product page (PGlite), beyond capacity.
// Per line: answers/s, p50/p99, errors and non-2xx (shed 503s), and the CPU µs per answer of the storefront process
// and of the API process (+ the PostgreSQL server), read from /proc (../../api/bench/procCpu.mjs).
// Not part of CI and of no budget: figures to compare before/after on one machine. Bounded: about a minute.
// BENCH_SECONDS (default 1) measured per line after BENCH_WARMUP_SECONDS (0.5) on the same connections;
// BENCH_PARTS=postgres,pglite,crowd (default all); BENCH_CONNECTIONS=16,64; BENCH_CROWD=400; BENCH_SHOP_DIST another
// storefront build (pagesProcesses.mjs); BENCH_PROF=1 writes CPU profiles of both servers to /tmp/prof. Build first:
// `pnpm --filter @lp/api build && pnpm --filter @lp/storefront build`.
import { loadavg } from 'node:os';
import { withPostgres } from '../../../scripts/withPostgres.mjs';
import { addBody } from '../../api/bench/addBody.mjs';
import { cpuNow, findPostmaster } from '../../api/bench/procCpu.mjs';
import { killPagesProcesses, measuredRun, startPagesServer } from './pagesProcesses.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 1);
const WARMUP = Number(process.env.BENCH_WARMUP_SECONDS ?? 0.5);
const PARTS = (process.env.BENCH_PARTS ?? 'postgres,pglite,crowd').split(',');
// The crowd line (with the PGlite part): connections on the product page, far beyond what one process renders.
const CROWD = Number(process.env.BENCH_CROWD ?? 400);
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '16,64').split(',').map(Number);
const MAX_CONNECTIONS = Math.max(...CONNECTIONS);
const BROWSER = { accept: 'text/html', 'accept-encoding': 'br, gzip' };

/** The pages a crowd opens: path and, for the cart, each connection's own cart cookie. */
const PAGES = [
  { name: 'home /', path: '/' },
  { name: 'category', path: '/kategorie/funschilder' },
  { name: 'product', path: '/funschild' },
  { name: '/cart (1 line)', path: '/cart', carts: true },
];

async function seedCarts(apiUrl, count) {
  const guids = [];
  for (let i = 0; i < count; i++) {
    const res = await fetch(`${apiUrl}/api/Cart/addCartItem`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: addBody(i),
    });
    if (!res.ok) throw new Error(`seeding a cart failed: ${res.status} ${await res.text()}`);
    guids.push((await res.json()).cartGuid);
  }
  return guids;
}

function pageLoad(shopUrl, page, connections, guids) {
  const options = { url: `${shopUrl}${page.path}`, connections, headers: BROWSER };
  if (!page.carts) return options;
  let next = 0;
  const request = (guid) => ({
    method: 'GET',
    path: page.path,
    headers: { ...BROWSER, cookie: `lp_cart=${guid}` },
  });
  return {
    ...options,
    requests: [request(guids[0])],
    setupClient: (client) => client.setRequests([request(guids[next++ % guids.length])]),
  };
}

const rows = [];

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

async function measure(store, page, connections, load, pids) {
  const cpu = () => ({
    shop: cpuNow({ api: [pids.shop] }).api,
    api: cpuNow({ api: [pids.api], postmaster: pids.pg }),
  });
  const window = await measuredRun(load, { warmupS: WARMUP, seconds: SECONDS, cpu });
  const { before, after } = window.cpu;
  const requests = Math.max(1, window.requests);
  const latencies = window.latencies.sort((a, b) => a - b);
  const ok = Object.entries(window.statuses).reduce((sum, [status, n]) => sum + (status < 300 ? n : 0), 0);
  const row = {
    store,
    page: page.name,
    conn: connections,
    'req/s': Math.round(window.requests / SECONDS),
    // Pages served (2xx) per second: below req/s when the storefront sheds (503 at once) or pages miss the API wait.
    '2xx/s': Math.round(ok / SECONDS),
    'p50 ms': Math.round(percentile(latencies, 50)),
    'p99 ms': Math.round(percentile(latencies, 99)),
    'shop µs/page': Math.round((after.shop - before.shop) / requests),
    'API µs/page': Math.round((after.api.api - before.api.api) / requests),
    'PG µs/page': pids.pg ? Math.round((after.api.pg - before.api.pg) / requests) : '',
    'KB/page': Math.round(window.bytes / requests / 102.4) / 10,
    errors: window.errors,
    'non-2xx': window.requests - ok,
    load: loadavg()[0].toFixed(1),
  };
  rows.push(row);
  process.stderr.write(
    `  ${store} ${page.name} @${connections}: ${row['req/s']} req/s, p99 ${row['p99 ms']} ms\n`,
  );
}

async function benchStore(store, databaseUrl, crowd = false) {
  const pg = databaseUrl ? await findPostmaster(databaseUrl) : null;
  const api = await startPagesServer('api', databaseUrl ? { BENCH_DATABASE_URL: databaseUrl } : {});
  const shop = await startPagesServer('shop', { API_URL: api.url });
  try {
    const guids = await seedCarts(api.url, MAX_CONNECTIONS);
    const pids = { shop: shop.pid, api: api.pid, pg };
    for (const connections of CONNECTIONS)
      for (const page of PAGES)
        await measure(store, page, connections, pageLoad(shop.url, page, connections, guids), pids);
    // Beyond capacity: the pages above the storefront's bound are shed (503 at once), the others served.
    if (crowd) await measure(store, PAGES[2], CROWD, pageLoad(shop.url, PAGES[2], CROWD, guids), pids);
  } finally {
    await shop.stop();
    await api.stop();
  }
}

process.on('exit', killPagesProcesses);
const started = Date.now();
if (PARTS.includes('postgres')) {
  const outcome = await withPostgres((databaseUrl) => benchStore('PostgreSQL', databaseUrl));
  if (outcome?.skipped) process.stderr.write(`PostgreSQL part skipped: ${outcome.skipped}\n`);
}
if (PARTS.includes('pglite')) await benchStore('PGlite', undefined, PARTS.includes('crowd'));
console.log(
  `Storefront pages: 1 storefront + 1 API process, ${SECONDS} s measured per line after ${WARMUP} s on the same connections, Node ${process.version}, ` +
    `${Math.round((Date.now() - started) / 1000)} s in all; load = 1-min load average at the line's end`,
);
console.table(rows);
