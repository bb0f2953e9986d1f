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
// The parts: loadSettings.mjs (settings, budgets), procCpu.mjs (CPU time), benchProcesses.mjs (servers, nginx),
// cartLoad.mjs (carts and request series), measuredLines.mjs (autocannon runs), loadReport.mjs (table, budgets).
import { withPostgres } from '../../../scripts/withPostgres.mjs';
import { addBody } from './addBody.mjs';
import { killBenchProcesses, startNginx, startServer } from './benchProcesses.mjs';
import { addRequest, addToCarts, cartOf, getCarts, lineBody, perConnection, seedCarts } from './cartLoad.mjs';
import { judgeCartSizes, judgeRows, printTable } from './loadReport.mjs';
import { BIG_LINES, CARTS, CONNECTIONS, DURATION_S, WARMUP_S } from './loadSettings.mjs';
import { measure, rows, run } from './measuredLines.mjs';
import { findPostmaster } from './procCpu.mjs';

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

  printTable(rows);
  judgeRows(rows, failures);
  if (sizes) judgeCartSizes(sizes, failures);

  console.log(`bench took ${((Date.now() - started) / 1000).toFixed(0)} s`);
  if (failures.length > 0) {
    console.error(`\nBudgets failed:\n${failures.map((f) => `- ${f}`).join('\n')}`);
    process.exitCode = 1;
  } else console.log('All budgets met.');
}

process.on('exit', killBenchProcesses);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));

main().catch((error) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
