import type { RefundPieces } from '../fulfilment/refundPieces';
import {
  type EInvoiceInput,
  amount,
  crossIndustryInvoice,
  date102,
  netParts,
  netPrice,
  paymentMeans,
  tax,
  toXml,
  tradeAgreement,
  tradeDelivery,
  vatBreakdown,
  xmlText,
} from './ciiParts';

/** A Rechnungskorrektur as recorded (migration 031, `lp-api orders refund`). */
export interface EInvoiceRefund {
  creditNoteNumber: string;
  refundedAt: Date | string;
  amountCents: number;
  vatCents: number;
  vatRate: number;
  /** Its reason in the words of the refund mail ('Widerruf', 'Reklamation', 'Kulanz', 'Erstattung'). */
  reason: string;
  /** Session 24: the withdrawn pieces of a refund of lines; absent or null: one line of the refunded net. */
  pieces?: RefundPieces | null | undefined;
}

/**
 * Session 24: the credit note's lines and document-level allowance (coupon share) and charge (delivery cost) of a
 * refund of withdrawn pieces, in nets that add up to the refund's net to the cent (ciiParts.ts netParts, as the
 * invoice splits its gross), so BT-106 − BT-107 + BT-108 = BT-109 holds.
 */
function pieceParts(pieces: RefundPieces, rate: number, net: number, reason: string) {
  const parts: { gross: number; sign: 1 | -1 }[] = [
    ...pieces.pieces.map((p) => ({ gross: p.cents, sign: 1 as const })),
    { gross: pieces.couponCents, sign: -1 },
    { gross: pieces.shippingCents, sign: 1 },
  ];
  const nets = netParts(parts, rate, net);
  const couponNet = nets[pieces.pieces.length]!;
  const shippingNet = nets[pieces.pieces.length + 1]!;
  const lines = pieces.pieces.map((piece, n) => ({
    'ram:AssociatedDocumentLineDocument': { 'ram:LineID': n + 1 },
    'ram:SpecifiedTradeProduct': {
      'ram:SellerAssignedID': xmlText(piece.item_id),
      'ram:Name': xmlText(`${piece.article} (Pos. ${piece.line} der Rechnung, ${reason})`),
    },
    'ram:SpecifiedLineTradeAgreement': {
      'ram:NetPriceProductTradePrice': netPrice(nets[n]!, piece.quantity),
    },
    'ram:SpecifiedLineTradeDelivery': {
      'ram:BilledQuantity': { '@_unitCode': 'H87', '#text': piece.quantity },
    },
    'ram:SpecifiedLineTradeSettlement': {
      'ram:ApplicableTradeTax': tax(rate),
      'ram:SpecifiedTradeSettlementLineMonetarySummation': { 'ram:LineTotalAmount': amount(nets[n]!) },
    },
  }));
  const allowanceCharges = [
    ...(pieces.couponCents > 0
      ? [
          {
            'ram:ChargeIndicator': { 'udt:Indicator': 'false' },
            'ram:ActualAmount': amount(couponNet),
            'ram:ReasonCode': '95',
            'ram:Reason': 'Anteil am Gutschein',
            'ram:CategoryTradeTax': tax(rate),
          },
        ]
      : []),
    ...(pieces.shippingCents > 0
      ? [
          {
            'ram:ChargeIndicator': { 'udt:Indicator': 'true' },
            'ram:ActualAmount': amount(shippingNet),
            'ram:ReasonCode': 'FC',
            'ram:Reason': 'Versandkosten',
            'ram:CategoryTradeTax': tax(rate),
          },
        ]
      : []),
  ];
  return {
    lines,
    allowanceCharges,
    lineTotal: nets.slice(0, pieces.pieces.length).reduce((sum, n) => sum + n, 0),
    couponNet: pieces.couponCents > 0 ? couponNet : 0,
    shippingNet: pieces.shippingCents > 0 ? shippingNet : 0,
  };
}

