import type { Queryable } from '../db/Db';
import type { MailTransport } from '../outbox/mailTransport';
import { ORDER_COLUMNS, type OrderRow, loadOrder } from '../orders/orderRepo';
import { documentTokenColumn } from '../einvoice/documentLink';
import { sellerReady } from '../einvoice/sellerReady';
import { legalTexts } from './legalTexts';
import { RecipientErased } from './owedMails';
import { orderConfirmationMail, type Seller } from './orderConfirmationMail';
import { shopName } from './signOff';

/** The company row's unset (NULL) fields as absent. */
const withoutNulls = (seller: Record<string, string | null | undefined>): Seller =>
  Object.fromEntries(Object.entries(seller).filter(([, value]) => value != null)) as Seller;

/**
 * Builds the order confirmation of a paid order and hands it to the transport, addressed to the billing e-mail;
 * rejects when it could not be handed over. Who calls it, and what a failure means, is orderConfirmations.ts's job.
 *
 * @param shopOrigin the storefront's origin the shopper paid from (the payment's checked return URL), for the links.
 */
export async function sendOrderConfirmation(
  db: Queryable,
  mail: MailTransport,
  orderId: number,
  shopOrigin: string,
): Promise<void> {
  // The document token beside the order's columns only here: the order answer never carries it (migration 047;
  // an order older than 047 has none and counts its guid).
  const [row] = await db.query<OrderRow & { document_token: string }>(
    `SELECT ${ORDER_COLUMNS}, ${documentTokenColumn()} FROM orders WHERE id = $1`,
    [orderId],
  );
  if (row?.status !== 'paid') throw new Error('The order is not paid.');
  if (!row.billing_person.email) throw new RecipientErased();
  const [order, [payment], [method], legal, name, [seller]] = await Promise.all([
    loadOrder(db, row),
    db.query<{ name: string }>('SELECT name FROM payment_types WHERE company_id = $1 AND id = $2', [
      row.company_id,
      row.payment_method,
    ]),
    // The method's delivery time as the shop states it now: the mail goes out right after the payment, minutes
    // after the review showed it (orders keep the method's id and name, not its delivery time).
    db.query<{ delivery_time: string | null }>(
      'SELECT delivery_time FROM shipping_methods WHERE company_id = $1 AND id = $2',
      [row.company_id, row.shipping_method_id],
    ),
    legalTexts(db, row.company_id),
    shopName(db, row.company_id),
    // The seller as the company's invoice data names it now (§ 14 (4) no. 1, 2 UStG).
    db.query<Record<keyof Seller, string | null> & { e_invoice: boolean }>(
      `SELECT legal_name AS "legalName", street, postcode, city, vat_id AS "vatId",
              ${sellerReady('companies')} AS e_invoice
         FROM companies WHERE id = $1`,
      [row.company_id],
    ),
  ]);
  const { e_invoice: eInvoice = false, ...sellerData } = seller ?? {};
  await mail.send(
    orderConfirmationMail({
      order,
      paymentName: payment?.name ?? row.payment_method,
      shopOrigin,
      shopName: name,
      deliveryTime: method?.delivery_time ?? undefined,
      seller: withoutNulls(sellerData),
      eInvoice,
      documentToken: row.document_token,
      legal,
    }),
  );
}
