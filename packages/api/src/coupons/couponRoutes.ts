import { paths } from '@lp/sdk/contract';
import type { FastifyInstance } from 'fastify';
import type { ApiContext } from '../context';
import { missingParameter, notFound } from '../http/ApiError';
import { UUID_PATTERN, querySchema, text } from '../http/schemas';
import { applyCouponSchema } from '../orders/orderSchemas';
import { applyCoupon, removeCoupon } from '../orders/orderService';
import { usableCoupon } from './couponRepo';

/** spec 7 coupon endpoints with the spec 8 answers (400, 404, 409). */
export async function couponRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  app.get(
    paths.coupon.validate,
    {
      schema: {
        querystring: querySchema({
          code: text(100),
          companyId: { type: 'integer', minimum: 1, maximum: 2_147_483_647 },
          // Optional goods total: when given, the coupon's minimum order is checked too.
          totalAmount: { type: 'number', minimum: 0, maximum: 10_000_000 },
        }),
      },
    },
    async (request) => {
      const { code, companyId, totalAmount } = request.query as {
        code?: string;
        companyId?: number;
        totalAmount?: number;
      };
      // spec 5: coupon validate needs code and companyId.
      if (!code) throw missingParameter('code');
      if (companyId === undefined) throw missingParameter('companyId');
      const cents = totalAmount === undefined ? undefined : Math.round(totalAmount * 100);
      return (await usableCoupon(ctx.db, code, companyId, cents)).coupon;
    },
  );

  app.post(paths.coupon.apply, { schema: { body: applyCouponSchema } }, async (request, reply) => {
    const { headerGuid, code } = request.body as { headerGuid: string; code: string };
    const order = await applyCoupon(ctx.db, headerGuid, code);
    return reply.status(201).send(order);
  });

  app.delete('/api/Order/:headerGuid/coupon', async (request, reply) => {
    const { headerGuid } = request.params as { headerGuid: string };
    if (!headerGuid) throw missingParameter('headerGuid');
    if (!UUID_PATTERN.test(headerGuid)) throw notFound('Order not found.');
    await removeCoupon(ctx.db, headerGuid);
    return reply.status(204).send();
  });
}
