import { useEffect, useState } from 'preact/hooks';
import type { LpSdk } from './sdkRegistry';

/** What the widget shows of the shared cart. */
export interface CartSnapshot {
  count: number;
  cartGuid: string | null;
}

const loaded = new WeakSet<object>();

function snapshot(sdk: LpSdk): CartSnapshot {
  const state = sdk.cartStore.getState();
  return { count: state.count, cartGuid: state.cart.cartGuid };
}

/**
 * Subscribes to the page's shared cart store (CONVENTIONS: the binding only subscribes and renders). The first
 * element of a page loads the stored cart once, so a returning shopper sees the count.
 */
export function useCartState(sdk: LpSdk): CartSnapshot {
  const [state, setState] = useState(() => snapshot(sdk));
  useEffect(() => {
    setState(snapshot(sdk));
    const unsubscribe = sdk.cartStore.subscribe(() => {
      const next = snapshot(sdk);
      setState((current) =>
        current.count === next.count && current.cartGuid === next.cartGuid ? current : next,
      );
    });
    if (!loaded.has(sdk.cartStore)) {
      loaded.add(sdk.cartStore);
      sdk.cartStore
        .getState()
        .load()
        .catch(() => undefined); // an unreachable cart shows as empty; adding reports its own error
    }
    return unsubscribe;
  }, [sdk]);
  return state;
}
