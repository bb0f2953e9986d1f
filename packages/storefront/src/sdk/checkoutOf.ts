import { type SdkCore, createCheckoutService } from '@lp/sdk/compose';
import { ordersOf } from './ordersOf';
import { serviceOf } from './serviceOf';

/**
 * `sdk.checkout` of createSdk (the order workflow), made from the shop's SDK core on first use by the checkout form.
 * @example const outcome = await checkoutOf(sdk).placeOrder(input);
 */
export const checkoutOf = serviceOf((sdk: Pick<SdkCore, 'client' | 'appState' | 'cart'>) =>
  createCheckoutService({ cart: sdk.cart, orders: ordersOf(sdk), appState: sdk.appState }),
);
