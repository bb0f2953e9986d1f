import type { Address, Order, OrderItem } from '@lp/sdk/contract';
import { ATTR, MONTH_NAMES, formatPlateSize } from '@lp/sdk/contract';
import { eInvoiceUrl } from '../einvoice/documentLink';
import type { OutgoingMail } from '../outbox/mailTransport';
import { signOff } from './signOff';

/** An information page as the mail quotes it: its title and its text. */
export interface LegalText {
  title: string;
  text: string;
}

export interface OrderMailInput {
  order: Order;
  /** The payment type's shopper-facing name ('PayPal', 'Kreditkarte'). */
  paymentName: string;
  /** The storefront's origin the shopper bought on (links to the order page and the information pages). */
  shopOrigin: string;
  /** The shop's name the mail signs with ('Kennzeichen-Profi'). */
  shopName: string;
  /** The order's shipping method's delivery time ('1–3 Werktage'), when the shop states one. */
  deliveryTime?: string | undefined;
  /** The seller on the invoice (companies, migration 025): full name, address, USt-IdNr; unset parts are left out. */
  seller: Seller;
  /** Provider identity (Impressum), Widerrufsbelehrung and AGB as the shop shows them; missing pages are left out. */
  legal: { provider?: LegalText; withdrawal?: LegalText; terms?: LegalText };
  /** The shop has set every seller part an XRechnung needs (einvoice/), so a company's order links its own. */
  eInvoice?: boolean | undefined;
  /**
   * The order's document token (migration 047): the e-invoice link's proof. Not the order's guid, which opens the
   * e-invoices only for as long as the order page names the buyer (einvoice/documentAccess.ts).
   */
  documentToken: string;
}

/** The seller's invoice identity as the company row holds it (§ 14 (4) no. 1, 2 UStG). */
export interface Seller {
  legalName?: string | undefined;
  street?: string | undefined;
  postcode?: string | undefined;
  city?: string | undefined;
  vatId?: string | undefined;
}

const euroFormat = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' });
/** Euro from cents, German notation ('1.234,56 €'); amounts are counted in cents so no float noise shows. */
const euro = (cents: number) => euroFormat.format(cents / 100);
const cents = (amount: number) => Math.round(amount * 100);

/** '25. November 2026 um 14:05 Uhr': Intl writes the time without 'Uhr', which a German date line carries. */
const placedAt = (iso: string) =>
  `${new Intl.DateTimeFormat('de-DE', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'Europe/Berlin',
  }).format(new Date(iso))} Uhr`;

const berlinDay = new Intl.DateTimeFormat('de-DE', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: 'Europe/Berlin',
});
const berlinParts = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  hour: '2-digit',
  hourCycle: 'h23',
  timeZone: 'Europe/Berlin',
});
const berlinMonth = new Intl.DateTimeFormat('de-DE', {
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/Berlin',
});

/**
 * The calendar month the goods are expected to ship in (§ 14 (4) no. 6 UStG with § 31 (4) UStDV: the month of the
 * supply suffices; the invoice is issued at payment, before the shipment, so the month is the expected one). The shop
 * ships on the day of payment when it is a weekday before 14:00 in Germany, else on the next weekday; public holidays
 * are not counted ("voraussichtlich").
 */
export function expectedShippingMonth(paidAt: Date): string {
  const day = new Date(paidAt);
  const parts = (date: Date) =>
    Object.fromEntries(berlinParts.formatToParts(date).map((part) => [part.type, part.value]));
  const first = parts(day);
  let sameDay = Number(first.hour) < 14;
  for (;;) {
    const weekday = parts(day).weekday;
    if (sameDay && weekday !== 'Sat' && weekday !== 'Sun') return berlinMonth.format(day);
    day.setTime(day.getTime() + 24 * 60 * 60 * 1000);
    sameDay = true;
  }
}

/**
 * The configuration a shopper chose, in the words of the cart and order pages (storefront
 * features/cart/lineConfig.ts): plate text, kind, size, season, colour, name-plate details. Design files are
 * links to the print, not words, and stay out.
 */
export function lineDetails(attributes: Record<string, string>): string[] {
  const details: string[] = [];
  const add = (label: string, value: string | undefined) => {
    if (value?.trim()) details.push(`${label}: ${value.trim()}`);
  };
  add('Kennzeichen', attributes[ATTR.plateText]);
  add('Art', attributes[ATTR.plateKind]);
  const size = attributes[ATTR.plateSize];
  if (size) add('Größe', size === 'parkplatz' ? 'Parkplatzschild' : formatPlateSize(size));
  const start = MONTH_NAMES[Number(attributes[ATTR.seasonStart]) - 1];
  const end = MONTH_NAMES[Number(attributes[ATTR.seasonEnd]) - 1];
  if (start && end) add('Saison', `${start} – ${end}`);
  add('Schriftfarbe', attributes[ATTR.fontColour]);
  add('Ausführung', attributes.Ausführung);
  add('Montage', attributes.Montage);
  add('Beschriftung', attributes.Beschriftung);
  if (attributes[ATTR.designImage]) details.push('Individueller Druck nach Ihrem Entwurf');
  return details;
}

