import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { SHIPPING_COUNTRY, paths } from '@lp/sdk/contract';
import {
  CompanyId,
  CountrySchema,
  ShippingMethodSchema,
  ShippingRateResultSchema,
} from '@lp/sdk/contract/schemas';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { requireCompany } from '../catalogue/catalogueRoutes';
import type { ApiContext } from '../context';
import { badRequest } from '../http/ApiError';
import { Query, responses } from '../http/schemas';
import { requireCents, toEuros } from '../money';
import { activeMethods, cachedActiveMethods, quote, toShippingMethod } from './shippingRepo';

/** The shop ships to Germany only (spec 7/9: rates are asked with country DE). */
const COUNTRIES = [{ code: SHIPPING_COUNTRY, name: 'Deutschland' }];

/** spec 7 shipping API under /api/fellowtimeshipping/api/Shipping/. */
export async function shippingRoutes(fastify: FastifyInstance, ctx: ApiContext): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    paths.shipping.activeMethods,
    {
      schema: {
        querystring: Query({ companyId: CompanyId }),
        response: responses({ 200: Type.Array(ShippingMethodSchema) }),
      },
    },
    async (request) => {
      const { companyId } = request.query;
      await requireCompany(ctx, companyId);
      return (await activeMethods(ctx.db, companyId)).map(toShippingMethod);
    },
  );

  app.get(
    paths.shipping.countries,
    { schema: { response: responses({ 200: Type.Array(CountrySchema) }) } },
    async () => COUNTRIES,
  );

  app.get(
    paths.shipping.rates,
    {
      schema: {
        querystring: Query({
          companyId: CompanyId,
          totalAmount: Type.Number({ minimum: 0, maximum: 10_000_000 }),
          country: Type.Optional(Type.String({ minLength: 2, maxLength: 2, default: SHIPPING_COUNTRY })),
        }),
        response: responses({ 200: Type.Array(ShippingRateResultSchema) }),
      },
    },
    async (request) => {
      const { companyId, totalAmount, country = SHIPPING_COUNTRY } = request.query;
      if (country.toUpperCase() !== SHIPPING_COUNTRY) {
        throw badRequest('validation', `The shop ships to ${SHIPPING_COUNTRY} only.`, [
          { field: 'country', message: 'must be DE' },
        ]);
      }
      await requireCompany(ctx, companyId);
      const cents = requireCents('totalAmount', totalAmount);
      // The cart's price and saveOrder read the same 10-second cache: the shipping a review shows is what the save
      // charges (else the save's `expectedTotal` check refused a just-changed rate for up to 10 s).
      return (await cachedActiveMethods(ctx.db, companyId))
        .map((m) => quote(m, cents))
        .filter((q) => q !== null)
        .map((q) => ({ methodId: q.methodId, name: q.name, shippingCost: toEuros(q.costCents) }));
    },
  );
}
