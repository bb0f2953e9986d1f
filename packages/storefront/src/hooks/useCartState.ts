import type { CartState } from '@lp/sdk';
import { useSyncExternalStore } from 'react';
import { useShop } from '../app/ShopContext';

/**
 * A slice of the SDK's cart store (CONVENTIONS: the binding only subscribes). The server renders the empty cart
 * (the cart lives in the browser), so the server snapshot is the store's initial state.
 */
export function useCartState<T>(select: (state: CartState) => T): T {
  const { sdk } = useShop();
  const store = sdk.cartStore;
  return useSyncExternalStore(
    store.subscribe,
    () => select(store.getState()),
    () => select(store.getInitialState()),
  );
}
