/**
 * Lazy chunks of the script-tag build (`lp-plates.js`, `lp-editor.js`) are classic scripts next to
 * `lp-widget.js`: a classic script needs no CORS headers from the widget's host and passes a CSP `script-src`
 * that allows the widget's origin. Each chunk hands its exports to {@link registerChunk}.
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
 * `name`.
 */
export function loadChunk<T>(name: string, file: string, baseUrl: string): Promise<T> {
  const ready = table()[name];
  if (ready) return Promise.resolve(ready as T);
  let pending = loading.get(name);
  if (!pending) {
    pending = new Promise<unknown>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = new URL(file, baseUrl).href;
      script.async = true;
      script.onload = () => {
        const exports = table()[name];
        if (exports) resolve(exports);
        else reject(new Error(`lp-widget: ${file} did not register ${name}`));
      };
      script.onerror = () => {
        loading.delete(name);
        script.remove();
        reject(new Error(`lp-widget: could not load ${script.src}`));
      };
      document.head.append(script);
    });
    loading.set(name, pending);
  }
  return pending as Promise<T>;
}
