import type { Address } from '@lp/sdk/contract';
import XMLBuilder from 'fast-xml-builder';
import type { OrderItemRow, OrderRow } from '../orders/orderRepo';

/**
 * The parts an XRechnung (EN 16931, CIUS XRechnung 3.0, UN/CEFACT CII D16B) of this shop is built from, shared by the
 * invoice (xrechnung.ts) and the credit note of a Rechnungskorrektur (creditNote.ts): seller and buyer, amounts,
 * dates, the document's root and context, the payment means and the VAT breakdown.
 */

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
export const amount = (cents: number) => {
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
export const date102 = (at: Date) => berlinDate.format(at).replaceAll('-', '');

export const tax = (rate: number) => ({
  'ram:TypeCode': 'VAT',
  'ram:CategoryCode': 'S',
  'ram:RateApplicablePercent': rate,
});

export function postalAddress(address: Address) {
  return {
    'ram:PostcodeCode': xmlText(address.zipCode),
    'ram:LineOne': xmlText(`${address.street} ${address.houseNumber}`),
    ...(address.street2?.trim() ? { 'ram:LineTwo': xmlText(address.street2) } : {}),
    'ram:CityName': xmlText(address.city),
    'ram:CountryID': xmlText(address.country),
  };
}

/** The unit net price (BT-146), exact: per piece when it has at most four decimals, else per the line's quantity (BT-149). */
export function netPrice(lineNet: number, quantity: number) {
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
export function tradeAgreement(order: OrderRow, seller: EInvoiceSeller) {
  const billing = order.billing_address;
  const person = order.billing_person;
  const buyerName = xmlText(billing.company ?? '');
  const contactName = xmlText(`${billing.name} ${billing.lastName}`);
  return {
    // BT-10: the buyer's reference from the checkout (a public buyer's Leitweg-ID, which routes the invoice to them,
    // or the company's own order number); without one the order number stands in (BR-DE-15 requires BT-10).
    'ram:BuyerReference': xmlText(order.buyer_reference ?? '') || order.order_number,
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
      // BT-48: the buyer's USt-IdNr. when the checkout was given one (CII: after the electronic address).
      ...(order.buyer_vat_id
        ? {
            'ram:SpecifiedTaxRegistration': { 'ram:ID': { '@_schemeID': 'VA', '#text': order.buyer_vat_id } },
          }
        : {}),
    },
    'ram:SellerOrderReferencedDocument': { 'ram:IssuerAssignedID': order.order_number },
  };
}

/** BG-13: where the goods go (the shipping address). */
export function tradeDelivery(order: OrderRow) {
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
export function toXml(document: object): string {
  const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', format: true });
  return builder.build({ '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' }, ...document }) as string;
}

export const context = () => ({
  'ram:BusinessProcessSpecifiedDocumentContextParameter': { 'ram:ID': BUSINESS_PROCESS },
  'ram:GuidelineSpecifiedDocumentContextParameter': { 'ram:ID': XRECHNUNG_GUIDELINE },
});

/** The document's root element: the CII namespaces and the XRechnung context (BT-23, BT-24). */
export const crossIndustryInvoice = (document: object) => ({
  'rsm:CrossIndustryInvoice': {
    ...Object.fromEntries(Object.entries(NS).map(([key, value]) => [`@_${key}`, value])),
    'rsm:ExchangedDocumentContext': context(),
    ...document,
  },
});

/** 68: online payment service (PayPal, card, Google Pay, Apple Pay through the shop's payment provider). */
export const paymentMeans = (paymentName: string) => ({
  'ram:TypeCode': '68',
  'ram:Information': xmlText(paymentName),
});

/** The VAT breakdown (BG-23) of the document's one rate, standard category. */
export const vatBreakdown = (vatCents: number, netCents: number, rate: number) => ({
  'ram:CalculatedAmount': amount(vatCents),
  'ram:TypeCode': 'VAT',
  'ram:BasisAmount': amount(netCents),
  'ram:CategoryCode': 'S',
  'ram:RateApplicablePercent': rate,
});
