// The API load test's table and budgets (loadTest.mjs, DESIGN 7): prints the measured lines and the cost of an add
// into a full cart, and names each budget a line broke.
import { BIG_LINES, BUDGET, CONNECTIONS, DURATION_S, WARMUP_S } from './loadSettings.mjs';

/** Prints `rows` as one table, each with its rate against the bare Fastify route's. */
export function printTable(rows) {
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
}

/** Adds to `failures` each budget a row broke: errors, p99, and on PostgreSQL the CPU per request. */
export function judgeRows(rows, failures) {
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
}

/** Prints the add into a full cart against the add into a 1-line cart, and adds to `failures` when over budget. */
export function judgeCartSizes(sizes, failures) {
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
