// API load test (DESIGN 7): autocannon at 64 connections on loopback against a bare Fastify route, getCart and
// addCartItem on the built API (in-memory PGlite, rate limit off). Prints req/s, p99, the ratio to the bare
// route and the process's CPU time per request (all threads: autocannon, HTTP and the database thread; steadier
// than req/s on a busy machine); exits non-zero on any error or non-2xx answer. Run: pnpm --filter @lp/api bench
import { readdirSync, readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { startApi } from '../dist/index.js';

const CONNECTIONS = 64;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const WARMUP_S = 1;
const CARTS = 512;

/**
 * CPU time (µs) of each thread of this process, from Linux's /proc (empty elsewhere): the main thread runs
 * autocannon and the HTTP work, the busiest other thread is the database's. On a quiet 2-core machine the busier
 * of the two bounds the throughput.
 */
function threadCpu() {
  const threads = new Map();
  try {
    for (const tid of readdirSync('/proc/self/task')) {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // utime and stime, in clock ticks of 10 ms.
      threads.set(tid, (Number(fields[11]) + Number(fields[12])) * 10_000);
    }
  } catch {
    // Not Linux: the table leaves the per-thread columns empty.
  }
  return threads;
}

function perThread(before, after, requests) {
  if (after.size === 0) return {};
  const main = String(process.pid);
  const used = (tid) => (after.get(tid) - (before.get(tid) ?? 0)) / requests;
  const others = [...after.keys()].filter((tid) => tid !== main).map(used);
  return { mainUs: used(main), otherUs: Math.max(0, ...others) };
}

function run(name, options) {
  return new Promise((resolve, reject) => {
    autocannon({ connections: CONNECTIONS, pipelining: 1, ...options }, (error, result) =>
      error ? reject(error) : resolve({ name, result }),
    );
  });
}

async function measure(name, options) {
  await run(`${name} warm-up`, { ...options, duration: WARMUP_S });
  const cpu = process.cpuUsage();
  const threads = threadCpu();
  const measured = await run(name, { ...options, duration: DURATION_S });
  const used = process.cpuUsage(cpu);
  const requests = measured.result.requests.total;
  return {
    ...measured,
    cpuUs: (used.user + used.system) / requests,
    ...perThread(threads, threadCpu(), requests),
  };
}

const bare = Fastify({ logger: false });
bare.get('/bare', async () => ({ ok: true }));
await bare.listen({ port: 0, host: '127.0.0.1' });
const bareUrl = `http://127.0.0.1:${bare.server.address().port}`;

// BENCH_DATABASE_URL runs the same load against a PostgreSQL server (an empty database; it is migrated and seeded).
const databaseUrl = process.env.BENCH_DATABASE_URL;
const api = await startApi({
  port: 0,
  rateLimit: false,
  ...(databaseUrl ? { databaseUrl } : { dataDir: 'memory' }),
});
const addBody = (i) =>
  JSON.stringify({
    productUniqueId: `KZH-0${String(1 + (i % 28)).padStart(2, '0')}`,
    quantity: 1,
    addData: [{ count: 1, info: { Alias: 'bench', Title: 'bench', Attributes: {} } }],
  });

// Several carts, so the load spreads like real shoppers instead of queueing on one cart's row lock.
const guids = [];
for (let i = 0; i < CARTS; i++) {
  const res = await fetch(`${api.url}/api/Cart/addCartItem`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: addBody(i),
  });
  if (!res.ok) throw new Error(`seeding carts failed: ${res.status} ${await res.text()}`);
  guids.push((await res.json()).cartGuid);
}

const results = [];
try {
  results.push(await measure('bare Fastify route', { url: `${bareUrl}/bare` }));
  results.push(
    await measure('GET getCart', {
      url: api.url,
      requests: guids.map((guid) => ({
        method: 'GET',
        path: '/api/Cart/getCart',
        headers: { CartGuid: guid },
      })),
    }),
  );
  results.push(
    await measure('POST addCartItem', {
      url: api.url,
      requests: guids.map((guid, i) => ({
        method: 'POST',
        path: '/api/Cart/addCartItem',
        headers: { CartGuid: guid, 'content-type': 'application/json' },
        body: addBody(i + 7),
      })),
    }),
  );
} finally {
  await api.close();
  await bare.close();
}

const base = results[0].result.requests.average;
const rows = results.map(({ name, result, cpuUs, mainUs, otherUs }) => ({
  endpoint: name,
  'req/s': Math.round(result.requests.average),
  'p99 ms': result.latency.p99,
  'ratio vs bare': `${Math.round((result.requests.average / base) * 100)} %`,
  'CPU us/req': Math.round(cpuUs),
  'main thread': mainUs === undefined ? '' : Math.round(mainUs),
  'db thread': otherUs === undefined ? '' : Math.round(otherUs),
  errors: result.errors + result.timeouts,
  'non-2xx': result.non2xx,
}));
const store = databaseUrl ? 'PostgreSQL (BENCH_DATABASE_URL)' : 'PGlite in memory';
console.log(
  `autocannon: ${CONNECTIONS} connections, ${DURATION_S} s each after ${WARMUP_S} s warm-up, ${store}, Node ${process.version}`,
);
console.table(rows);
const failed = rows.filter((r) => r.errors > 0 || r['non-2xx'] > 0);
if (failed.length > 0) {
  console.error(`errors in: ${failed.map((r) => r.endpoint).join(', ')}`);
  process.exit(1);
}
