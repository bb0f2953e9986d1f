import { SHIPPING_COUNTRY, paths } from '@lp/sdk/contract';
import type { FastifyInstance } from 'fastify';
import { requireCompany } from '../catalogue/catalogueRoutes';
import type { ApiContext } from '../context';
import { badRequest } from '../http/ApiError';
import { companyIdSchema, querySchema } from '../http/schemas';
import { toCents, toEuros } from '../money';
import { activeMethods, quote, toShippingMethod } from './shippingRepo';

/** The shop ships to Germany only (spec 7/9: rates are asked with country DE). */
const COUNTRIES = [{ code: SHIPPING_COUNTRY, name: 'Deutschland' }];

/** spec 7 shipping API under /api/fellowtimeshipping/api/Shipping/. */
export async function shippingRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  app.get(
    paths.shipping.activeMethods,
    { schema: { querystring: querySchema({ companyId: companyIdSchema }, ['companyId']) } },
    async (request) => {
      const { companyId } = request.query as { companyId: number };
      await requireCompany(ctx, companyId);
      return (await activeMethods(ctx.db, companyId)).map(toShippingMethod);
    },
  );

  app.get(paths.shipping.countries, async () => COUNTRIES);

  app.get(
    paths.shipping.rates,
    {
      schema: {
        querystring: querySchema(
          {
            companyId: companyIdSchema,
            totalAmount: { type: 'number', minimum: 0, maximum: 10_000_000 },
            country: { type: 'string', minLength: 2, maxLength: 2, default: SHIPPING_COUNTRY },
          },
          ['companyId', 'totalAmount'],
        ),
      },
    },
    async (request) => {
      const { companyId, totalAmount, country } = request.query as {
        companyId: number;
        totalAmount: number;
        country: string;
      };
      if (country.toUpperCase() !== SHIPPING_COUNTRY) {
        throw badRequest(`The shop ships to ${SHIPPING_COUNTRY} only.`, [
          { field: 'country', message: 'must be DE' },
        ]);
      }
      await requireCompany(ctx, companyId);
      const cents = toCents(totalAmount);
      return (await activeMethods(ctx.db, companyId))
        .map((m) => quote(m, cents))
        .filter((q) => q !== null)
        .map((q) => ({ methodId: q.methodId, name: q.name, shippingCost: toEuros(q.costCents) }));
    },
  );
}
