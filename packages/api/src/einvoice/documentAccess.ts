import type { FastifyRequest } from 'fastify';
import { sessionCustomer } from '../account/sessionCookie';
import type { Queryable } from '../db/Db';
import { notFound } from '../http/ApiError';
import { UUID_PATTERN } from '../http/schemas';
import { PERSONAL_WINDOW_COLUMN } from '../orders/personalWindow';

interface DocumentAccessRow extends Record<string, unknown> {
  id: number;
  header_guid: string;
  document_token: string;
  customer_id: number | null;
  personal_shown: boolean;
}

/** A query parameter as one readable UUID, lower case; anything else (absent, repeated, another shape) is none. */
function uuidParam(request: FastifyRequest, name: 'token' | 'headerGuid'): string | undefined {
  const value = (request.query as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' && UUID_PATTERN.test(value) ? value.toLowerCase() : undefined;
}

/**
 * Session 26 (decisions.md "The e-invoice links …, einvoicelink"): an order's e-invoices (the XRechnung, its credit
 * notes) name the whole buyer (company, name, address, e-mail), so they answer:
 * - `?token=` equal to the order's `document_token` (migration 047): the proof the mails link with, which never
 *   appears in the shop's pages or addresses. Always. Orders older than 047 have none and count their guid as token,
 *   so a `?headerGuid=` equal to the token counts the same: the links in mails sent before keep working.
 * - `?headerGuid=` of the order inside the window in which the order answer still names the buyer (personalWindow.ts):
 *   the guid stays in the browser's history, and after the window it must not open what the order page hides.
 * - a session of the customer who owns the order. Always.
 * Anything else is the same 404 as an unknown number (orderAccess.ts), so a probe learns nothing.
 */
export async function requireDocumentAccess(
  db: Queryable,
  request: FastifyRequest,
  orderNumber: string,
): Promise<number> {
  const hidden = () => notFound('not-found', 'Order not found.');
  if (!/^[A-Za-z0-9-]{1,40}$/.test(orderNumber)) throw hidden();
  const [order] = await db.query<DocumentAccessRow>(
    `SELECT id, header_guid::text AS header_guid, COALESCE(document_token, header_guid)::text AS document_token, customer_id,
            ${PERSONAL_WINDOW_COLUMN}
       FROM orders WHERE upper(order_number) = upper($1)`,
    [orderNumber],
  );
  if (!order) throw hidden();
  const token = uuidParam(request, 'token');
  const headerGuid = uuidParam(request, 'headerGuid');
  const documentToken = order.document_token.toLowerCase();
  if (token === documentToken || headerGuid === documentToken) return order.id;
  if (headerGuid === order.header_guid.toLowerCase() && order.personal_shown === true) return order.id;
  if (order.customer_id !== null) {
    const customer = await sessionCustomer(db, request);
    if (customer && customer.id === order.customer_id) return order.id;
  }
  throw hidden();
}
