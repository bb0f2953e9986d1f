import { type SdkOptions, createCartStore, createMemoryStorage, createSdk } from '@lp/sdk';
import type { Cart, PriceSummary, ShippingMethod } from '@lp/sdk/contract';
import type { ServerCartForPage } from './cartLoader';
import { cartGuidOrNull, readCartCookie } from './cartCookie';

/** A cart as the server read it for the cart page: what the browser's cart store would show for the same guid. */
export interface CartSnapshot {
  /** The guid the server asked for (also when the API did not know it: then `cart` is the empty default). */
  guid: string;
  cart: Cart;
  priceSummary: PriceSummary;
  freeShippingFrom: number;
}

/** Reads one cart by guid on the server; null when the API could not say (the browser loads the cart then). */
export type ServerCartReader = (guid: string) => Promise<CartSnapshot | null>;

/**
 * How long the server waits for each cart call. Shorter than the page's whole wait (server/apiFetch.ts): a cart the
 * API is slow to answer is left to the browser (the page renders as before the server read carts) instead of
 * turning the page into the 504 page. The SDK's own timeout is not counted as the API's fault.
 */
export const SERVER_CART_TIMEOUT_MS = 1500;

/**
 * The cart reader of one page render. It runs the SDK's own cart store on a throw-away app state holding the guid,
 * so the lines, the price summary (shipping from the rates, spec 4) and the free-shipping threshold come from the
 * same code as in the browser (one rule, one place). It uses the server's API fetch (deadline, fault notes) but not
 * the recording one: a cart never travels as transfer state, whose keys do not tell carts apart.
 * `shippingMethods`: the page's own read of the shop's shipping methods (the layout's free-shipping minimum reads
 * them too), so the page asks the API for them once; without it the cart store asks.
 */
export function serverCartReader(
  options: Pick<SdkOptions, 'baseUrl' | 'companyAlias' | 'fetch'>,
  companyId: number,
  shippingMethods?: () => Promise<ShippingMethod[]>,
): ServerCartReader {
  return async (guid) => {
    const sdk = createSdk({
      ...options,
      storage: createMemoryStorage(),
      retries: 0,
      timeoutMs: SERVER_CART_TIMEOUT_MS,
    });
    sdk.appState.set({ CartGuid: guid });
    const store = createCartStore({
      cart: sdk.cart,
      appState: sdk.appState,
      shipping: shippingMethods
        ? { rates: sdk.shipping.rates, activeMethods: shippingMethods }
        : sdk.shipping,
      companyId: async () => companyId,
    });
    try {
      const cart = await store.getState().load();
      const { priceSummary, freeShippingFrom } = store.getState();
      return { guid, cart, priceSummary, freeShippingFrom };
    } catch {
      return null; // API error or too slow: the browser's cart store loads it, as before
    }
  };
}

/**
 * Which cart the server shows on the cart page: the shopper's (the guid in the cart cookie) or, on a widget handoff
 * (`?cartGuid=`), the handed-over one, following the browser's rule (pages/CartPage.tsx): a non-empty cart of the
 * shopper's own is never replaced silently, so then the page asks first and shows no lines.
 */
export function serverCartForPage(readCart: ServerCartReader): ServerCartForPage {
  return async (request) => {
    const handedOver = cartGuidOrNull(new URL(request.url).searchParams.get('cartGuid'));
    const own = readCartCookie(request.headers.get('cookie'));
    if (handedOver && own && own !== handedOver) {
      const mine = await readCart(own);
      if ((mine?.cart.items?.length ?? 0) > 0) return { snapshot: null, ask: true };
    }
    const guid = handedOver ?? own;
    const snapshot = guid ? await readCart(guid) : null;
    // Session 25: an account's cart is left to the browser, which shows it only while its login lasts
    // (account/forgetEndedLoginCart.ts); this render sees no session, so it cannot tell the owner from the next person.
    if (snapshot?.cart.userId != null) return { snapshot: null, ask: false, accountCart: true };
    return { snapshot, ask: false };
  };
}
