import type { FastifyRequest } from 'fastify';
import { sessionCustomer } from '../account/sessionCookie';
import type { Queryable } from '../db/Db';
import { notFound } from '../http/ApiError';
import { UUID_PATTERN } from '../http/schemas';

/** What every proof of an order reads: its id and its owner; `columns` of requireOrderProof add the rest. */
export interface OrderProofRow extends Record<string, unknown> {
  id: number;
  customer_id: number | null;
}

interface AccessRow extends OrderProofRow {
  header_guid: string;
}

/** A query parameter as one readable UUID, lower case; anything else (absent, repeated, another shape) is none. */
export function uuidParam(request: FastifyRequest, name: 'token' | 'headerGuid'): string | undefined {
  const value = (request.query as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' && UUID_PATTERN.test(value) ? value.toLowerCase() : undefined;
}

/**
 * Security review 3: order numbers are guessable (LP-2026-000123), so whatever is read by an order's number needs
 * proof. The order is read with `columns` (SQL, besides id and customer_id); it opens when `proves` says so of that
 * row, or to a session whose customer owns it. Anything else is the same 404 as an unknown number, so a probe
 * learns nothing about which orders exist. Returns the order's id.
 */
export async function requireOrderProof<Row extends OrderProofRow>(
  db: Queryable,
  request: FastifyRequest,
  orderNumber: string,
  columns: string,
  proves: (order: Row) => boolean,
): Promise<number> {
  const hidden = () => notFound('not-found', 'Order not found.');
  if (!/^[A-Za-z0-9-]{1,40}$/.test(orderNumber)) throw hidden();
  const [order] = await db.query<Row>(
    `SELECT id, customer_id, ${columns} FROM orders WHERE upper(order_number) = upper($1)`,
    [orderNumber],
  );
  if (!order) throw hidden();
  if (proves(order)) return order.id;
  if (order.customer_id !== null) {
    const customer = await sessionCustomer(db, request);
    if (customer && customer.id === order.customer_id) return order.id;
  }
  throw hidden();
}

/** An order's designs or print files: `?headerGuid=` of that very order, or its owner's session. */
export async function requireOrderAccess(
  db: Queryable,
  request: FastifyRequest,
  orderNumber: string,
): Promise<number> {
  const headerGuid = uuidParam(request, 'headerGuid');
  return requireOrderProof<AccessRow>(
    db,
    request,
    orderNumber,
    'header_guid::text AS header_guid',
    (order) => headerGuid === order.header_guid.toLowerCase(),
  );
}
