import type { Address } from '@lp/sdk/contract';
import XMLBuilder from 'fast-xml-builder';
import { expectedShippingMonth } from '../mail/orderConfirmationMail';
import { grossCents } from '../orders/invoice';
import type { OrderItemRow, OrderRow } from '../orders/orderRepo';

/** The seller of the e-invoice: the company row's invoice data (migrations 025 and 033), every part set. */
export interface EInvoiceSeller {
  legalName: string;
  street: string;
  postcode: string;
  city: string;
  vatId: string;
  contactName: string;
  contactPhone: string;
  contactEmail: string;
}

export interface EInvoiceInput {
  order: OrderRow;
  items: OrderItemRow[];
  seller: EInvoiceSeller;
  /** The payment type's shopper-facing name ('PayPal'), as the mail names it. */
  paymentName: string;
}

/** EN 16931 with the German CIUS XRechnung 3.0 (BT-24), in the Peppol billing process (BT-23). */
export const XRECHNUNG_GUIDELINE = 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0';
const BUSINESS_PROCESS = 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0';

const NS = {
  'xmlns:rsm': 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100',
  'xmlns:ram': 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100',
  'xmlns:qdt': 'urn:un:unece:uncefact:data:standard:QualifiedDataType:100',
  'xmlns:udt': 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100',
};

/**
 * Text from the order (names, addresses, coupon codes) as XML 1.0 may carry it: the characters XML forbids even as
 * references (C0 controls but tab, line feed and carriage return; lone surrogates; U+FFFE, U+FFFF) are dropped. The
 * builder escapes `<`, `&`, `>` and quotes; everything else (emoji, RTL marks, `]]>`) stays text as it was typed.
 */
export const xmlText = (value: string): string =>
  value.replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '').trim();

/** Cents as an EN 16931 amount: two decimals, point. */
const amount = (cents: number) => {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};

/**
 * A gross amount's parts converted to net so that they add up exactly to the invoice's stored net (gross minus the
 * stored VAT, `orders/invoice.ts`): each part is its exact net (gross × 100 / (100 + rate)) rounded to the nearest
 * cent, and the few cents the roundings leave against the stored net go to the parts whose rounding was closest to
 * the other way. No price changes: only the stored gross and VAT are split.
 *
 * @param parts gross cents with their sign in the sum (+1 goods and charges, −1 allowances)
 */
export function netParts(parts: { gross: number; sign: 1 | -1 }[], rate: number, net: number): number[] {
  const divisor = 100 + rate;
  const rounded = parts.map(({ gross }) => {
    const floor = Math.floor((gross * 100) / divisor);
    const rest = gross * 100 - floor * divisor;
    return { floor, rest, value: 2 * rest >= divisor ? floor + 1 : floor };
  });
  let missing = net - parts.reduce((sum, part, i) => sum + part.sign * rounded[i]!.value, 0);
  // Each part with a remainder can move one cent the other way; the cheapest moves in the needed direction first.
  const moves = rounded
    .map((r, i) => ({
      i,
      up: r.value === r.floor,
      cost: Math.abs(r.value === r.floor ? divisor - 2 * r.rest : 2 * r.rest - divisor),
    }))
    .filter(({ i }) => rounded[i]!.rest > 0)
    .map((move) => ({ ...move, effect: parts[move.i]!.sign * (move.up ? 1 : -1) }))
    .sort((a, b) => a.cost - b.cost);
  for (const move of moves) {
    if (missing === 0) break;
    if (Math.sign(missing) !== move.effect) continue;
    rounded[move.i]!.value += move.up ? 1 : -1;
    missing -= move.effect;
  }
  // Not reachable (the parts' gross add up to the order's gross, so enough moves exist): fail rather than mis-state.
  if (missing !== 0) throw new Error('The invoice amounts do not add up.');
  return rounded.map((r) => r.value);
}

const berlinDate = new Intl.DateTimeFormat('en-CA', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  timeZone: 'Europe/Berlin',
});
/** A date as CII writes it (format 102, YYYYMMDD), the day in Germany. */
const date102 = (at: Date) => berlinDate.format(at).replaceAll('-', '');

const tax = (rate: number) => ({
  'ram:TypeCode': 'VAT',
  'ram:CategoryCode': 'S',
  'ram:RateApplicablePercent': rate,
});

function postalAddress(address: Address) {
  return {
    'ram:PostcodeCode': xmlText(address.zipCode),
    'ram:LineOne': xmlText(`${address.street} ${address.houseNumber}`),
    ...(address.street2?.trim() ? { 'ram:LineTwo': xmlText(address.street2) } : {}),
    'ram:CityName': xmlText(address.city),
    'ram:CountryID': xmlText(address.country),
  };
}

