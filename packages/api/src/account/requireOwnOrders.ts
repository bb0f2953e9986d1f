import type { OrderListFilter } from '@lp/sdk/contract';
import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../db/Db';
import { ApiError } from '../http/ApiError';
import { sessionCustomer } from './sessionCookie';

/**
 * Issue 6 order isolation (security review 2): order lists need a session (401 without one). getOrders needs the
 * session's CustomerId and CustomerCompanyId, getCustomerCompanyOrders the session's CustomerCompanyId; anything
 * else is 403 (docs/reference/http-contract.md, "Account").
 */
export async function requireOwnOrders(
  db: Queryable,
  request: FastifyRequest,
  filter: OrderListFilter,
  scope: 'customer' | 'company',
): Promise<void> {
  const customer = await sessionCustomer(db, request);
  if (!customer) throw new ApiError(401, 'unauthorized', 'Login required.');
  const ownCompany = filter.CustomerCompanyId === customer.customerCompanyId;
  const own = scope === 'company' ? ownCompany : ownCompany && filter.CustomerId === customer.id;
  if (!own) throw new ApiError(403, 'forbidden', 'A logged-in customer may list only their own orders.');
}
