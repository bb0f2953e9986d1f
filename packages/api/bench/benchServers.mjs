// The servers of the API load test, in a process of their own (started by loadTest.mjs): a bare Fastify route and
// the built API (in-memory PGlite or BENCH_DATABASE_URL, rate limit off) with CARTS carts filled. A load generator
// in the server's own thread would take CPU from the HTTP work it measures, unlike any real client, so autocannon
// runs in the parent. Prints one JSON line { bareUrl, apiUrl, guids } when ready; exits when stdin closes.
import Fastify from 'fastify';
import { startApi } from '../dist/index.js';
import { addBody } from './addBody.mjs';

const CARTS = Number(process.env.BENCH_CARTS ?? 512);

const bare = Fastify({ logger: false });
bare.get('/bare', async () => ({ ok: true }));
await bare.listen({ port: 0, host: '127.0.0.1' });

// BENCH_DATABASE_URL runs the same load against a PostgreSQL server (an empty database; it is migrated and seeded).
const databaseUrl = process.env.BENCH_DATABASE_URL;
const api = await startApi({
  port: 0,
  rateLimit: false,
  ...(databaseUrl ? { databaseUrl } : { dataDir: 'memory' }),
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

process.stdout.write(
  `${JSON.stringify({ bareUrl: `http://127.0.0.1:${bare.server.address().port}`, apiUrl: api.url, guids })}\n`,
);

process.stdin.resume();
process.stdin.on('end', async () => {
  await api.close();
  await bare.close();
  process.exit(0);
});
