import type { LpClient } from '../client/createClient';
import { SHIPPING_COUNTRY } from '../contract/constants';
import type { Country, ShippingMethod, ShippingRateResult } from '../contract/entities';
import { shippingPaths as path } from '../contract/paths';
import { getCall } from './getCall';

export type ShippingService = ReturnType<typeof createShippingService>;

/**
 * Shipping calls of spec 7 (base /api/fellowtimeshipping/api/Shipping/).
 *
 * @example
 * const shipping = createShippingService(client);
 * const [first] = await shipping.rates(1001, 49.9);
 */
export function createShippingService(client: LpClient) {
  return {
    /** @example await sdk.shipping.activeMethods(1001); */
    activeMethods: getCall<[companyId: number], ShippingMethod[]>(client, path.activeMethods, ['companyId#']),
    /** @example await sdk.shipping.countries(); */
    countries: getCall<[], Country[]>(client, path.countries),
    /** spec 7: country fixed to DE. @example await sdk.shipping.rates(1001, 49.9); */
    rates: getCall<[companyId: number, totalAmount: number], ShippingRateResult[]>(
      client,
      path.rates,
      ['companyId#', 'totalAmount#'],
      { country: SHIPPING_COUNTRY },
    ),
  };
}
