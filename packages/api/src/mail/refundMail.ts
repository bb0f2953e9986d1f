import type { Address, BillingPerson } from '@lp/sdk/contract';
import type { Queryable } from '../db/Db';
import { documentTokenColumn, eInvoiceUrl } from '../einvoice/documentLink';
import { sellerReady } from '../einvoice/sellerReady';
import { type RefundPieces, storedPieces } from '../fulfilment/refundPieces';
import type { RefundReason } from '../fulfilment/refunds';
import type { OutgoingMail } from '../outbox/mailTransport';
import { RecipientErased } from './owedMails';
import { address } from './orderConfirmationMail';
import { orderShopUrl, originOf } from './shopOrigin';
import { type ShopSender, shopSender, signOffWithImprint } from './signOff';

/** Everything the Erstattungsbestätigung says, as stored (cents, ISO dates). */
export interface RefundMailInput {
  orderNumber: string;
  person: BillingPerson;
  billingAddress: Address;
  /** Session 20: a company buyer's own order number or Leitweg-ID and USt-IdNr., as the invoice named them. */
  buyerReference?: string | null | undefined;
  buyerVatId?: string | null | undefined;
  invoiceNumber: string;
  /** ISO 8601. */
  invoiceDate: string;
  creditNoteNumber: string;
  /** ISO 8601: the refund's date, the Rechnungskorrektur's. */
  refundedAt: string;
  amountCents: number;
  vatCents: number;
  vatRate: number;
  reason: RefundReason;
  /** ISO 8601: the declaration of withdrawal the refund answers, when one is known. */
  withdrawalAt?: string | undefined;
  /** The order's gross and everything refunded of it so far, this refund included. */
  paidCents: number;
  refundedCents: number;
  /** The payment type's shopper-facing name ('PayPal'). */
  paymentName: string;
  /** Session 24: the withdrawn pieces a refund of lines paid back; absent: a typed amount (one line). */
  pieces?: RefundPieces | null | undefined;
  /** The Rechnungskorrektur as an XRechnung credit note, for a company's order (session 19); else none. */
  eInvoiceUrl?: string | undefined;
  /** The seller on the invoice (companies, migration 025); unset parts are left out. */
  seller: {
    legalName?: string | null;
    street?: string | null;
    postcode?: string | null;
    city?: string | null;
    vatId?: string | null;
  };
  sender: ShopSender;
}

const euroFormat = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' });
const euro = (cents: number) => euroFormat.format(cents / 100);
const berlinDay = new Intl.DateTimeFormat('de-DE', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: 'Europe/Berlin',
});
const day = (iso: string) => berlinDay.format(new Date(iso));

const REASONS: Record<RefundReason, string> = {
  withdrawal: 'Widerruf',
  complaint: 'Reklamation',
  goodwill: 'Kulanz',
  other: 'Erstattung',
};

/**
 * Session 24: the pieces of a refund of withdrawn lines, what each cost after the quantity discount, the coupon's
 * share taken off and the delivery cost paid back with the last piece; they add up to the refunded amount.
 */
function piecesText(pieces: RefundPieces | null | undefined): string[] {
  if (!pieces) return [];
  return [
    'Erstattete Waren (brutto):',
    ...pieces.pieces.map((p) => `Pos. ${p.line}: ${p.quantity} × ${p.article} = ${euro(p.cents)}`),
    ...(pieces.couponCents > 0 ? [`abzüglich Anteil am Gutschein: −${euro(pieces.couponCents)}`] : []),
    ...(pieces.shippingCents > 0 ? [`Versandkosten: ${euro(pieces.shippingCents)}`] : []),
    '',
  ];
}

/**
 * The Erstattungsbestätigung: the money paid back, with the Rechnungskorrektur (§ 17 UStG, § 14 (4) UStG for the
 * correcting document: its own number and date, the seller and the recipient, the reference to the corrected
 * invoice by number and date, the refunded gross with the VAT it contains at the invoice's rate and the net). § 357
 * (3) BGB: paid back with the means of payment the consumer used, at no cost to them. Plain German text like every
 * mail of the shop, so no value of the order can become markup.
 */
