import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Db } from './Db';
import { lockDataFolder } from './dataFolderLock';
import { createPgDb } from './pgDb';
import type { PgliteServerData, PgliteServerReply, PgliteWasmModules } from './pgliteServerMessages';
import { privateFolder } from './privateFolder';
import { upgradePgliteFolder } from './upgradePgliteFolder';

/** Node's WASM API (a global; the API's tsconfig has no DOM lib to declare it). A compiled module is an object. */
const wasm = (globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<object> } })
  .WebAssembly;
let compiled: Promise<PgliteWasmModules> | undefined;

/** PGlite's WASM, compiled once per process: each database thread instantiates the same modules. */
function pgliteWasm(): Promise<PgliteWasmModules> {
  const dist = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  const compile = (file: string) =>
    readFile(join(dist, file)).then((bytes) => wasm.compile(bytes) as Promise<WebAssembly.Module>);
  compiled ??= Promise.all([compile('pglite.wasm'), compile('initdb.wasm')]).then(
    ([pgliteWasmModule, initdbWasmModule]) => ({ pgliteWasmModule, initdbWasmModule }),
  );
  return compiled;
}

/** Socket folders of open databases, removed on close and, for databases never closed, when the process exits. */
const socketDirs = new Set<string>();
const removeSocketDir = (dir: string) => {
  socketDirs.delete(dir);
  rmSync(dir, { recursive: true, force: true });
};
let exitHook = false;

/** A private (mode 0700) folder for the database's unix socket; none on Windows, where it listens on TCP. */
function socketDir(): string | undefined {
  if (process.platform === 'win32') return undefined;
  if (!exitHook) {
    exitHook = true;
    process.once('exit', () => {
      for (const dir of socketDirs) removeSocketDir(dir);
    });
  }
  const dir = mkdtempSync(join(tmpdir(), 'lp-pglite-'));
  socketDirs.add(dir);
  return dir;
}

/**
 * Embedded PostgreSQL (DESIGN 6: no set-up): PGlite on its own thread behind a socket (pgliteServer.js), used
 * through `pg` like any PostgreSQL server (createPgDb), so there is one driver and one query layer.
 *
 * PGlite has a single session. The pool therefore holds one connection: a transaction keeps every other statement
 * out until it ends, which serialises concurrent cart mutations exactly as `SELECT ... FOR UPDATE` does on a
 * server. (pglite-socket can multiplex several connections onto that one session, but they would share prepared
 * statements and the unnamed statement of the extended protocol, so one connection is the safe choice.)
 */
export async function createPgliteDb(dataDir: string | 'memory'): Promise<Db> {
  // One process per folder (PGlite has no guard of its own); held until close, before an upgrade touches it.
  const unlock = dataDir === 'memory' ? () => undefined : lockDataFolder(dataDir);
  try {
    return await openPglite(dataDir, unlock);
  } catch (error) {
    unlock();
    throw error;
  }
}

async function openPglite(dataDir: string | 'memory', unlock: () => void): Promise<Db> {
  if (dataDir !== 'memory') {
    const upgrade = await upgradePgliteFolder(dataDir);
    if (upgrade.upgraded) {
      privateFolder(upgrade.previousFolder); // the same customers' data as the folder itself
      // Once per folder, so whoever runs the API learns where the old files went.
      console.warn(
        `Upgraded the data folder ${dataDir} from PostgreSQL 17 (PGlite 0.3) to 18; the previous files are kept in ${upgrade.previousFolder}.`,
      );
    }
    privateFolder(dataDir); // owner only, as PostgreSQL keeps its data folder (privateFolder.ts)
  }
  const wasmModules = await pgliteWasm();
  const sockets = socketDir();
  const removeSockets = () => {
    if (sockets) removeSocketDir(sockets);
  };
  // A real module file, beside this one in the sources and in `dist` alike.
  const worker = new Worker(new URL('./pgliteServer.js', import.meta.url), {
    workerData: { dataDir, socketDir: sockets, wasmModules } satisfies PgliteServerData,
  });
  // The thread's replies (start-up, close) in order. Only while one is awaited does the thread keep the process
  // alive: an idle database must not; a query in flight does through its socket.
  const replies: PgliteServerReply[] = [];
  const waiters: Array<(reply: PgliteServerReply) => void> = [];
  const deliver = (reply: PgliteServerReply) => {
    const waiter = waiters.shift();
    if (waiter) waiter(reply);
    else replies.push(reply);
  };
  worker.on('message', deliver);
  worker.on('error', (error) => deliver({ error: error.message }));
  worker.on('exit', () => deliver({ error: 'The database thread has stopped.' }));
  worker.unref();
  const next = async () => {
    const queued = replies.shift();
    if (queued) return queued;
    worker.ref();
    const reply = await new Promise<PgliteServerReply>((resolve) => waiters.push(resolve));
    worker.unref();
    return reply;
  };

  const started = await next();
  if (!('url' in started)) {
    await worker.terminate();
    removeSockets();
    throw new Error(`PGlite did not start: ${'error' in started ? started.error : 'no answer'}`);
  }
  let db: Db;
  try {
    // One connection for the life of the database (idle ones are not closed): a local socket costs nothing idle.
    db = await createPgDb(started.url, { kind: 'pglite', max: 1, idleTimeoutMillis: 0 });
  } catch (error) {
    await worker.terminate();
    removeSockets();
    throw error;
  }
  let closing: Promise<void> | undefined;
  return {
    ...db,
    // Idempotent: closing twice (an owner and a test harness) must not throw.
    close: () => {
      closing ??= (async () => {
        await db.close();
        // PGlite closes its data folder cleanly before the thread ends.
        worker.postMessage('close');
        await next();
        await worker.terminate();
        removeSockets();
        unlock();
      })();
      return closing;
    },
  };
}
