import type { LpClient } from '../client/createClient';
import type { Coupon, Order } from '../contract/entities';
import type { ApplyCouponBody } from '../contract/payloads';
import { couponPaths } from '../contract/paths';
import { getCall } from './getCall';
import { requireObject, requirePathText, requireText } from './requireParam';

export type CouponService = ReturnType<typeof createCouponService>;

/**
 * Coupon calls of spec 7. Errors carry spec 8's `reason`: validate 400 'Bad Request', 404 'Not Found',
 * 500 'Internal Server Error'; apply adds 409 'Conflict'.
 *
 * @example
 * const coupons = createCouponService(client);
 * const coupon = await coupons.validate('SOMMER10', 1001);
 */
export function createCouponService(client: LpClient) {
  return {
    /** spec 5: needs code and companyId. @example await sdk.coupons.validate('SOMMER10', 1001); */
    validate: getCall<[code: string, companyId: number], Coupon>(client, couponPaths.validate, [
      'code',
      'companyId#',
    ]),
    /** Applies a coupon to a saved order (201); answers the order. @example await sdk.coupons.apply({ headerGuid, code: 'SOMMER10' }); */
    async apply(body: ApplyCouponBody): Promise<Order> {
      requireObject('body', body);
      const payload = {
        headerGuid: requireText('headerGuid', body.headerGuid),
        code: requireText('code', body.code),
      };
      return client.request<Order>('POST', couponPaths.apply, { body: payload });
    },
    /** spec 5: needs headerGuid; 204 on success. @example await sdk.coupons.remove(headerGuid); */
    async remove(headerGuid: string): Promise<void> {
      await client.request('DELETE', couponPaths.remove(requirePathText('headerGuid', headerGuid)));
    },
  };
}