function line(item: OrderItem, index: number): string[] {
  const unit = cents(item.price);
  const quantity = item.itemQuantity;
  const discounted = unit - Math.round(cents(item.discountAmount ?? 0) / Math.max(quantity, 1));
  const total = cents(item.lineTotal ?? item.price * quantity);
  const price =
    discounted < unit
      ? `${quantity} × ${euro(discounted)} (statt ${euro(unit)}, ${item.discountPercent} % Mengenrabatt) = ${euro(total)}`
      : `${quantity} × ${euro(unit)} = ${euro(total)}`;
  return [
    `${index + 1}. ${item.businessName}`,
    ...lineDetails(item.attributes ?? {}).map((detail) => `   ${detail}`),
    `   ${price}`,
  ];
}

export function address(title: string, value: Address): string[] {
  return [
    `${title}:`,
    `${value.name} ${value.lastName}`,
    ...(value.company?.trim() ? [value.company.trim()] : []),
    // The address addition above the street, as on a DHL label (c/o, Postnummer of a Packstation, floor).
    ...(value.street2?.trim() ? [value.street2.trim()] : []),
    `${value.street} ${value.houseNumber}`,
    `${value.zipCode} ${value.city}`,
    value.country === 'DE' ? 'Deutschland' : value.country,
  ];
}

/**
 * Session 20: a company buyer's references under their address: their own order number or Leitweg-ID, and their
 * USt-IdNr. as an invoice names the recipient's (it changes no price: the shop delivers within Germany).
 */
function buyerLines(order: Order): string[] {
  return [
    ...(order.buyerReference ? [`Ihre Bestellnummer / Leitweg-ID: ${order.buyerReference}`] : []),
    ...(order.buyerVatId ? [`USt-IdNr. des Leistungsempfängers: ${order.buyerVatId}`] : []),
  ];
}

/** The invoice's seller block: name, address, USt-IdNr as far as the shop has set them. */
function sellerLines(seller: Seller, shopName: string): string[] {
  const place = [seller.postcode, seller.city].filter(Boolean).join(' ');
  return [
    'Rechnungssteller:',
    seller.legalName || shopName,
    ...(seller.street ? [seller.street] : []),
    ...(place ? [place] : []),
    ...(seller.vatId ? [`USt-IdNr.: ${seller.vatId}`] : []),
  ];
}

/**
 * The totals with the VAT of each rate (§ 14 (4) no. 7, 8 UStG): the net amount, the tax at its rate and the gross
 * total, as stored when the order was paid. An order without a stored invoice keeps the line it had before.
 */
function taxLines(order: Order): string[] {
  const taxes = order.invoice?.taxes ?? [];
  if (taxes.length === 0) return [`Gesamtsumme (inkl. MwSt.): ${euro(cents(order.totalAmount))}`];
  return [
    '',
    ...taxes.flatMap((tax) => [
      `Nettobetrag${taxes.length > 1 ? ` (${tax.rate} %)` : ''}: ${euro(cents(tax.netAmount))}`,
      `zzgl. ${tax.rate} % USt.: ${euro(cents(tax.taxAmount))}`,
    ]),
    `Gesamtbetrag: ${euro(cents(order.totalAmount))}`,
  ];
}

/** The invoice header (§ 14 (4) no. 3, 4, 6 UStG): number, date of issue and the time of the supply. */
function invoiceHeader(order: Order): string[] {
  const invoice = order.invoice;
  if (!invoice) return [];
  const issued = new Date(invoice.invoiceDate);
  return [
    `Rechnung Nr. ${invoice.invoiceNumber}`,
    '-'.repeat(40),
    `Rechnungsnummer: ${invoice.invoiceNumber}`,
    `Rechnungsdatum: ${berlinDay.format(issued)}`,
    `Lieferdatum: voraussichtlich ${expectedShippingMonth(issued)} (Monat des Versands)`,
  ];
}

function legalSection(heading: string, page: LegalText | undefined, link: string): string[] {
  if (!page) return [];
  return ['', '', heading, '-'.repeat(40), `Auch nachzulesen unter ${link}`, '', page.text];
}

/**
 * The German order confirmation (§ 312i (1) no. 3 BGB: receipt of the order confirmed without delay; § 312f (2) BGB:
 * the contract confirmed on a durable medium, with the information of Art. 246a EGBGB). Plain text, so no value
 * from the order can become markup; the sandbox outbox escapes it when it shows the mail. Every figure is the
 * server's order (prices, discounts, shipping and total computed when the order was saved).
 */
