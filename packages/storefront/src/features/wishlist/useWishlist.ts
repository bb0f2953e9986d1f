import { useSyncExternalStore } from 'react';
import { type WishlistState, wishlistStore } from './wishlistStore';

const EMPTY: WishlistState['entries'] = [];

/**
 * The wish list's entries (CONVENTIONS: the binding only subscribes). The server, and the first client render
 * during hydration, see an empty list, so server and client markup agree; the stored list follows right after.
 */
export function useWishlistEntries(): WishlistState['entries'] {
  const store = wishlistStore();
  return useSyncExternalStore(
    store.subscribe,
    () => store.getState().entries,
    () => EMPTY,
  );
}
