import type { CartItem, CartState, LpError, PriceSummary } from '@lp/sdk';
import { useRef, useSyncExternalStore } from 'react';
import { useLpSdk } from './useLpSdk';

/** What {@link useCart} offers: the cart store's state in a flatter shape, and its actions. */
export interface CartView {
  /** The cart's lines (an empty array for the empty cart). */
  lines: CartItem[];
  /** Sum of the line counts. */
  count: number;
  priceSummary: PriceSummary;
  /** 'pending' while a cart request runs, 'error' after a failed action, else 'idle'. */
  status: 'idle' | 'pending' | 'error';
  /** The last action's error, cleared by the next success. */
  error: LpError | null;
  /** The SDK's whole cart state, for what the view leaves out (cart guid, shipping method ...). */
  state: CartState;
  add: CartState['add'];
  update: CartState['update'];
  remove: CartState['remove'];
  clear: CartState['clear'];
}

const NO_LINES: CartItem[] = [];
const views = new WeakMap<CartState, CartView>();

/** One view object per store state, so unchanged state gives the same object (useSyncExternalStore needs that). */
function viewOf(state: CartState): CartView {
  let view = views.get(state);
  if (!view) {
    view = {
      lines: state.cart.items ?? NO_LINES,
      count: state.count,
      priceSummary: state.priceSummary,
      status: state.pending ? 'pending' : state.error ? 'error' : 'idle',
      error: state.error,
      state,
      add: state.add,
      update: state.update,
      remove: state.remove,
      clear: state.clear,
    };
    views.set(state, view);
  }
  return view;
}

/**
 * The SDK's cart store (CONVENTIONS: the binding only subscribes). With a selector, the component re-renders only
 * when the selected value changes; a selector may build objects, it runs again only when the state or the
 * selector changes. The server, and hydration, render the store's initial state (the empty cart: the cart lives in
 * the browser), so server HTML and first client render agree.
 *
 * @example
 * const count = useCart((cart) => cart.count);
 * const { lines, add, remove, status } = useCart();
 */
export function useCart(): CartView;
export function useCart<T>(selector: (cart: CartView) => T): T;
export function useCart<T>(selector?: (cart: CartView) => T): T | CartView {
  const store = useLpSdk().cartStore;
  const memo = useRef<{ view?: CartView; selector?: unknown; value?: T }>({});
  const select = (state: CartState): T | CartView => {
    const view = viewOf(state);
    if (!selector) return view;
    const last = memo.current;
    if (last.view !== view || last.selector !== selector) {
      memo.current = { view, selector, value: selector(view) };
    }
    return memo.current.value as T;
  };
  return useSyncExternalStore(
    store.subscribe,
    () => select(store.getState()),
    () => select(store.getInitialState()),
  );
}
