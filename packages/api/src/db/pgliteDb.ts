import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Db, Queryable, Row } from './Db';
import { PGLITE_WORKER_SOURCE } from './pgliteWorkerSource';

interface Reply {
  id: number;
  ok: boolean;
  value?: unknown;
  error?: { message: string; fields: Record<string, string> };
}

type Message = { op: 'query' | 'simple' | 'exec' | 'begin' | 'commit' | 'rollback' | 'close' } & Record<
  string,
  unknown
>;

/** Node's WASM API (a global; the API's tsconfig has no DOM lib to declare it). A compiled module is an object. */
const wasm = (globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<object> } })
  .WebAssembly;
let compiled: Promise<object> | undefined;

/** PGlite's entry and its WASM compiled once per process (each database thread instantiates the same module). */
async function pgliteFiles(): Promise<{ entry: string; wasmModule: object }> {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  compiled ??= readFile(join(dirname(entry), 'pglite.wasm')).then((bytes) => wasm.compile(bytes));
  return { entry, wasmModule: await compiled };
}

/**
 * Embedded PostgreSQL (DESIGN 6: no set-up) on its own thread (DESIGN 7). PGlite is PostgreSQL compiled to WASM
 * and runs synchronously: in the API's thread every statement stopped all HTTP work, so the two took turns on one
 * core. On a database thread they run side by side; every call is a message, answered once PGlite has run (and,
 * for a data folder, stored) it, so durability is unchanged. PGlite still has one connection and runs one
 * transaction at a time, so concurrent cart mutations are serialised exactly like `SELECT ... FOR UPDATE`
 * serialises them on a server.
 */
export async function createPgliteDb(dataDir: string | 'memory'): Promise<Db> {
  if (dataDir !== 'memory') mkdirSync(dataDir, { recursive: true });
  const { entry, wasmModule } = await pgliteFiles();
  const worker = new Worker(PGLITE_WORKER_SOURCE, {
    eval: true,
    workerData: { pgliteEntry: entry, dataDir, wasmModule },
  });
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  let nextId = 1;
  let failure: Error | undefined;

  // The thread keeps the process alive only while a call waits for it, like a socket with a request in flight.
  worker.unref();
  const settle = (reply: Reply) => {
    const waiting = pending.get(reply.id);
    if (!waiting) return;
    pending.delete(reply.id);
    if (pending.size === 0) worker.unref();
    if (reply.ok) waiting.resolve(reply.value);
    else waiting.reject(Object.assign(new Error(reply.error!.message), reply.error!.fields));
  };
  const fail = (error: Error) => {
    failure ??= error;
    for (const id of [...pending.keys()])
      settle({ id, ok: false, error: { message: error.message, fields: {} } });
  };
  worker.on('message', settle);
  worker.on('error', fail);
  worker.on('exit', () => fail(new Error('The database thread has stopped.')));

  /** Waits for the answer numbered `id`; `message` (if any) is what the thread is asked. */
  function answer(id: number, message?: Message): Promise<unknown> {
    if (failure) return Promise.reject(failure);
    return new Promise((resolve, reject) => {
      if (pending.size === 0) worker.ref();
      pending.set(id, { resolve, reject });
      if (message) worker.postMessage({ ...message, id });
    });
  }
  const call = (message: Message) => answer(nextId++, message);

  // Answer 0 is the thread's own: PGlite started (or why not).
  try {
    await answer(0);
  } catch (error) {
    await worker.terminate();
    throw error;
  }

  const identity = {};
  const wrap = (tx?: unknown): Queryable => ({
    identity,
    async query<T extends Row = Row>(sql: string, params: readonly unknown[] = []) {
      return (await call({ op: 'query', tx, sql, params })) as T[];
    },
    async exec(sql: string) {
      await call({ op: 'exec', tx, sql });
    },
  });
  const base = wrap();
  let closing: Promise<void> | undefined;
  return {
    identity,
    kind: 'pglite',
    query: base.query,
    exec: base.exec,
    async simpleQuery<T extends Row = Row>(sql: string) {
      return (await call({ op: 'simple', sql })) as T[];
    },
    async transaction(fn) {
      const tx = await call({ op: 'begin' });
      try {
        const result = await fn(wrap(tx));
        await call({ op: 'commit', tx });
        return result;
      } catch (error) {
        // After a failed COMMIT PGlite has rolled back already; the thread then answers this as a no-op.
        await call({ op: 'rollback', tx }).catch(() => undefined);
        throw error;
      }
    },
    // Idempotent: closing twice (an owner and a test harness) must not throw.
    close: () => {
      closing ??= call({ op: 'close' })
        .catch(() => undefined)
        .then(async () => {
          await worker.terminate();
        });
      return closing;
    },
  };
}
