import { handoffUrl } from './handoffUrl';
import { DEFAULT_COMPANY, type LpSdk, getDefaults, getSdk } from './sdkRegistry';
import type { LpWidgetCart, LpWidgetCartState } from './types/scriptTagGlobal';
import { cartSnapshot, loadCartOnce } from './useCartState';

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
