/**
 * `@lp/sdk/compose`: the parts of `createSdk()` for an app that bundles per view (a storefront splitting its
 * routes). `createSdkCore(options)` builds what first views use (client, app state, company, cart service, catalogue,
 * shipping, cart store, tracker); the factories below make the other services from the core's parts where a later
 * view needs them, so a page's first script does not carry checkout, orders, coupons, content or the image upload.
 * `createSdk()` is the same composition done at once. An entry of its own, so the main entry's size budget stays
 * untouched (DESIGN 7).
 *
 * @example
 * const core = createSdkCore({ baseUrl: 'https://api.example.de' });
 * // in the checkout page's chunk:
 * const orders = createOrderService(core.client, core.appState);
 * const checkout = createCheckoutService({ cart: core.cart, orders, appState: core.appState });
 */
export { createSdkCore } from './createSdkCore';
export type { SdkCore, SdkOptions } from './createSdkCore';
export { createCartImageUpload } from './services/cartImageUpload';
export type { CartImageUpload } from './services/cartImageUpload';
export { createCheckoutService } from './services/checkoutService';
export type { CheckoutService } from './services/checkoutService';
export { createContentService } from './services/contentService';
export type { ContentService } from './services/contentService';
export { createCouponService } from './services/couponService';
export type { CouponService } from './services/couponService';
export { createOrderService } from './services/orderService';
export type { OrderService } from './services/orderService';
