import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { recentAddressesPath } from '@lp/sdk/contract';
import { RecentAddressesSchema } from '@lp/sdk/contract/schemas';
import type { FastifyInstance } from 'fastify';
import type { ApiContext } from '../context';
import { ApiError } from '../http/ApiError';
import { noStore } from '../http/noStore';
import { responses } from '../http/schemas';
import { recentAddresses } from './recentAddresses';
import { sessionCustomer } from './sessionCookie';

/**
 * Session 20: `GET /api/Account/recentAddresses`, what the checkout fills in for the logged-in customer. The session
 * cookie says whose (401 `unauthorized` without one); nothing in the request can name another account. The answer
 * holds addresses, so no cache may keep it.
 */
export async function recentAddressRoutes(fastify: FastifyInstance, ctx: ApiContext): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = ctx;
  app.get(
    recentAddressesPath,
    { onRequest: noStore, schema: { response: responses({ 200: RecentAddressesSchema }) } },
    async (request) => {
      const customer = await sessionCustomer(db, request);
      if (!customer) throw new ApiError(401, 'unauthorized', 'Login required.');
      return recentAddresses(db, customer);
    },
  );
}
