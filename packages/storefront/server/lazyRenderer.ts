import type { Renderer } from '../src/renderTypes';

/** Options of {@link createLazyRenderer}. */
export interface LazyRendererOptions {
  /** Wait after the first failed attempt; it doubles per failure up to `maxBackoffMs`. @default 500 */
  backoffMs?: number;
  /** @default 5000 */
  maxBackoffMs?: number;
  /** Called with each failed attempt (the server logs it). */
  onFailure?: (error: unknown) => void;
  now?: () => number;
}

/**
 * The renderer, created on demand: creating it needs the company from the API (spec 7), and the shop must start and
 * answer (with the maintenance page) while the API is down, then recover by itself once it is back. Concurrent
 * requests share one attempt; after a failure, requests within the back-off get `undefined` at once instead of
 * asking the API again.
 *
 * @example
 * const renderer = createLazyRenderer(() => createRenderer(options));
 * const ready = await renderer.get(); // undefined: API not reachable, answer 503
 */
export function createLazyRenderer(create: () => Promise<Renderer>, options: LazyRendererOptions = {}) {
  const now = options.now ?? Date.now;
  const firstBackoff = Math.max(0, options.backoffMs ?? 500);
  const maxBackoff = Math.max(firstBackoff, options.maxBackoffMs ?? 5000);
  let ready: Renderer | undefined;
  let attempt: Promise<Renderer | undefined> | undefined;
  let backoff = firstBackoff;
  let nextTryAt = 0;

  function get(): Promise<Renderer | undefined> {
    if (ready) return Promise.resolve(ready);
    if (attempt) return attempt;
    if (now() < nextTryAt) return Promise.resolve(undefined);
    attempt = create().then(
      (renderer) => {
        ready = renderer;
        attempt = undefined;
        return renderer;
      },
      (error: unknown) => {
        options.onFailure?.(error);
        nextTryAt = now() + backoff;
        backoff = Math.min(backoff * 2, maxBackoff);
        attempt = undefined;
        return undefined;
      },
    );
    return attempt;
  }

  return { get };
}
