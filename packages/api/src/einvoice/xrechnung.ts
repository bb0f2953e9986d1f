import { expectedShippingMonth } from '../mail/orderConfirmationMail';
import { grossCents } from '../orders/invoice';
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

/**
 * The XRechnung (EN 16931, CIUS XRechnung 3.0, UN/CEFACT CII D16B syntax) of a paid company order: the same invoice
 * the confirmation mail is (number, date, seller, buyer, lines, quantity discount per line, coupon as allowance,
 * shipping as charge, VAT), in net amounts that add up to the stored gross and VAT to the cent. The invoice is paid:
 * the amount due is 0.
 */
export function xrechnung({ order, items, seller, paymentName }: EInvoiceInput): string {
  const rate = order.vat_rate!;
  const vat = order.vat_cents!;
  const gross = grossCents(order);
  const net = gross - vat;
  const invoicedAt = new Date(order.invoiced_at!);
  const coupon = order.discount_cents;
  const shipping = order.shipping_cents;
  const linesGross = items.reduce((sum, i) => sum + (i.price_cents - i.unit_discount_cents) * i.quantity, 0);
  if (linesGross !== order.cart_cents)
    throw new Error('The order lines do not add up to the stored cart amount.');
  const parts: { gross: number; sign: 1 | -1 }[] = [
    ...items.flatMap((i) => [
      { gross: i.price_cents * i.quantity, sign: 1 as const },
      { gross: i.unit_discount_cents * i.quantity, sign: -1 as const },
    ]),
    { gross: coupon, sign: -1 },
    { gross: shipping, sign: 1 },
  ];
  const nets = netParts(parts, rate, net);
  const lineNets = items.map((_, n) => ({ base: nets[2 * n]!, discount: nets[2 * n + 1]! }));
  const couponNet = nets[2 * items.length]!;
  const shippingNet = nets[2 * items.length + 1]!;
  const lineTotal = lineNets.reduce((sum, l) => sum + l.base - l.discount, 0);
  const lines = items.map((item, n) => {
    const { base, discount } = lineNets[n]!;
    return {
      'ram:AssociatedDocumentLineDocument': { 'ram:LineID': n + 1 },
      'ram:SpecifiedTradeProduct': {
        'ram:SellerAssignedID': xmlText(item.item_id),
        'ram:Name': xmlText(item.business_name) || xmlText(item.item_id),
      },
      'ram:SpecifiedLineTradeAgreement': { 'ram:NetPriceProductTradePrice': netPrice(base, item.quantity) },
      'ram:SpecifiedLineTradeDelivery': {
        'ram:BilledQuantity': { '@_unitCode': 'H87', '#text': item.quantity },
      },
      'ram:SpecifiedLineTradeSettlement': {
        'ram:ApplicableTradeTax': tax(rate),
        ...(discount > 0
          ? {
              'ram:SpecifiedTradeAllowanceCharge': {
                'ram:ChargeIndicator': { 'udt:Indicator': 'false' },
                'ram:ActualAmount': amount(discount),
                'ram:ReasonCode': '95',
                'ram:Reason': `Mengenrabatt ${item.discount_percent} %`,
              },
            }
          : {}),
        'ram:SpecifiedTradeSettlementLineMonetarySummation': {
          'ram:LineTotalAmount': amount(base - discount),
        },
      },
    };
  });

  const allowanceCharges = [
    ...(coupon > 0
      ? [
          {
            'ram:ChargeIndicator': { 'udt:Indicator': 'false' },
            'ram:ActualAmount': amount(couponNet),
            'ram:ReasonCode': '95',
            'ram:Reason': xmlText(`Rabatt (Gutschein ${order.coupon?.code ?? ''})`),
            'ram:CategoryTradeTax': tax(rate),
          },
        ]
      : []),
    ...(shipping > 0
      ? [
          {
            'ram:ChargeIndicator': { 'udt:Indicator': 'true' },
            'ram:ActualAmount': amount(shippingNet),
            'ram:ReasonCode': 'FC',
            'ram:Reason': xmlText(`Versand (${order.shipping_method_name})`),
            'ram:CategoryTradeTax': tax(rate),
          },
        ]
      : []),
  ];

  return toXml(
    crossIndustryInvoice({
      'rsm:ExchangedDocument': {
        'ram:ID': order.invoice_number,
        'ram:TypeCode': '380',
        'ram:IssueDateTime': { 'udt:DateTimeString': { '@_format': '102', '#text': date102(invoicedAt) } },
        'ram:IncludedNote': [
          { 'ram:Content': `Bestellnummer: ${order.order_number}` },
          {
            'ram:Content': `Lieferdatum: voraussichtlich ${expectedShippingMonth(invoicedAt)} (Monat des Versands)`,
          },
        ],
      },
      'rsm:SupplyChainTradeTransaction': {
        'ram:IncludedSupplyChainTradeLineItem': lines,
        'ram:ApplicableHeaderTradeAgreement': tradeAgreement(order, seller),
        'ram:ApplicableHeaderTradeDelivery': tradeDelivery(order),
        'ram:ApplicableHeaderTradeSettlement': {
          'ram:InvoiceCurrencyCode': 'EUR',
          'ram:SpecifiedTradeSettlementPaymentMeans': paymentMeans(paymentName),
          'ram:ApplicableTradeTax': vatBreakdown(vat, net, rate),
          ...(allowanceCharges.length > 0 ? { 'ram:SpecifiedTradeAllowanceCharge': allowanceCharges } : {}),
          'ram:SpecifiedTradePaymentTerms': {
            'ram:Description': xmlText(`Bezahlt per ${paymentName}. Es ist kein Betrag mehr offen.`),
          },
          'ram:SpecifiedTradeSettlementHeaderMonetarySummation': {
            'ram:LineTotalAmount': amount(lineTotal),
            'ram:ChargeTotalAmount': amount(shipping > 0 ? shippingNet : 0),
            'ram:AllowanceTotalAmount': amount(coupon > 0 ? couponNet : 0),
            'ram:TaxBasisTotalAmount': amount(net),
            'ram:TaxTotalAmount': { '@_currencyID': 'EUR', '#text': amount(vat) },
            'ram:GrandTotalAmount': amount(gross),
            'ram:TotalPrepaidAmount': amount(gross),
            'ram:DuePayableAmount': amount(0),
          },
        },
      },
    }),
  );
}
