import { orderEInvoicePath } from '@lp/sdk/contract';

/**
 * The order's document token (migration 047) as every reader selects it: the proof the mails' e-invoice links carry
 * and documentAccess.ts checks. An order older than 047 has none and counts its guid, so the links in mails sent
 * before keep working; one expression, so no reader can lose that fallback on its own.
 *
 * @param alias the orders table's name or alias in the query ('o').
 */
export const documentTokenColumn = (alias = 'orders'): string =>
  `COALESCE(${alias}.document_token, ${alias}.header_guid)::text AS document_token`;

/** The e-invoice link a mail gives: the order's XRechnung, or one of its credit notes, with the document token. */
export const eInvoiceUrl = (
  shopOrigin: string,
  orderNumber: string,
  documentToken: string,
  creditNoteNumber?: string,
): string => `${shopOrigin}${orderEInvoicePath(orderNumber, creditNoteNumber)}?token=${documentToken}`;
