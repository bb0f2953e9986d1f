import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { paths } from '@lp/sdk/contract';
import {
  ApplyCartCouponBodySchema,
  ApplyCouponBodySchema,
  CartSchema,
  CouponSchema,
  OrderSchema,
  Text,
} from '@lp/sdk/contract/schemas';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { ApiContext } from '../context';
import { missingParameter, notFound } from '../http/ApiError';
import { NoContent, Params, Query, UUID_PATTERN, responses } from '../http/schemas';
import { requireCents } from '../money';
import { cartGuidOf } from '../cart/cartGuid';
import { applyCoupon, removeCoupon } from '../orders/orderService';
import { orderForGuidCaller } from '../orders/personalWindow';
import { applyCartCoupon, removeCartCoupon } from './cartCoupon';
import { usableCoupon } from './couponRepo';

/** spec 7 coupon endpoints with the spec 8 answers (400, 404, 409), and the cart's coupon (issue 13). */
export async function couponRoutes(fastify: FastifyInstance, ctx: ApiContext): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    paths.coupon.validate,
    {
      schema: {
        // All optional in the schema: a missing one gets the spec 5 wording below.
        querystring: Query({
          code: Type.Optional(Text(100)),
          companyId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647 })),
          // Optional goods total: when given, the coupon's minimum order is checked too.
          totalAmount: Type.Optional(Type.Number({ minimum: 0, maximum: 10_000_000 })),
        }),
        response: responses({ 200: CouponSchema }),
      },
    },
    async (request) => {
      const { code, companyId, totalAmount } = request.query;
      // spec 5: coupon validate needs code and companyId.
      if (!code) throw missingParameter('code');
      if (companyId === undefined) throw missingParameter('companyId');
      const cents = totalAmount === undefined ? undefined : requireCents('totalAmount', totalAmount);
      return (await usableCoupon(ctx.db, code, companyId, cents)).coupon;
    },
  );

  app.post(
    paths.coupon.apply,
    { schema: { body: ApplyCouponBodySchema, response: responses({ 201: OrderSchema }) } },
    async (request, reply) => {
      const { headerGuid, code } = request.body;
      const { row, order } = await applyCoupon(ctx.db, headerGuid, code);
      return reply.status(201).send(await orderForGuidCaller(ctx.db, request, row, order));
    },
  );

  // Issue 13: the coupon belongs to the cart (named by the CartGuid header); both answer the cart with its totals.
  app.post(
    paths.cart.applyCoupon,
    { schema: { body: ApplyCartCouponBodySchema, response: responses({ 200: CartSchema }) } },
    async (request) => applyCartCoupon(ctx.db, cartGuidOf(request), request.body.code),
  );
  app.post(
    paths.cart.removeCoupon,
    { schema: { response: responses({ 200: CartSchema }) } },
    async (request) => removeCartCoupon(ctx.db, cartGuidOf(request)),
  );

  app.delete(
    '/api/Order/:headerGuid/coupon',
    { schema: { params: Params({ headerGuid: Type.String() }), response: responses({ 204: NoContent }) } },
    async (request, reply) => {
      const { headerGuid } = request.params;
      if (!headerGuid) throw missingParameter('headerGuid');
      if (!UUID_PATTERN.test(headerGuid)) throw notFound('not-found', 'Order not found.');
      await removeCoupon(ctx.db, headerGuid);
      return reply.status(204).send();
    },
  );
}
