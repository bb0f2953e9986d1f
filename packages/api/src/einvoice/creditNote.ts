import {
  type EInvoiceInput,
  amount,
  crossIndustryInvoice,
  date102,
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
}

/**
 * The XRechnung credit note (type code 381) of a Rechnungskorrektur: its own number and date, the corrected invoice
 * (BT-25, BT-26), one line of the refunded net at the invoice's rate, and the VAT as the refund stored it (so a
 * whole order's refunds carry exactly the invoice's VAT). Refunded already: the amount due is 0.
 */
export function xrechnungCreditNote(
  { order, seller, paymentName }: Omit<EInvoiceInput, 'items'>,
  refund: EInvoiceRefund,
): string {
  const net = refund.amountCents - refund.vatCents;
  const rate = refund.vatRate;
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
        'ram:IncludedSupplyChainTradeLineItem': [
          {
            'ram:AssociatedDocumentLineDocument': { 'ram:LineID': 1 },
            'ram:SpecifiedTradeProduct': {
              'ram:Name': `Erstattung (${refund.reason}) zur Rechnung Nr. ${order.invoice_number}`,
            },
            'ram:SpecifiedLineTradeAgreement': {
              'ram:NetPriceProductTradePrice': { 'ram:ChargeAmount': amount(net) },
            },
            'ram:SpecifiedLineTradeDelivery': { 'ram:BilledQuantity': { '@_unitCode': 'C62', '#text': 1 } },
            'ram:SpecifiedLineTradeSettlement': {
              'ram:ApplicableTradeTax': tax(rate),
              'ram:SpecifiedTradeSettlementLineMonetarySummation': { 'ram:LineTotalAmount': amount(net) },
            },
          },
        ],
        'ram:ApplicableHeaderTradeAgreement': tradeAgreement(order, seller),
        'ram:ApplicableHeaderTradeDelivery': tradeDelivery(order),
        'ram:ApplicableHeaderTradeSettlement': {
          'ram:InvoiceCurrencyCode': 'EUR',
          'ram:SpecifiedTradeSettlementPaymentMeans': paymentMeans(paymentName),
          'ram:ApplicableTradeTax': vatBreakdown(refund.vatCents, net, rate),
          'ram:SpecifiedTradePaymentTerms': {
            'ram:Description': xmlText(`Erstattet über ${paymentName}. Es ist kein Betrag mehr offen.`),
          },
          'ram:SpecifiedTradeSettlementHeaderMonetarySummation': {
            'ram:LineTotalAmount': amount(net),
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
