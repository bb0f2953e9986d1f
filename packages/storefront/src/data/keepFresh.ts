/**
 * A read kept for `ttlMs` and then renewed in the background: callers get the kept value at once while the next
 * one loads, so no request waits for a read that takes seconds (the whole catalogue at a few thousand products),
 * except the very first. A failed first read is forgotten (the next call tries again); a failed renewal keeps the
 * value it would have replaced until the next try.
 *
 * @example
 * const products = keepFresh(() => readEveryProduct(), 5 * 60_000);
 * await products(); // the kept catalogue; renewed after five minutes
 */
export function keepFresh<T>(load: () => Promise<T>, ttlMs: number, now = Date.now): () => Promise<T> {
  let kept: Promise<T> | undefined;
  let at = 0;
  let renewing = false;
  return () => {
    if (!kept) {
      const first = load();
      kept = first;
      at = now();
      first.catch(() => {
        if (kept === first) kept = undefined;
      });
    } else if (!renewing && now() - at >= ttlMs) {
      renewing = true;
      const next = load();
      next.then(
        () => {
          kept = next;
          at = now();
        },
        () => {
          at = now();
        },
      );
      void next
        .finally(() => {
          renewing = false;
        })
        .catch(() => undefined);
    }
    return kept;
  };
}
