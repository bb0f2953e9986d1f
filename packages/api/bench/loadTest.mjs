// API load test (DESIGN 7, `pnpm bench:api`): autocannon at 64 connections on loopback, in one run:
// - a bare Fastify route (the ceiling of this machine);
// - getCart and addCartItem on a throwaway PostgreSQL cluster with 1 API process, and with 2 API processes behind
//   one port through nginx (the load balancer of the production topology, scripts/startCluster.mjs; Node's cluster
//   module would share a port too, but no production setup runs two machines' processes that way, and nginx's hop
//   costs what production pays);
// - the same on embedded PGlite (the zero-set-up default);
// - addCartItem into a cart of 100 lines against the same add into a cart of 1 line, and into a new cart.
// CPU per request counts the API processes AND the PostgreSQL server (postmaster, backends, background workers,
// from /proc: utime+stime of the live processes plus what the postmaster reaped), read before and after each run
// and divided by the requests; nginx's share is shown beside it. CPU time is steadier than req/s on a busy machine.
// Budgets (DESIGN 7): 0 errors and p99 < 50 ms on every line; on PostgreSQL getCart <= 600 us and addCartItem
// <= 900 us of CPU per request; an add into 100 lines <= 1.2x an add into 1 line. Exits non-zero naming each
// budget that failed. BENCH_SECONDS sets the seconds per line (default 3); BENCH_DATABASE_URL uses that server
// (its CPU is then counted only when it runs on this machine and its backends are visible in /proc); BENCH_API_DIST
// measures another build of the API; BENCH_PROF=1 writes CPU profiles of the server processes to /tmp/prof;
// BENCH_PARTS=bare,postgres,pglite runs only the parts named (default all; a budget of a part not run is not judged).
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import pg from 'pg';
import { ensureNginx } from '../../../scripts/ensureNginx.mjs';
import { nginxUpstream } from '../../../scripts/startCluster.mjs';
import { withPostgres } from '../../../scripts/withPostgres.mjs';
import { addBody } from './addBody.mjs';

const CONNECTIONS = 64;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 3);
const WARMUP_S = Number(process.env.BENCH_WARMUP_SECONDS ?? 1);
const CARTS = Number(process.env.BENCH_CARTS ?? 512);
const BIG_LINES = 100; // MAX_CART_LINES of @lp/sdk/contract: a full cart
const BUDGET = { p99Ms: 50, getCartUs: 600, addCartItemUs: 900, bigCartRatio: 1.2 };
const TICK_US = 10_000; // Linux clock ticks are 10 ms (CLK_TCK 100)
const children = [];

// ---------------------------------------------------------------- CPU time from /proc

function statFields(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name: [0] state, [1] ppid, ... [11] utime, [12] stime, [13] cutime, [14] cstime.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/** CPU µs of a process (all its threads). */
function processUs(pid) {
  const f = statFields(pid);
  return f ? (Number(f[11]) + Number(f[12])) * TICK_US : 0;
}

/**
 * CPU µs of a process tree one level deep: the parent, its live children, and the children it has reaped
 * (cutime/cstime), so a backend that ended between two readings still counts.
 */
function treeUs(parent) {
  const f = statFields(parent);
  if (!f) return 0;
  let total = (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) * TICK_US;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const child = statFields(entry);
    if (child && Number(child[1]) === parent) total += (Number(child[11]) + Number(child[12])) * TICK_US;
  }
  return total;
}

function cpuNow(pids) {
  return {
    api: pids.api.reduce((sum, pid) => sum + processUs(pid), 0),
    pg: pids.postmaster ? treeUs(pids.postmaster) : 0,
    nginx: pids.nginx ? treeUs(pids.nginx) : 0,
  };
}

/** The postmaster's pid: the parent of a backend of ours, when that backend runs on this machine. */
async function findPostmaster(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query('SELECT pg_backend_pid() AS pid');
    const f = statFields(rows[0].pid);
    return f ? Number(f[1]) : null;
  } finally {
    await client.end();
  }
}

// ---------------------------------------------------------------- processes

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Node's flags of the API process as its start script runs it (package.json `start`): a young generation of 32 MB
 * semi-spaces instead of 16, so the objects of requests in flight die young instead of being promoted (decisions.md).
 * Keep the two equal: the bench measures the API as it is started.
 */
const API_NODE_FLAGS = ['--max-semi-space-size=32'];

