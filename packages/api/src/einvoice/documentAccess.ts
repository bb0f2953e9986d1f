import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../db/Db';
import { type OrderProofRow, requireOrderProof, uuidParam } from '../orders/orderAccess';
import { PERSONAL_WINDOW_COLUMN } from '../orders/personalWindow';
import { documentTokenColumn } from './documentLink';

interface DocumentAccessRow extends OrderProofRow {
  header_guid: string;
  document_token: string;
  personal_shown: boolean;
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
  const token = uuidParam(request, 'token');
  const headerGuid = uuidParam(request, 'headerGuid');
  return requireOrderProof<DocumentAccessRow>(
    db,
    request,
    orderNumber,
    `header_guid::text AS header_guid, ${documentTokenColumn()},
            ${PERSONAL_WINDOW_COLUMN}`,
    (order) => {
      const documentToken = order.document_token.toLowerCase();
      if (token === documentToken || headerGuid === documentToken) return true;
      return headerGuid === order.header_guid.toLowerCase() && order.personal_shown === true;
    },
  );
}