export function refundMail(input: RefundMailInput): OutgoingMail {
  const { person, seller } = input;
  const place = [seller.postcode, seller.city].filter(Boolean).join(' ');
  const partial = input.refundedCents < input.paidCents || input.amountCents < input.refundedCents;
  const text = [
    `Guten Tag ${person.name} ${person.lastName},`,
    '',
    ...(input.reason === 'withdrawal' && input.withdrawalAt
      ? [
          `Ihren Widerruf vom ${day(input.withdrawalAt)} zu Ihrer Bestellung ${input.orderNumber} haben wir bearbeitet.`,
        ]
      : []),
    `Wir haben Ihnen am ${day(input.refundedAt)} ${euro(input.amountCents)} zu Ihrer Bestellung ${input.orderNumber} erstattet.`,
    `Das Geld erhalten Sie über dasselbe Zahlungsmittel zurück, mit dem Sie bezahlt haben (${input.paymentName}); ` +
      'Kosten entstehen Ihnen dadurch nicht. Je nach Zahlungsart und Bank kann es einige Tage dauern, bis der ' +
      'Betrag auf Ihrem Konto erscheint.',
    ...(partial
      ? [
          `Zu dieser Bestellung haben wir Ihnen damit insgesamt ${euro(input.refundedCents)} von ${euro(input.paidCents)} erstattet.`,
        ]
      : []),
    '',
    `Rechnungskorrektur Nr. ${input.creditNoteNumber}`,
    '-'.repeat(40),
    `Nummer: ${input.creditNoteNumber}`,
    `Datum: ${day(input.refundedAt)}`,
    `Berichtigt die Rechnung Nr. ${input.invoiceNumber} vom ${day(input.invoiceDate)} (Bestellung ${input.orderNumber})`,
    `Grund: ${REASONS[input.reason]}`,
    '',
    'Rechnungssteller:',
    seller.legalName || input.sender.name,
    ...(seller.street ? [seller.street] : []),
    ...(place ? [place] : []),
    ...(seller.vatId ? [`USt-IdNr.: ${seller.vatId}`] : []),
    '',
    ...address('Rechnungsempfänger', input.billingAddress),
    ...(input.buyerReference ? [`Ihre Bestellnummer / Leitweg-ID: ${input.buyerReference}`] : []),
    ...(input.buyerVatId ? [`USt-IdNr. des Leistungsempfängers: ${input.buyerVatId}`] : []),
    '',
    ...piecesText(input.pieces),
    `Erstatteter Betrag (brutto): ${euro(input.amountCents)}`,
    `darin enthaltene USt. ${input.vatRate} %: ${euro(input.vatCents)}`,
    `Nettobetrag: ${euro(input.amountCents - input.vatCents)}`,
    `Das Entgelt der Rechnung Nr. ${input.invoiceNumber} mindert sich um diesen Betrag, die Umsatzsteuer um ${euro(input.vatCents)}.`,
    ...(input.eInvoiceUrl
      ? [
          '',
          `Rechnungskorrektur als XRechnung: ${input.eInvoiceUrl}`,
          // The link carries the order's guid, which also opens the order page: as the confirmation mail says.
          '(Der Link ist persönlich: Wer ihn kennt, kann die Bestellung mit Ihren Adressen sehen. Bitte nicht weitergeben.)',
        ]
      : []),
    ...signOffWithImprint(input.sender),
  ].join('\n');
  return {
    to: person.email,
    subject: `Erstattung zu Ihrer Bestellung ${input.orderNumber}`,
    text,
  };
}

/**
 * The Erstattungsbestätigung of the refund `refundId` from the database: the order's invoice, the seller as the
 * company names it now, the payment's name; rejects when the billing e-mail was erased.
 */