export function orderConfirmationMail({
  order,
  paymentName,
  shopOrigin,
  shopName,
  deliveryTime,
  seller,
  legal,
  eInvoice,
  documentToken,
}: OrderMailInput): OutgoingMail {
  const orderPage = `${shopOrigin}/thank-you/${order.headerGuid}`;
  // A paid company order's invoice as an XRechnung (einvoice/), once the shop can issue it.
  const eInvoiceLink =
    eInvoice && order.invoice && order.billingAddress.company?.trim()
      ? eInvoiceUrl(shopOrigin, order.orderNumber, documentToken)
      : undefined;
  const items = order.orderItems;
  const subtotal = items.reduce((sum, item) => sum + cents(item.price) * item.itemQuantity, 0);
  const quantityDiscount = items.reduce((sum, item) => sum + cents(item.discountAmount ?? 0), 0);
  const shipping = cents(order.shippingOption.price);
  const person = order.billingPerson;
  const totals = [
    `Zwischensumme: ${euro(subtotal)}`,
    ...(quantityDiscount > 0 ? [`Mengenrabatt: −${euro(quantityDiscount)}`] : []),
    ...(order.coupon
      ? [`Rabatt (Gutschein ${order.coupon.code}): −${euro(cents(order.coupon.discountAmount))}`]
      : []),
    `Versand${order.shippingOption.name ? ` (${order.shippingOption.name})` : ''}: ${shipping === 0 ? 'kostenlos' : euro(shipping)}`,
    ...taxLines(order),
  ];
  const text = [
    `Guten Tag ${person.name} ${person.lastName},`,
    '',
    `vielen Dank für Ihre Bestellung vom ${placedAt(order.createdAt)}. Ihre Zahlung ist eingegangen.`,
    'Mit dieser E-Mail bestätigen wir den Eingang Ihrer Bestellung und nehmen sie an; der Kaufvertrag ist damit geschlossen.',
    ...(order.invoice ? ['Diese E-Mail ist zugleich Ihre Rechnung.'] : []),
    '',
    ...(order.invoice ? [...invoiceHeader(order), ''] : []),
    `Bestellnummer: ${order.orderNumber}`,
    `Zahlungsart: ${paymentName}`,
    '',
    ...(order.invoice
      ? [
          ...sellerLines(seller, shopName),
          '',
          ...address('Rechnungsempfänger', order.billingAddress),
          ...buyerLines(order),
          '',
        ]
      : []),
    'Ihre Artikel',
    '-'.repeat(40),
    ...items.flatMap((item, index) => [...line(item, index), '']),
    ...totals,
    'Alle Preise sind Endpreise in Euro und enthalten die gesetzliche Mehrwertsteuer.',
    '',
    ...address('Lieferadresse', order.shippingAddress),
    '',
    // An invoice names the billing address as its recipient at the top.
    ...(order.invoice
      ? []
      : [...address('Rechnungsadresse', order.billingAddress), ...buyerLines(order), '']),
    'Wie es weitergeht',
    '-'.repeat(40),
    'Wir fertigen Ihre Bestellung nach Ihren Angaben an und versenden sie: Versand am selben Tag bei Bestellung vor 14:00 Uhr.',
    ...(deliveryTime ? [`Lieferzeit innerhalb Deutschlands: ${deliveryTime}.`] : []),
    ...(items.some((item) => item.attributes?.[ATTR.plateText])
      ? [
          'Bitte prüfen Sie die Kennzeichen oben: Sie werden genau so geprägt. Stimmt etwas nicht, melden Sie sich bitte sofort bei uns.',
        ]
      : []),
    '',
    `Ihre Bestellung online ansehen: ${orderPage}`,
    ...(eInvoiceLink
      ? [
          `E-Rechnung (XRechnung): ${eInvoiceLink}`,
          '(Die Links sind persönlich: Wer sie kennt, kann die Bestellung mit Ihren Adressen sehen. Bitte nicht weitergeben.)',
        ]
      : [
          '(Der Link ist persönlich: Wer ihn kennt, kann die Bestellung mit Ihren Adressen sehen. Bitte nicht weitergeben.)',
        ]),
    '',
    `Allgemeine Geschäftsbedingungen: ${shopOrigin}/agb`,
    `Widerrufsbelehrung: ${shopOrigin}/widerrufsrecht`,
    `Vertrag widerrufen (online, ohne Anmeldung): ${shopOrigin}/vertrag-widerrufen`,
    `Datenschutzerklärung: ${shopOrigin}/datenschutz`,
    `Zahlung und Versand: ${shopOrigin}/zahlung-und-versand`,
    ...signOff(shopName),
    ...legalSection('Ihr Vertragspartner', legal.provider, `${shopOrigin}/impressum`),
    ...legalSection('Widerrufsbelehrung', legal.withdrawal, `${shopOrigin}/widerrufsrecht`),
    ...legalSection('Allgemeine Geschäftsbedingungen', legal.terms, `${shopOrigin}/agb`),
  ].join('\n');
  return {
    to: person.email,
    subject: `Ihre Bestellung ${order.orderNumber} – Bestellbestätigung`,
    text,
    link: orderPage,
  };
}
