import { handoffUrl } from './handoffUrl';
import { type LpSdk, elementSdk, getDefaults } from './sdkRegistry';
import type { LpWidgetCart, LpWidgetCartState } from './types/scriptTagGlobal';
import { cartSnapshot, loadCartOnce } from './useCartState';

/** The SDK of an element with no `api`, `company` or `dealer` of its own: the page defaults' (script tag). */
function pageSdk(): LpSdk {
  return elementSdk({ api: null, company: null });
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
