// The API of the pages bench (pagesBench.mjs), in a process of its own so /proc tells the storefront's CPU time from
// the API's, and autocannon (in the parent) takes neither's: the built API with the rate limit off (the crowd comes
// from one address), on BENCH_DATABASE_URL, else PGlite in memory. BENCH_SHED=1 gives it on PGlite the production
// load shedding (off for in-memory databases by default). Prints one JSON line { url }; exits when stdin closes.
import { pathToFileURL } from 'node:url';

const { startApi } = await import(
  pathToFileURL(new URL('../../api/dist/index.js', import.meta.url).pathname).href
);
const databaseUrl = process.env.BENCH_DATABASE_URL;
const api = await startApi({
  port: 0,
  rateLimit: false,
  ...(databaseUrl ? { databaseUrl } : { dataDir: 'memory' }),
  ...(process.env.BENCH_SHED ? { loadShedding: {} } : {}),
});
process.stdout.write(`${JSON.stringify({ url: api.url })}\n`);
process.stdin.resume();
process.stdin.on('end', async () => {
  await api.close();
  process.exit(0);
});