/** The unit net price (BT-146), exact: per piece when it has at most four decimals, else per the line's quantity (BT-149). */
function netPrice(lineNet: number, quantity: number) {
  if ((lineNet * 100) % quantity === 0) {
    const hundredths = (lineNet * 100) / quantity; // in 1/100 cent
    return {
      'ram:ChargeAmount': `${amount(Math.trunc(hundredths / 100))}${String(hundredths % 100).padStart(2, '0')}`,
    };
  }
  return {
    'ram:ChargeAmount': amount(lineNet),
    'ram:BasisQuantity': { '@_unitCode': 'H87', '#text': quantity },
  };
}

/** BG-4, BG-7 and the references: seller (with contact point and electronic address) and buyer (the billing company). */
function tradeAgreement(order: OrderRow, seller: EInvoiceSeller) {
  const billing = order.billing_address;
  const person = order.billing_person;
  const buyerName = xmlText(billing.company ?? '');
  const contactName = xmlText(`${billing.name} ${billing.lastName}`);
  return {
    // BT-10: the shop asks the buyer for no reference of their own; the order number stands in.
    'ram:BuyerReference': order.order_number,
    'ram:SellerTradeParty': {
      'ram:Name': xmlText(seller.legalName),
      'ram:DefinedTradeContact': {
        'ram:PersonName': xmlText(seller.contactName),
        'ram:TelephoneUniversalCommunication': { 'ram:CompleteNumber': xmlText(seller.contactPhone) },
        'ram:EmailURIUniversalCommunication': { 'ram:URIID': xmlText(seller.contactEmail) },
      },
      'ram:PostalTradeAddress': {
        'ram:PostcodeCode': xmlText(seller.postcode),
        'ram:LineOne': xmlText(seller.street),
        'ram:CityName': xmlText(seller.city),
        'ram:CountryID': 'DE',
      },
      'ram:URIUniversalCommunication': {
        'ram:URIID': { '@_schemeID': 'EM', '#text': xmlText(seller.contactEmail) },
      },
      'ram:SpecifiedTaxRegistration': {
        'ram:ID': { '@_schemeID': 'VA', '#text': xmlText(seller.vatId) },
      },
    },
    'ram:BuyerTradeParty': {
      'ram:Name': buyerName,
      ...(contactName
        ? {
            'ram:DefinedTradeContact': {
              'ram:PersonName': contactName,
              'ram:EmailURIUniversalCommunication': { 'ram:URIID': xmlText(person.email) },
            },
          }
        : {}),
      'ram:PostalTradeAddress': postalAddress(billing),
      'ram:URIUniversalCommunication': {
        'ram:URIID': { '@_schemeID': 'EM', '#text': xmlText(person.email) },
      },
    },
    'ram:SellerOrderReferencedDocument': { 'ram:IssuerAssignedID': order.order_number },
  };
}

/** BG-13: where the goods go (the shipping address). */
function tradeDelivery(order: OrderRow) {
  return {
    'ram:ShipToTradeParty': {
      'ram:Name':
        xmlText(order.shipping_address.company ?? '') ||
        xmlText(`${order.shipping_address.name} ${order.shipping_address.lastName}`),
      'ram:PostalTradeAddress': postalAddress(order.shipping_address),
    },
  };
}

/** The document as XML: the builder escapes every text and attribute value. */
function toXml(document: object): string {
  const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', format: true });
  return builder.build({ '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' }, ...document }) as string;
}

const context = () => ({
  'ram:BusinessProcessSpecifiedDocumentContextParameter': { 'ram:ID': BUSINESS_PROCESS },
  'ram:GuidelineSpecifiedDocumentContextParameter': { 'ram:ID': XRECHNUNG_GUIDELINE },
});

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

  return toXml({
    'rsm:CrossIndustryInvoice': {
      ...Object.fromEntries(Object.entries(NS).map(([key, value]) => [`@_${key}`, value])),
      'rsm:ExchangedDocumentContext': context(),
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
          // 68: online payment service (PayPal, card, Google Pay, Apple Pay through the shop's payment provider).
          'ram:SpecifiedTradeSettlementPaymentMeans': {
            'ram:TypeCode': '68',
            'ram:Information': xmlText(paymentName),
          },
          'ram:ApplicableTradeTax': {
            'ram:CalculatedAmount': amount(vat),
            'ram:TypeCode': 'VAT',
            'ram:BasisAmount': amount(net),
            'ram:CategoryCode': 'S',
            'ram:RateApplicablePercent': rate,
          },
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
    },
  });
}

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
  return toXml({
    'rsm:CrossIndustryInvoice': {
      ...Object.fromEntries(Object.entries(NS).map(([key, value]) => [`@_${key}`, value])),
      'rsm:ExchangedDocumentContext': context(),
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
          'ram:SpecifiedTradeSettlementPaymentMeans': {
            'ram:TypeCode': '68',
            'ram:Information': xmlText(paymentName),
          },
          'ram:ApplicableTradeTax': {
            'ram:CalculatedAmount': amount(refund.vatCents),
            'ram:TypeCode': 'VAT',
            'ram:BasisAmount': amount(net),
            'ram:CategoryCode': 'S',
            'ram:RateApplicablePercent': rate,
          },
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
    },
  });
}
