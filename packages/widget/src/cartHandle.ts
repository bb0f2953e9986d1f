import { handoffUrl } from './handoffUrl';
import { DEFAULT_COMPANY, type LpSdk, getDefaults, getSdk } from './sdkRegistry';
import { cartSnapshot, loadCartOnce } from './useCartState';

/** The page's cart as `window.LpWidget.cart` reports it. */
export interface LpWidgetCartState {
  count: number;
  cartGuid: string | null;
  /** The shop's cart URL that takes this cart over (`${shopUrl}/cart?cartGuid=<guid>`). */
  handoffUrl: string;
}

/** `window.LpWidget.cart`: the cart of the script tag's `data-api`/`data-company`/`data-dealer`. */
export interface LpWidgetCart {
  readonly count: number;
  readonly handoffUrl: string;
  /** Calls `listener` now and on every change of count or cart guid; returns the unsubscribe function. */
  subscribe(listener: (cart: LpWidgetCartState) => void): () => void;
}

function pageSdk(): LpSdk {
  const defaults = getDefaults();
  return getSdk(defaults.api ?? '', defaults.company ?? DEFAULT_COMPANY, defaults.dealer);
}

function read(): LpWidgetCartState {
  const cart = cartSnapshot(pageSdk());
  return { ...cart, handoffUrl: handoffUrl(getDefaults().shopUrl ?? '', cart.cartGuid) };
}

/**
 * For a dealer's own header or analytics: the shared cart of the page's elements, without an element. The first
 * subscriber loads the stored cart (as the first element does).
 *
 * @example
 * LpWidget.cart.subscribe(({ count, handoffUrl }) => { badge.textContent = count; link.href = handoffUrl; });
 */
export const widgetCart: LpWidgetCart = {
  get count() {
    return read().count;
  },
  get handoffUrl() {
    return read().handoffUrl;
  },
  subscribe(listener) {
    const sdk = pageSdk();
    let last = read();
    listener(last);
    loadCartOnce(sdk);
    return sdk.cartStore.subscribe(() => {
      const next = read();
      if (next.count === last.count && next.cartGuid === last.cartGuid) return;
      last = next;
      listener(next);
    });
  },
};