export async function buildRefundMail(db: Queryable, refundId: number): Promise<OutgoingMail> {
  const [row] = await db.query<{
    order_number: string;
    billing_person: BillingPerson;
    billing_address: Address;
    buyer_reference: string | null;
    buyer_vat_id: string | null;
    invoice_number: string | null;
    invoiced_at: Date | string | null;
    credit_note_number: string;
    refunded_at: Date | string;
    amount_cents: number;
    vat_cents: number;
    vat_rate: number;
    reason: RefundReason;
    pieces: RefundPieces | string | null;
    withdrawal_at: Date | string | null;
    paid_cents: number;
    refunded_cents: number;
    payment_name: string;
    document_token: string;
    shop_url: string | null;
    legal_name: string | null;
    street: string | null;
    postcode: string | null;
    city: string | null;
    vat_id: string | null;
    e_invoice: boolean;
  }>(
    `SELECT o.order_number, o.billing_person, o.billing_address, o.buyer_reference, o.buyer_vat_id, o.invoice_number,
            o.invoiced_at,
            r.credit_note_number, r.refunded_at, r.amount_cents, r.vat_cents, r.vat_rate, r.reason, r.pieces,
            (SELECT w.received_at FROM withdrawals w WHERE w.id = r.withdrawal_id) AS withdrawal_at,
            o.cart_cents - o.discount_cents + o.shipping_cents AS paid_cents,
            (SELECT sum(e.amount_cents)::int FROM refunds e WHERE e.order_id = r.order_id AND e.id <= r.id)
              AS refunded_cents,
            COALESCE((SELECT p.name FROM payment_types p WHERE p.company_id = o.company_id AND p.id = o.payment_method),
                     o.payment_method) AS payment_name,
            ${documentTokenColumn('o')}, ${orderShopUrl('o')} AS shop_url, c.legal_name, c.street, c.postcode, c.city, c.vat_id,
            ${sellerReady('c')} AS e_invoice
       FROM refunds r JOIN orders o ON o.id = r.order_id JOIN companies c ON c.id = o.company_id
      WHERE r.id = $1`,
    [refundId],
  );
  if (!row || row.invoice_number === null || row.invoiced_at === null) throw new Error('No such refund.');
  if (!row.billing_person.email) throw new RecipientErased();
  const shopOrigin = originOf(row.shop_url);
  return refundMail({
    orderNumber: row.order_number,
    person: row.billing_person,
    billingAddress: row.billing_address,
    buyerReference: row.buyer_reference,
    buyerVatId: row.buyer_vat_id,
    invoiceNumber: row.invoice_number,
    invoiceDate: new Date(row.invoiced_at).toISOString(),
    creditNoteNumber: row.credit_note_number,
    refundedAt: new Date(row.refunded_at).toISOString(),
    amountCents: row.amount_cents,
    vatCents: row.vat_cents,
    vatRate: row.vat_rate,
    reason: row.reason,
    withdrawalAt: row.withdrawal_at === null ? undefined : new Date(row.withdrawal_at).toISOString(),
    paidCents: row.paid_cents,
    refundedCents: row.refunded_cents,
    paymentName: row.payment_name,
    // Session 24: the pieces as the refund stored them when it was recorded (migration 041).
    pieces: storedPieces(row.pieces),
    // The same documents as the confirmation mail: a company's order gets its e-invoices (einvoice/), with the
    // order's document token (migration 047), not its guid, which opens them only inside the order page's window.
    eInvoiceUrl:
      shopOrigin && row.e_invoice && row.billing_address.company?.trim()
        ? eInvoiceUrl(shopOrigin, row.order_number, row.document_token, row.credit_note_number)
        : undefined,
    seller: {
      legalName: row.legal_name,
      street: row.street,
      postcode: row.postcode,
      city: row.city,
      vatId: row.vat_id,
    },
    sender: await shopSender(db),
  });
}
