// @ts-check
// Plain JavaScript with checked JSDoc types, so that this one file runs unchanged as a worker from the sources
// (vitest) and from `dist`: Node 20 cannot apply a TypeScript loader (tsx) inside a worker thread
// (nodejs/node#47747).
import { join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

/** @typedef {import('./pgliteServerMessages').PgliteServerData} PgliteServerData */
/** @typedef {import('./pgliteServerMessages').PgliteServerReply} PgliteServerReply */

/**
 * The embedded database's thread (DESIGN 6, DESIGN 7): PGlite (PostgreSQL compiled to WASM, synchronous) behind
 * `@electric-sql/pglite-socket`, so the API reaches it with `pg` exactly like a PostgreSQL server, and its
 * statements run beside the API's HTTP work instead of stopping it. PGlite answers a message only after it has
 * run it and, with a data folder, written it there, so an acknowledged write is stored.
 *
 * The socket is a unix socket in a private folder (pgliteDb.ts makes it with mode 0700): PGlite has no passwords, so
 * no other local user may connect. Windows has no unix sockets for `pg`; there it listens on 127.0.0.1 on a random
 * port.
 *
 * @param {PgliteServerData} data
 * @param {import('node:worker_threads').MessagePort} port
 */
async function serve(data, port) {
  const options = data.wasmModules;
  const db =
    data.dataDir === 'memory' ? await PGlite.create(options) : await PGlite.create(data.dataDir, options);
  // PGlite starts its one session at client_min_messages = debug3 and log_min_messages = debug1: every statement
  // then formats debug lines and sends them to the client as notices, which `pg` parses one by one. PostgreSQL's
  // own defaults (set on the session, which every socket connection shares) drop them.
  await db.exec('SET client_min_messages TO notice; SET log_min_messages TO warning');
  const { socketDir } = data;
  // The API's pool holds one connection (pgliteDb.ts); a second is let in only so that a replacement for a broken
  // one is not refused while the server still winds the old one down.
  const listen = socketDir ? { path: join(socketDir, '.s.PGSQL.5432') } : { host: '127.0.0.1', port: 0 };
  const server = new PGLiteSocketServer({ db, maxConnections: 2, ...listen });
  await server.start();
  const url = socketDir
    ? `postgresql://postgres@localhost/postgres?host=${encodeURIComponent(socketDir)}`
    : `postgresql://postgres@${server.getServerConn()}/postgres`;
  port.on('message', (message) => {
    if (message !== 'close') return;
    void (async () => {
      await server.stop();
      await db.close();
      port.postMessage(/** @type {PgliteServerReply} */ ({ closed: true }));
    })();
  });
  port.postMessage(/** @type {PgliteServerReply} */ ({ url }));
}

if (parentPort) {
  const port = parentPort;
  serve(workerData, port).catch((/** @type {unknown} */ error) => {
    const reply = { error: error instanceof Error ? error.message : String(error) };
    port.postMessage(/** @type {PgliteServerReply} */ (reply));
  });
}
