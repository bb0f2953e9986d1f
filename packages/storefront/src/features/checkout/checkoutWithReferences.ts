import type { CheckoutService, SdkCore } from '@lp/sdk/compose';
import { createCheckoutService } from '@lp/sdk/compose';
import type { SaveOrderBody } from '@lp/sdk/contract';
import { ordersOf } from '../../sdk/ordersOf';

/**
 * Session 20: a company buyer's invoice references (their own order number or Leitweg-ID, their USt-IdNr.), which
 * the order save takes (`SaveOrderBody`) beside what the SDK's checkout sends.
 */
export type InvoiceReferences = Pick<SaveOrderBody, 'buyerReference' | 'buyerVatId'>;

/**
 * The shop's checkout (`checkoutOf(sdk)`'s workflow on the same cart, orders and app state) for one placement whose
 * order save carries `references`. The SDK's checkout does not send them itself: its code is in the SDK's main entry,
 * whose size guard has no bytes left (packages/sdk/__tests__/size.test.ts), and the storefront's `sdkservices` chunk
 * is in the checkout route's first script; this module is in the form's chunk (decisions.md "Company buyers:
 * Leitweg-ID, own order number and USt-IdNr.").
 *
 * @example const outcome = await checkoutWithReferences(sdk, { buyerVatId: 'DE136695976' }).placeOrder(input);
 */
export function checkoutWithReferences(
  sdk: Pick<SdkCore, 'client' | 'appState' | 'cart'>,
  references: InvoiceReferences,
): CheckoutService {
  const orders = ordersOf(sdk);
  return createCheckoutService({
    cart: sdk.cart,
    orders: { ...orders, save: (body) => orders.save({ ...body, ...references }) },
    appState: sdk.appState,
  });
}
