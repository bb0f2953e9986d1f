// One server of the API load test, in a process of its own (started by loadTest.mjs): `bare` is a bare Fastify
// route, `api` the built API with the rate limit off, on embedded PGlite in memory or on BENCH_DATABASE_URL. A load
// generator in the server's own thread would take CPU from the HTTP work it measures, unlike any real client, so
// autocannon runs in the parent, and the parent reads this process's CPU time from /proc. Prints one JSON line
// { url } when ready; exits when stdin closes. BENCH_API_DIST names another build of the API to measure (an earlier
// build copied aside, for a before/after table on the same machine at the same time). A build runs the migrations
// of the folder beside its own (`<copy>/../migrations`), so copy `migrations/` with `dist/` (e.g. to
// `node_modules/.before/dist` and `node_modules/.before/migrations`, where the packages still resolve): the new
// migrations would not fit the old code.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import Fastify from 'fastify';

const dist = process.env.BENCH_API_DIST
  ? pathToFileURL(resolve(process.env.BENCH_API_DIST, 'index.js')).href
  : new URL('../dist/index.js', import.meta.url).href;
const { startApi } = await import(dist);

const mode = process.argv[2];
let url;
let close;
if (mode === 'bare') {
  const bare = Fastify({ logger: false });
  bare.get('/bare', async () => ({ ok: true }));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${bare.server.address().port}`;
  close = () => bare.close();
} else if (mode === 'api') {
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  const api = await startApi({
    port: 0,
    // The bench measures the work of a request, not the limiter turning most of them away.
    rateLimit: false,
    ...(databaseUrl ? { databaseUrl } : { dataDir: 'memory' }),
  });
  url = api.url;
  close = () => api.close();
} else {
  throw new Error(`usage: benchServers.mjs bare|api (got ${mode})`);
}

process.stdout.write(`${JSON.stringify({ url })}\n`);
process.stdin.resume();
process.stdin.on('end', async () => {
  await close();
  process.exit(0);
});