/** Starts benchServers.mjs in `mode` and answers { url, pid, stop }. */
async function startServer(mode, env = {}) {
  // BENCH_PROF=1: a V8 CPU profile of each server process in /tmp/prof (open it in Chrome's DevTools).
  const prof = process.env.BENCH_PROF ? ['--cpu-prof', '--cpu-prof-dir=/tmp/prof'] : [];
  const flags = mode === 'api' ? API_NODE_FLAGS : [];
  const script = new URL('./benchServers.mjs', import.meta.url).pathname;
  const child = spawn(process.execPath, [...flags, ...prof, script, mode], {
    stdio: ['pipe', 'pipe', 'inherit'],
    env: { ...process.env, ...env },
  });
  children.push(child);
  const { url } = await new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the ${mode} bench server stopped (exit ${code})`)));
    createInterface({ input: child.stdout }).once('line', (line) => resolve(JSON.parse(line)));
  });
  child.removeAllListeners('exit');
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    url,
    pid: child.pid,
    stop: () => {
      child.stdin.end();
      return exited;
    },
  };
}

/** nginx on one port in front of `upstreams`, with the cluster's upstream block (scripts/startCluster.mjs). */
async function startNginx(upstreams) {
  const bin = ensureNginx();
  if (!bin) throw new Error('nginx is not installed and could not be installed (apt-get install nginx).');
  const dir = mkdtempSync(join(tmpdir(), 'lp-bench-nginx-'));
  for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(dir, sub));
  const port = await freePort();
  const user = process.getuid?.() === 0 ? `user ${userInfo().username};\n` : '';
  const conf = join(dir, 'nginx.conf');
  writeFileSync(
    conf,
    `${user}daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
${nginxUpstream(
  'lp_api',
  upstreams.map((url) => ({ port: Number(new URL(url).port) })),
)}
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://lp_api;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $remote_addr;
    }
  }
}
`,
  );
  const child = spawn(bin, ['-p', dir, '-e', join(dir, 'error.log'), '-c', conf], { stdio: 'inherit' });
  children.push(child);
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      await fetch(`${url}/health`);
      break;
    } catch (error) {
      if (i > 100 || child.exitCode !== null) throw new Error(`nginx did not start: ${error}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    url,
    pid: child.pid,
    stop: async () => {
      child.kill('SIGQUIT');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

// ---------------------------------------------------------------- carts

async function post(url, guid, body) {
  const res = await fetch(`${url}/api/Cart/addCartItem`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(guid ? { CartGuid: guid } : {}) },
    body,
  });
  if (!res.ok) throw new Error(`seeding carts failed: ${res.status} ${await res.text()}`);
  return (await res.json()).cartGuid;
}

/** An add of holder `i` with a note `n`, so each n is a line of its own (same product and note merge). */
const lineBody = (i, n) => {
  const body = JSON.parse(addBody(i));
  body.addData[0].info.Attributes = { Notiz: `Zeile ${n}` };
  return JSON.stringify(body);
};

/** `count` carts of `lines` lines each, filled 16 requests at a time. */
async function seedCarts(url, count, lines, body = (c, n) => (lines === 1 ? addBody(c) : lineBody(c, n))) {
  const guids = new Array(count);
  let next = 0;
  async function worker() {
    while (next < count) {
      const c = next++;
      let guid = await post(url, undefined, body(c, 0));
      for (let n = 1; n < lines; n++) guid = await post(url, guid, body(c, n));
      guids[c] = guid;
    }
  }
  await Promise.all(Array.from({ length: 16 }, worker));
  return guids;
}

// ---------------------------------------------------------------- measuring

