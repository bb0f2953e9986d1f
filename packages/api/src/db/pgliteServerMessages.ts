/** PGlite's own option names. */
export interface PgliteWasmModules {
  pgliteWasmModule: WebAssembly.Module;
  initdbWasmModule: WebAssembly.Module;
}

/** What the API's thread hands the embedded database's thread (pgliteServer.js) as `workerData`. */
export interface PgliteServerData {
  /** A folder, or 'memory'. */
  dataDir: string;
  /** A private folder for the unix socket; none: TCP on 127.0.0.1. */
  socketDir: string | undefined;
  /** PGlite's WASM modules (PostgreSQL, and initdb for a new database), compiled once per process and shared by
   * every thread. */
  wasmModules: PgliteWasmModules;
}

/** Messages to the API's thread: the connection string once listening, or why not; `closed` after 'close'. */
export type PgliteServerReply = { url: string } | { error: string } | { closed: true };
