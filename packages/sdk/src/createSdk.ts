import { type SdkCore, type SdkOptions, createSdkCore } from './createSdkCore';
import { type CartImageUpload, createCartImageUpload } from './services/cartImageUpload';
import type { CartService } from './services/cartService';
import { type CheckoutService, createCheckoutService } from './services/checkoutService';
import { createContentService } from './services/contentService';
import { createCouponService } from './services/couponService';
import { createOrderService } from './services/orderService';

export type { SdkOptions };

/** Everything `createSdk` returns: the {@link SdkCore} and the services a later step of the shop needs. */
export interface Sdk extends SdkCore {
  /** Cart calls of spec 7, image upload included. */
  cart: CartService & { addItemImage: CartImageUpload };
  coupons: ReturnType<typeof createCouponService>;
  orders: ReturnType<typeof createOrderService>;
  content: ReturnType<typeof createContentService>;
  /**
   * The order workflow of spec 4 (addresses, save, coupon, confirm, payment) with typed outcomes.
   * @example const outcome = await sdk.checkout.placeOrder(input); // { kind: 'redirect', redirectUrl, headerGuid } | …
   */
  checkout: CheckoutService;
}

/**
 * The composition root: builds the client once and hands it to every service, the cart store and the tracker.
 * It is {@link createSdkCore} plus the orders, coupons, content, checkout and image-upload services made from the
 * core's client (an app that wants those in later chunks composes the same parts itself).
 *
 * @example
 * const sdk = createSdk({ baseUrl: 'http://127.0.0.1:4000' });
 * const company = await sdk.getCompany();
 * const { items } = await sdk.catalogue.products(company.UniqueId);
 * await sdk.cartStore.getState().add({ productUniqueId: items[0].UniqueId, quantity: 1, addData: [...] });
 */
export function createSdk(options: SdkOptions = {}): Sdk {
  const core = createSdkCore(options);
  const { client, appState } = core;
  const cart = { ...core.cart, addItemImage: createCartImageUpload(client) };
  const orders = createOrderService(client, appState);
  return {
    ...core,
    cart,
    coupons: createCouponService(client),
    orders,
    content: createContentService(client),
    checkout: createCheckoutService({ cart, orders, appState }),
  };
}
