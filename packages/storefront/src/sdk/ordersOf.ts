import { type SdkCore, createOrderService } from '@lp/sdk/compose';
import { serviceOf } from './serviceOf';

/**
 * `sdk.orders` of createSdk, made from the shop's SDK core on first use (thank-you and account pages, checkout).
 * @example const order = await ordersOf(sdk).get(headerGuid);
 */
export const ordersOf = serviceOf((sdk: Pick<SdkCore, 'client' | 'appState'>) =>
  createOrderService(sdk.client, sdk.appState),
);
