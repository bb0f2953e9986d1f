import type { FastifyRequest } from 'fastify';
import { sessionCustomer } from '../account/sessionCookie';
import type { Queryable } from '../db/Db';
import { notFound } from '../http/ApiError';
import { UUID_PATTERN } from '../http/schemas';

interface AccessRow extends Record<string, unknown> {
  id: number;
  header_guid: string;
  customer_id: number | null;
}

/**
 * Security review 3: order numbers are guessable (LP-2026-000123), so reading an order's designs or print files by
 * number needs proof: `?headerGuid=` of that very order, or a session whose customer owns it. Anything else is the
 * same 404 as an unknown number, so a probe learns nothing about which orders exist.
 */
export async function requireOrderAccess(
  db: Queryable,
  request: FastifyRequest,
  orderNumber: string,
): Promise<number> {
  const hidden = () => notFound('not-found', 'Order not found.');
  if (!/^[A-Za-z0-9-]{1,40}$/.test(orderNumber)) throw hidden();
  const [order] = await db.query<AccessRow>(
    'SELECT id, header_guid::text AS header_guid, customer_id FROM orders WHERE upper(order_number) = upper($1)',
    [orderNumber],
  );
  if (!order) throw hidden();
  const query = request.query as { headerGuid?: unknown } | undefined;
  const headerGuid = typeof query?.headerGuid === 'string' ? query.headerGuid : '';
  if (UUID_PATTERN.test(headerGuid) && headerGuid.toLowerCase() === order.header_guid.toLowerCase()) {
    return order.id;
  }
  if (order.customer_id !== null) {
    const customer = await sessionCustomer(db, request);
    if (customer && customer.id === order.customer_id) return order.id;
  }
  throw hidden();
}
