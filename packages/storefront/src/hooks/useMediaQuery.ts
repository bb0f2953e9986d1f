import { useSyncExternalStore } from 'react';

/** spec 9: mobile widths in the shell are up to 767 px. */
export const MOBILE_QUERY = '(max-width: 767px)';

/**
 * Whether a media query matches. The server and the first (hydrating) render answer false, so hydration
 * matches the server's desktop markup; the real value follows immediately after.
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia?.(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    () => window.matchMedia?.(query).matches ?? false,
    () => false,
  );
}
