import { useEffect, useState } from 'preact/hooks';
import type { LpSdk } from './sdkRegistry';

/** What the widget shows of the shared cart. */
export interface CartSnapshot {
  count: number;
  cartGuid: string | null;
}

const loaded = new WeakSet<object>();

export function cartSnapshot(sdk: LpSdk): CartSnapshot {
  const state = sdk.cartStore.getState();
  return { count: state.count, cartGuid: state.cart.cartGuid };
}

/** The first reader of a page's cart loads the stored cart once, so a returning shopper sees the count. */
export function loadCartOnce(sdk: LpSdk): void {
  if (loaded.has(sdk.cartStore)) return;
  loaded.add(sdk.cartStore);
  sdk.cartStore
    .getState()
    .load()
    .catch(() => undefined); // an unreachable cart shows as empty; adding reports its own error
}

/**
 * Subscribes to the page's shared cart store (CONVENTIONS: the binding only subscribes and renders) and loads
 * the stored cart once per page.
 */
export function useCartState(sdk: LpSdk): CartSnapshot {
  const [state, setState] = useState(() => cartSnapshot(sdk));
  useEffect(() => {
    setState(cartSnapshot(sdk));
    const unsubscribe = sdk.cartStore.subscribe(() => {
      const next = cartSnapshot(sdk);
      setState((current) =>
        current.count === next.count && current.cartGuid === next.cartGuid ? current : next,
      );
    });
    loadCartOnce(sdk);
    return unsubscribe;
  }, [sdk]);
  return state;
}
