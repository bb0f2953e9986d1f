// The measured lines of the API load test (loadTest.mjs): autocannon runs a warm-up, then the measured seconds, with
// the processes' CPU time read before and after. Each line becomes a row of the printed table.
import autocannon from 'autocannon';
import { CONNECTIONS, DURATION_S, WARMUP_S } from './loadSettings.mjs';
import { cpuNow } from './procCpu.mjs';

/** One autocannon run at CONNECTIONS connections; `options` adds the url, requests and duration. */
export function run(options) {
  return new Promise((resolve, reject) => {
    autocannon({ connections: CONNECTIONS, pipelining: 1, ...options }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

/** Every line measured so far, in order. */
export const rows = [];

/** Measures one line: `store` and `endpoint` name it, `pids` are the processes whose CPU time counts. */
export async function measure(store, endpoint, options, pids) {
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
