/**
 * The database thread's program (DESIGN 7), as plain CommonJS source run with `new Worker(source, { eval: true })`:
 * a string rather than a file, so the same code runs from `src` under vitest and from the tsup bundle in `dist`
 * (neither transpiles nor copies a separate worker file). It owns the PGlite instance and answers messages
 * `{ id, op, tx?, sql?, params? }` with `{ id, ok, value | error }`:
 *
 * - `query` / `exec`: one statement (on the open transaction `tx` when given); `simple`: one statement without
 *   parameters through the simple query protocol (one trip into PGlite instead of five), answering its rows,
 * - `begin` answers a transaction id; `commit` / `rollback` end it. PGlite's own transaction mutex keeps every
 *   other statement out while it is open, exactly as in-process,
 * - `close` closes the database.
 *
 * workerData: `{ pgliteEntry, dataDir, wasmModule }` (the compiled module is shared, so a new database does not
 * compile PGlite's WASM again).
 */
export const PGLITE_WORKER_SOURCE = `
'use strict';
const { parentPort, workerData } = require('node:worker_threads');
const { PGlite } = require(workerData.pgliteEntry);

const txs = new Map();
let pg;

function errorOf(e) {
  const fields = {};
  for (const key of ['code', 'detail', 'hint', 'severity', 'where', 'constraint', 'table', 'column']) {
    if (e && typeof e[key] === 'string') fields[key] = e[key];
  }
  return { message: String((e && e.message) || e), fields };
}

function on(tx) {
  if (tx === undefined) return pg;
  const entry = txs.get(tx);
  if (!entry) throw new Error('The transaction is closed.');
  return entry.tx;
}

async function handle(m) {
  switch (m.op) {
    case 'query':
      return (await on(m.tx).query(m.sql, m.params)).rows;
    case 'simple': {
      const results = await on(m.tx).exec(m.sql);
      return results.length > 0 ? results[results.length - 1].rows : [];
    }
    case 'exec':
      await on(m.tx).exec(m.sql);
      return null;
    case 'begin': {
      const entry = {};
      await new Promise((ready, fail) => {
        entry.done = pg.transaction(
          (tx) =>
            new Promise((commit, rollback) => {
              Object.assign(entry, { tx, commit, rollback });
              ready();
            }),
        );
        // Fails here only when BEGIN itself failed; later outcomes are awaited by commit / rollback.
        entry.done.catch(fail);
      });
      txs.set(m.id, entry);
      return m.id;
    }
    case 'commit': {
      const entry = txs.get(m.tx);
      txs.delete(m.tx);
      entry.commit();
      await entry.done;
      return null;
    }
    case 'rollback': {
      const entry = txs.get(m.tx);
      if (!entry) return null;
      txs.delete(m.tx);
      entry.rollback(new Error('rolled back'));
      await entry.done.catch(() => undefined);
      return null;
    }
    case 'close':
      await pg.close();
      return null;
    default:
      throw new Error('Unknown database operation ' + m.op);
  }
}

parentPort.on('message', (m) => {
  handle(m).then(
    (value) => parentPort.postMessage({ id: m.id, ok: true, value }),
    (e) => parentPort.postMessage({ id: m.id, ok: false, error: errorOf(e) }),
  );
});

(async () => {
  const options = workerData.wasmModule ? { wasmModule: workerData.wasmModule } : {};
  pg = workerData.dataDir === 'memory' ? new PGlite(options) : new PGlite(workerData.dataDir, options);
  await pg.waitReady;
  parentPort.postMessage({ id: 0, ok: true, value: 'ready' });
})().catch((e) => parentPort.postMessage({ id: 0, ok: false, error: errorOf(e) }));
`;
