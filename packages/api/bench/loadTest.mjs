// API load test (DESIGN 7): autocannon at 64 connections on loopback against a bare Fastify route, getCart and
// addCartItem on the built API (in-memory PGlite, rate limit off). The servers run in their own process
// (benchServers.mjs), the load generator here, as with any real client. Prints req/s, p99, the ratio to the bare
// route and the server process's CPU time per request (all threads, and on Linux its main thread and its busiest
// other thread, the database's; steadier than req/s on a busy machine); exits non-zero on any error or non-2xx
// answer. Run: pnpm --filter @lp/api bench (BENCH_PROF=1 also writes --cpu-prof profiles of the servers to /tmp/prof)
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { addBody } from './addBody.mjs';

const CONNECTIONS = 64;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const WARMUP_S = 1;

/**
 * CPU time (µs) of each thread of the server process, from Linux's /proc (empty elsewhere): the main thread runs
 * the HTTP work, the busiest other thread is the database's. The busier of the two bounds the throughput.
 */
function threadCpu() {
  const threads = new Map();
  try {
    for (const tid of readdirSync(`/proc/${servers.pid}/task`)) {
      const stat = readFileSync(`/proc/${servers.pid}/task/${tid}/stat`, 'utf8');
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
  const main = String(servers.pid);
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
  const threads = threadCpu();
  const measured = await run(name, { ...options, duration: DURATION_S });
  const after = threadCpu();
  const requests = measured.result.requests.total;
  const total = (map) => [...map.values()].reduce((sum, us) => sum + us, 0);
  return {
    ...measured,
    cpuUs: after.size === 0 ? undefined : (total(after) - total(threads)) / requests,
    ...perThread(threads, threadCpu(), requests),
  };
}

const servers = spawn(
  process.execPath,
  [
    ...(process.env.BENCH_PROF ? ['--cpu-prof', '--cpu-prof-dir=/tmp/prof'] : []),
    new URL('./benchServers.mjs', import.meta.url).pathname,
  ],
  {
    stdio: ['pipe', 'pipe', 'inherit'],
    env: process.env,
  },
);
const ready = await new Promise((resolve, reject) => {
  servers.once('exit', (code) => reject(new Error(`the bench servers stopped (exit ${code})`)));
  createInterface({ input: servers.stdout }).once('line', (line) => resolve(JSON.parse(line)));
});
const { bareUrl, apiUrl, guids } = ready;
const databaseUrl = process.env.BENCH_DATABASE_URL;

const results = [];
try {
  results.push(await measure('bare Fastify route', { url: `${bareUrl}/bare` }));
  results.push(
    await measure('GET getCart', {
      url: apiUrl,
      requests: guids.map((guid) => ({
        method: 'GET',
        path: '/api/Cart/getCart',
        headers: { CartGuid: guid },
      })),
    }),
  );
  results.push(
    await measure('POST addCartItem', {
      url: apiUrl,
      requests: guids.map((guid, i) => ({
        method: 'POST',
        path: '/api/Cart/addCartItem',
        headers: { CartGuid: guid, 'content-type': 'application/json' },
        body: addBody(i + 7),
      })),
    }),
  );
} finally {
  servers.removeAllListeners('exit');
  servers.stdin.end();
}

const base = results[0].result.requests.average;
const rows = results.map(({ name, result, cpuUs, mainUs, otherUs }) => ({
  endpoint: name,
  'req/s': Math.round(result.requests.average),
  'p99 ms': result.latency.p99,
  'ratio vs bare': `${Math.round((result.requests.average / base) * 100)} %`,
  'CPU us/req': cpuUs === undefined ? '' : Math.round(cpuUs),
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