/** The one line of a refund of a typed amount: the refunded net at the invoice's rate. */
function oneLine(invoiceNumber: string | null, refund: EInvoiceRefund, net: number, rate: number) {
  return {
    'ram:AssociatedDocumentLineDocument': { 'ram:LineID': 1 },
    'ram:SpecifiedTradeProduct': {
      'ram:Name': `Erstattung (${refund.reason}) zur Rechnung Nr. ${invoiceNumber}`,
    },
    'ram:SpecifiedLineTradeAgreement': {
      'ram:NetPriceProductTradePrice': { 'ram:ChargeAmount': amount(net) },
    },
    'ram:SpecifiedLineTradeDelivery': { 'ram:BilledQuantity': { '@_unitCode': 'C62', '#text': 1 } },
    'ram:SpecifiedLineTradeSettlement': {
      'ram:ApplicableTradeTax': tax(rate),
      'ram:SpecifiedTradeSettlementLineMonetarySummation': { 'ram:LineTotalAmount': amount(net) },
    },
  };
}
/**
 * The XRechnung credit note (type code 381) of a Rechnungskorrektur: its own number and date, the corrected invoice
 * (BT-25, BT-26), one line of the refunded net at the invoice's rate (session 24: a refund of withdrawn lines has a
 * line per withdrawn line, its coupon share as an allowance and the delivery cost as a charge), and the VAT as the refund stored it (so a
 * whole order's refunds carry exactly the invoice's VAT). Refunded already: the amount due is 0.
 */
export function xrechnungCreditNote(
  { order, seller, paymentName }: Omit<EInvoiceInput, 'items'>,
  refund: EInvoiceRefund,
): string {
  const net = refund.amountCents - refund.vatCents;
  const rate = refund.vatRate;
  const parts = refund.pieces
    ? pieceParts(refund.pieces, rate, net, refund.reason)
    : {
        lines: [oneLine(order.invoice_number, refund, net, rate)],
        allowanceCharges: [],
        lineTotal: net,
        couponNet: 0,
        shippingNet: 0,
      };
  return toXml(
    crossIndustryInvoice({
      'rsm:ExchangedDocument': {
        'ram:ID': refund.creditNoteNumber,
        'ram:TypeCode': '381',
        'ram:IssueDateTime': {
          'udt:DateTimeString': { '@_format': '102', '#text': date102(new Date(refund.refundedAt)) },
        },
        'ram:IncludedNote': [
          {
            'ram:Content': `Rechnungskorrektur zur Rechnung Nr. ${order.invoice_number} (Bestellung ${order.order_number})`,
          },
          { 'ram:Content': `Grund: ${refund.reason}` },
        ],
      },
      'rsm:SupplyChainTradeTransaction': {
        'ram:IncludedSupplyChainTradeLineItem': parts.lines,
        'ram:ApplicableHeaderTradeAgreement': tradeAgreement(order, seller),
        'ram:ApplicableHeaderTradeDelivery': tradeDelivery(order),
        'ram:ApplicableHeaderTradeSettlement': {
          'ram:InvoiceCurrencyCode': 'EUR',
          'ram:SpecifiedTradeSettlementPaymentMeans': paymentMeans(paymentName),
          'ram:ApplicableTradeTax': vatBreakdown(refund.vatCents, net, rate),
          ...(parts.allowanceCharges.length > 0
            ? { 'ram:SpecifiedTradeAllowanceCharge': parts.allowanceCharges }
            : {}),
          'ram:SpecifiedTradePaymentTerms': {
            'ram:Description': xmlText(`Erstattet über ${paymentName}. Es ist kein Betrag mehr offen.`),
          },
          'ram:SpecifiedTradeSettlementHeaderMonetarySummation': {
            'ram:LineTotalAmount': amount(parts.lineTotal),
            ...(refund.pieces
              ? {
                  'ram:ChargeTotalAmount': amount(parts.shippingNet),
                  'ram:AllowanceTotalAmount': amount(parts.couponNet),
                }
              : {}),
            'ram:TaxBasisTotalAmount': amount(net),
            'ram:TaxTotalAmount': { '@_currencyID': 'EUR', '#text': amount(refund.vatCents) },
            'ram:GrandTotalAmount': amount(refund.amountCents),
            'ram:TotalPrepaidAmount': amount(refund.amountCents),
            'ram:DuePayableAmount': amount(0),
          },
          'ram:InvoiceReferencedDocument': {
            'ram:IssuerAssignedID': order.invoice_number,
            'ram:FormattedIssueDateTime': {
              'qdt:DateTimeString': { '@_format': '102', '#text': date102(new Date(order.invoiced_at!)) },
            },
          },
        },
      },
    }),
  );
}
