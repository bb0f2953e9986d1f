import { useEffect, useState } from 'preact/hooks';

/**
 * `value`, but updated only after it has been still for `delayMs`. The 15 size pictures follow the typed text
 * this way, so a keystroke re-renders only the main preview (DESIGN 7: under one frame per keystroke).
 */
export function useDeferredValue<T>(value: T, delayMs = 150): T {
  const [deferred, setDeferred] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDeferred(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return deferred;
}
