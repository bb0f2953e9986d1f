/**
 * Lazy chunks of the script-tag build (`lp-plates.js`, `lp-editor.js`) are ES modules next to `lp-widget.js`,
 * loaded with `import()`. Not `<script src>`: on a page that enforces Trusted Types
 * (`require-trusted-types-for 'script'`) a script element's `src` takes only a `TrustedScriptURL`, which would
 * need a policy of our own in lp-widget.js; `import()` is no Trusted Types sink, is governed by the page's
 * `script-src` like any script, and carries the nonce of lp-widget.js's tag (a `script-src 'nonce-…'` policy
 * without the shop's origin lets the chunks in too). The shop serves them with `Access-Control-Allow-Origin: *`
 * (a module from another origin is fetched with CORS). Each chunk hands its exports to {@link registerChunk}.
 * See docs/reference/decisions.md, "Dealer SPAs and strict policies".
 */
import { pageSlot } from '../shared/pageSlot';

type ChunkTable = Record<string, unknown>;

const table = () => pageSlot<ChunkTable>('lp.widget.chunks', () => ({}));

/** Called by a chunk when it runs: makes its exports available to {@link loadChunk}. */
export function registerChunk(name: string, exports: unknown): void {
  table()[name] = exports;
}

const loading = new Map<string, Promise<unknown>>();

/**
 * Loads `file` (relative to `baseUrl`, the URL of lp-widget.js) once and answers the exports it registered as
 * `name`. A failed load is forgotten, so the next call asks again (Chromium fetches a failed module again).
 */
export function loadChunk<T>(name: string, file: string, baseUrl: string): Promise<T> {
  let pending = loading.get(name);
  if (!pending) {
    pending = import(new URL(file, baseUrl).href).then(
      () => table()[name] ?? Promise.reject(new Error(`lp-widget: ${file} did not register ${name}`)),
      (error: unknown) => {
        loading.delete(name);
        throw error;
      },
    );
    loading.set(name, pending);
  }
  return pending as Promise<T>;
}
