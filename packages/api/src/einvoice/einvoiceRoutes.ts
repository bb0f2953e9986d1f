import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiContext } from '../context';
import { type RefundPieces, storedPieces } from '../fulfilment/refundPieces';
import { ApiError, conflict, notFound } from '../http/ApiError';
import { Document, Params, responses } from '../http/schemas';
import { ORDER_COLUMNS, type OrderRow, orderItems } from '../orders/orderRepo';
import type { EInvoiceSeller } from './ciiParts';
import { xrechnungCreditNote } from './creditNote';
import { requireDocumentAccess } from './documentAccess';
import { xrechnung } from './xrechnung';

/** An XML download of its own: nothing in it runs, the browser saves it. */
const XML_HEADERS = {
  'content-type': 'application/xml; charset=utf-8',
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'",
  'cache-control': 'private, no-store',
};

type SellerRow = { [K in keyof EInvoiceSeller]: string | null };

interface RefundRow extends Record<string, unknown> {
  id: number;
  credit_note_number: string;
  refunded_at: Date | string;
  amount_cents: number;
  vat_cents: number;
  vat_rate: number;
  reason: string;
  pieces: RefundPieces | string | null;
}

/** The refund's reason in the words of the refund mail (mail/refundMail.ts). */
const REASONS: Record<string, string> = {
  withdrawal: 'Widerruf',
  complaint: 'Reklamation',
  goodwill: 'Kulanz',
  other: 'Erstattung',
};

/**
 * Session 19: GET /api/Order/{orderNumber}/xrechnung (`orderEInvoicePath` of the contract) answers the XRechnung of
 * a paid order whose billing address names a company (domestic B2B, Wachstumschancengesetz). Session 26: to the mails'
 * `?token=`, the owner's session, or `?headerGuid=` only while the order answer still names the buyer; else 404
 * (documentAccess.ts).
 */
export async function einvoiceRoutes(fastify: FastifyInstance, ctx: ApiContext): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = ctx;
  const schema = { params: Params({ orderNumber: Type.String() }), response: responses({ 200: Document }) };
  /** The order behind the caller's proof, with everything its e-invoices name; refuses what has none. */
  async function documentsOf(request: FastifyRequest, orderNumber: string) {
    const orderId = await requireDocumentAccess(db, request, orderNumber);
    const [order] = await db.query<OrderRow>(`SELECT ${ORDER_COLUMNS} FROM orders WHERE id = $1`, [orderId]);
    if (order?.status !== 'paid' || order.invoice_number === null) {
      throw conflict('order-state', 'The order is not paid; its invoice is issued with the payment.');
    }
    if (!order.billing_address.company?.trim()) {
      throw conflict('not-business-order', 'The billing address names no company; the mail is the invoice.');
    }
    if (!order.billing_person.email) {
      throw conflict('order-state', "The buyer's data of this order was erased; no e-invoice can name them.");
    }
    const [[seller], [payment]] = await Promise.all([
      db.query<SellerRow>(
        `SELECT legal_name AS "legalName", street, postcode, city, vat_id AS "vatId", contact_name AS "contactName",
                contact_phone AS "contactPhone", contact_email AS "contactEmail"
           FROM companies WHERE id = $1`,
        [order.company_id],
      ),
      db.query<{ name: string }>('SELECT name FROM payment_types WHERE company_id = $1 AND id = $2', [
        order.company_id,
        order.payment_method,
      ]),
    ]);
    if (!seller || Object.values(seller).some((value) => !value)) {
      request.log.warn(
        'e-invoice refused: set companies.legal_name, street, postcode, city, vat_id, contact_*',
      );
      throw new ApiError(503, 'unavailable', 'The shop has not set its seller data for e-invoices yet.');
    }
    return { order, seller: seller as EInvoiceSeller, paymentName: payment?.name ?? order.payment_method };
  }

  const download = (reply: FastifyReply, number: string, xml: string) =>
    reply
      .headers({ ...XML_HEADERS, 'content-disposition': `attachment; filename="XRechnung-${number}.xml"` })
      .send(xml);

  app.get('/api/Order/:orderNumber/xrechnung', { schema }, async (request, reply) => {
    const input = await documentsOf(request, request.params.orderNumber);
    const xml = xrechnung({ ...input, items: await orderItems(db, input.order.id) });
    return download(reply, input.order.invoice_number!, xml);
  });

  // A Rechnungskorrektur of the order (`lp-api orders refund`) as an XRechnung credit note (type code 381).
  app.get(
    '/api/Order/:orderNumber/xrechnung/:creditNoteNumber',
    {
      schema: { ...schema, params: Params({ orderNumber: Type.String(), creditNoteNumber: Type.String() }) },
    },
    async (request, reply) => {
      const input = await documentsOf(request, request.params.orderNumber);
      const [refund] = await db.query<RefundRow>(
        `SELECT id, credit_note_number, refunded_at, amount_cents, vat_cents, vat_rate, reason, pieces FROM refunds
          WHERE order_id = $1 AND credit_note_number = upper($2)`,
        [input.order.id, request.params.creditNoteNumber],
      );
      if (!refund) throw notFound('not-found', 'The order has no such Rechnungskorrektur.');
      const xml = xrechnungCreditNote(input, {
        creditNoteNumber: refund.credit_note_number,
        refundedAt: refund.refunded_at,
        amountCents: refund.amount_cents,
        vatCents: refund.vat_cents,
        vatRate: refund.vat_rate,
        reason: REASONS[refund.reason] ?? 'Erstattung',
        // Session 24: a refund of withdrawn lines names its pieces as lines of the credit note, as it stored them.
        pieces: storedPieces(refund.pieces),
      });
      return download(reply, refund.credit_note_number, xml);
    },
  );
}
