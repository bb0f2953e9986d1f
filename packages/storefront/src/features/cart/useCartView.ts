import type { Cart, PriceSummary } from '@lp/sdk/contract';
import { useCart } from '@lp/react';
import { useShop } from '../../app/ShopContext';
import type { CartSnapshot } from './serverCart';
import { useCartPhase } from './useCartReady';

/** A cart to show, from the browser's cart store (`live`) or from the server's snapshot of the same cart. */
export interface ShownCart {
  cart: Cart;
  priceSummary: PriceSummary;
  freeShippingFrom: number;
  /** From the cart store: changes go through. A snapshot is shown with its buttons off until the store has it. */
  live: boolean;
}

/** What the cart page shows below its heading. */
export type CartView =
  | ({ kind: 'lines' } & ShownCart)
  | { kind: 'empty'; live: boolean }
  | { kind: 'loading' };

const shown = (source: Omit<ShownCart, 'live'>, live: boolean): CartView =>
  (source.cart.items?.length ?? 0) > 0
    ? {
        kind: 'lines',
        cart: source.cart,
        priceSummary: source.priceSummary,
        freeShippingFrom: source.freeShippingFrom,
        live,
      }
    : { kind: 'empty', live };

/**
 * Decides between the server's snapshot and the browser's cart store. The server HTML and the hydrating render show
 * the snapshot (the store's state is its initial one then, so both sides agree); afterwards the snapshot stays while
 * the store loads that same cart (the shopper's guid, or the handed-over one being adopted), and the store takes
 * over once it has the cart. A snapshot of another cart than the browser's (a stale cookie) gives way to "loading".
 * Without a snapshot the server shows the empty state, as a browser without JavaScript would; for an account's cart,
 * which the server never renders, "loading".
 */
export function useCartView(
  snapshot: CartSnapshot | null,
  handedOver: string | null,
  accountCart?: boolean,
): CartView {
  const { sdk } = useShop();
  const phase = useCartPhase();
  const state = useCart(({ state }) => state);
  if (phase === 'ready' && !handedOver) return shown(state, true);
  const expected = phase === 'server' ? null : (handedOver ?? sdk.appState.get().CartGuid);
  if (snapshot && (phase === 'server' || snapshot.guid === expected)) return shown(snapshot, false);
  // An account's cart is never in the server's HTML (serverCart.ts): "loading" there, not an empty cart.
  return phase === 'server' && !accountCart ? { kind: 'empty', live: false } : { kind: 'loading' };
}