function run(options) {
  return new Promise((resolve, reject) => {
    autocannon({ connections: CONNECTIONS, pipelining: 1, ...options }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

const rows = [];

async function measure(store, endpoint, options, pids) {
  await run({ ...options, duration: WARMUP_S });
  const before = cpuNow(pids);
  const result = await run({ ...options, duration: DURATION_S });
  const after = cpuNow(pids);
  const requests = Math.max(1, result.requests.total);
  const per = (key) => (after[key] - before[key]) / requests;
  const row = {
    store,
    endpoint,
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    'CPU us/req': Math.round(per('api') + per('pg')),
    'API us': Math.round(per('api')),
    'PG us': pids.postmaster ? Math.round(per('pg')) : '',
    'nginx us': pids.nginx ? Math.round(per('nginx')) : '',
    errors: result.errors + result.timeouts,
    'non-2xx': result.non2xx,
  };
  rows.push(row);
  process.stderr.write(`  ${store} ${endpoint}: ${row['req/s']} req/s, p99 ${row['p99 ms']} ms\n`);
  return row;
}

/**
 * autocannon options where connection k sends its own series `request(k, j)`, j = 0, 1, ...: like real shoppers,
 * no two connections share a cart, so the figures show the work of a request and not two requests queueing on one
 * cart's row lock (autocannon would otherwise start every connection at the first request of one shared list).
 */
function perConnection(url, length, request) {
  let next = 0;
  const series = (k) => Array.from({ length }, (_, j) => request(k, j));
  return {
    url,
    requests: series(0),
    setupClient: (client) => client.setRequests(series(next++ % CONNECTIONS)),
  };
}

/** Connection k's carts: k, k + 64, k + 128, ... */
const cartOf = (guids, k, j) => guids[(k + j * CONNECTIONS) % guids.length];
const perCart = (guids) => Math.max(1, Math.floor(guids.length / CONNECTIONS));
const getCarts = (url, guids) =>
  perConnection(url, perCart(guids), (k, j) => ({
    method: 'GET',
    path: '/api/Cart/getCart',
    headers: { CartGuid: cartOf(guids, k, j) },
  }));
const addRequest = (guid, body) => ({
  method: 'POST',
  path: '/api/Cart/addCartItem',
  headers: { ...(guid ? { CartGuid: guid } : {}), 'content-type': 'application/json' },
  body,
  // As the SDK sends an add (services/cartService.ts): a new Idempotency-Key each time. The request series
  // repeat, so a key fixed per request would bench the cheaper repeat path.
  setupRequest: (request) => ({
    ...request,
    headers: { ...request.headers, 'Idempotency-Key': `${Math.random()}` },
  }),
});
const addToCarts = (url, guids) =>
  perConnection(url, perCart(guids) * 4, (k, j) => addRequest(cartOf(guids, k, j), addBody(k + j + 7)));

async function benchApi(store, urls, pids, guids) {
  await measure(store, 'GET getCart', getCarts(urls, guids), pids);
  await measure(store, 'POST addCartItem', addToCarts(urls, guids), pids);
}

async function benchPostgres(databaseUrl) {
  const postmaster = await findPostmaster(databaseUrl);
  const env = { BENCH_DATABASE_URL: databaseUrl };
  // The first process migrates and seeds; the second starts on a ready database.
  const first = await startServer('api', env);
  const second = await startServer('api', env);
  try {
    const guids = await seedCarts(first.url, CARTS, 1);
    await benchApi('PostgreSQL, 1 API', first.url, { api: [first.pid], postmaster }, guids);

    // The second process has served nothing yet: its code is not optimised, which a long-running production
    // process is. Give it the traffic the first one had before (without this its cold JIT counts for ~40 % more CPU).
    await run({ ...getCarts(second.url, guids), duration: 2 });
    await run({ ...addToCarts(second.url, guids), duration: 2 });
    const nginx = await startNginx([first.url, second.url]);
    try {
      await benchApi(
        'PostgreSQL, 2 APIs (nginx)',
        nginx.url,
        { api: [first.pid, second.pid], postmaster, nginx: nginx.pid },
        guids,
      );
    } finally {
      await nginx.stop();
    }

    // The cost of an add must not grow with the cart (DESIGN 7). A cart holds at most 100 lines, so the add into
    // a full cart raises the quantity of one of its lines; the comparison is the same add into a 1-line cart.
    const pids = { api: [first.pid], postmaster };
    const small = await seedCarts(first.url, 2 * CONNECTIONS, 1, (c) => lineBody(c, 0));
    const big = await seedCarts(first.url, CONNECTIONS, BIG_LINES);
    const one = await measure(
      'PostgreSQL, 1 API',
      'addCartItem, 1-line cart',
      perConnection(first.url, 2, (k, j) =>
        addRequest(cartOf(small, k, j), lineBody(k + j * CONNECTIONS, 0)),
      ),
      pids,
    );
    const hundred = await measure(
      'PostgreSQL, 1 API',
      `addCartItem, ${BIG_LINES}-line cart`,
      // Connection k adds to its own full cart, line after line (each raises a line's quantity).
      perConnection(first.url, BIG_LINES, (k, j) => addRequest(big[k], lineBody(k, j))),
      pids,
    );
    const fresh = await measure(
      'PostgreSQL, 1 API',
      'addCartItem, new cart',
      perConnection(first.url, 28, (k, j) => addRequest(undefined, addBody(k + j))),
      pids,
    );
    return { one, hundred, fresh };
  } finally {
    await Promise.all([first.stop(), second.stop()]);
  }
}

async function main() {
  const started = Date.now();
  process.stderr.write(
    `API load test: ${CONNECTIONS} connections, ${DURATION_S} s per line after ${WARMUP_S} s warm-up\n`,
  );

  // A part that cannot run is a failed budget, and the other parts still run and print.
  const failures = [];
  const only = process.env.BENCH_PARTS?.split(',').map((name) => name.trim().toLowerCase());
  async function part(name, body) {
    if (only && !only.some((wanted) => name.toLowerCase().startsWith(wanted))) return null;
    try {
      return await body();
    } catch (error) {
      failures.push(`${name} did not run: ${error instanceof Error ? error.message.split('\n')[0] : error}`);
      console.error(error);
      return null;
    }
  }

  await part('bare Fastify route', async () => {
    const bare = await startServer('bare');
    try {
      await measure('-', 'bare Fastify route', { url: `${bare.url}/bare` }, { api: [bare.pid] });
    } finally {
      await bare.stop();
    }
  });

  const sizes = await part('PostgreSQL', async () => {
    if (process.env.BENCH_DATABASE_URL) return benchPostgres(process.env.BENCH_DATABASE_URL);
    const outcome = await withPostgres((url) => benchPostgres(url));
    if (outcome.skipped) throw new Error(`no PostgreSQL server for the bench: ${outcome.skipped}`);
    return outcome.result;
  });

  await part('PGlite', async () => {
    const pglite = await startServer('api');
    try {
      const guids = await seedCarts(pglite.url, CARTS, 1);
      await benchApi('PGlite (embedded)', pglite.url, { api: [pglite.pid] }, guids);
    } finally {
      await pglite.stop();
    }
  });

  const bareRate = rows.find((row) => row.endpoint === 'bare Fastify route')?.['req/s'] ?? Number.NaN;
  const table = rows.map((row) => ({
    ...row,
    'ratio vs bare': `${Math.round((row['req/s'] / bareRate) * 100)} %`,
  }));
  console.log(
    `autocannon: ${CONNECTIONS} connections, ${DURATION_S} s each after ${WARMUP_S} s warm-up, Node ${process.version}; ` +
      'CPU us/req = API processes + PostgreSQL server processes',
  );
  console.table(table);

  for (const row of rows) {
    const name = `${row.store} ${row.endpoint}`;
    if (row.errors > 0 || row['non-2xx'] > 0)
      failures.push(`${name}: ${row.errors} errors, ${row['non-2xx']} non-2xx`);
    if (row['p99 ms'] >= BUDGET.p99Ms)
      failures.push(`${name}: p99 ${row['p99 ms']} ms >= ${BUDGET.p99Ms} ms`);
    if (!row.store.startsWith('PostgreSQL')) continue;
    const cpu = row['CPU us/req'];
    if (row.endpoint === 'GET getCart' && cpu > BUDGET.getCartUs)
      failures.push(`${name}: ${cpu} us CPU/request > ${BUDGET.getCartUs} us`);
    if (row.endpoint === 'POST addCartItem' && cpu > BUDGET.addCartItemUs)
      failures.push(`${name}: ${cpu} us CPU/request > ${BUDGET.addCartItemUs} us`);
  }
  if (sizes) {
    const ratio = sizes.hundred['CPU us/req'] / Math.max(1, sizes.one['CPU us/req']);
    const latencyRatio = sizes.hundred['p50 ms'] / Math.max(0.001, sizes.one['p50 ms']);
    console.log(
      `add into a ${BIG_LINES}-line cart vs a 1-line cart: ${ratio.toFixed(2)}x CPU per request ` +
        `(${sizes.hundred['CPU us/req']} vs ${sizes.one['CPU us/req']} us; new cart ${sizes.fresh['CPU us/req']} us), ` +
        `${latencyRatio.toFixed(2)}x p50; budget <= ${BUDGET.bigCartRatio}x`,
    );
    if (ratio > BUDGET.bigCartRatio)
      failures.push(
        `add into ${BIG_LINES} lines costs ${ratio.toFixed(2)}x an add into 1 line > ${BUDGET.bigCartRatio}x`,
      );
  }

  console.log(`bench took ${((Date.now() - started) / 1000).toFixed(0)} s`);
  if (failures.length > 0) {
    console.error(`\nBudgets failed:\n${failures.map((f) => `- ${f}`).join('\n')}`);
    process.exitCode = 1;
  } else console.log('All budgets met.');
}

const killAll = () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
};
process.on('exit', killAll);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));

main().catch((error) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
