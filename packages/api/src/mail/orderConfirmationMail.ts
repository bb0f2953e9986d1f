import type { Address, Order, OrderItem } from '@lp/sdk/contract';
import { ATTR, MONTH_NAMES, formatPlateSize } from '@lp/sdk/contract';
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
  /** Provider identity (Impressum), Widerrufsbelehrung and AGB as the shop shows them; missing pages are left out. */
  legal: { provider?: LegalText; withdrawal?: LegalText; terms?: LegalText };
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

/**
 * The configuration a shopper chose, in the words of the cart and order pages (storefront
 * features/cart/lineConfig.ts): plate text, kind, size, season, colour, name-plate details. Design files are
 * links to the print, not words, and stay out.
 */
function lineDetails(attributes: Record<string, string>): string[] {
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

function address(title: string, value: Address): string[] {
  return [
    `${title}:`,
    `${value.name} ${value.lastName}`,
    ...(value.company?.trim() ? [value.company.trim()] : []),
    `${value.street} ${value.houseNumber}`,
    `${value.zipCode} ${value.city}`,
    value.country === 'DE' ? 'Deutschland' : value.country,
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
  legal,
}: OrderMailInput): OutgoingMail {
  const orderPage = `${shopOrigin}/thank-you/${order.headerGuid}`;
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
    `Gesamtsumme (inkl. MwSt.): ${euro(cents(order.totalAmount))}`,
  ];
  const text = [
    `Guten Tag ${person.name} ${person.lastName},`,
    '',
    `vielen Dank für Ihre Bestellung vom ${placedAt(order.createdAt)}. Ihre Zahlung ist eingegangen.`,
    'Mit dieser E-Mail bestätigen wir den Eingang Ihrer Bestellung und nehmen sie an; der Kaufvertrag ist damit geschlossen.',
    '',
    `Bestellnummer: ${order.orderNumber}`,
    `Zahlungsart: ${paymentName}`,
    '',
    'Ihre Artikel',
    '-'.repeat(40),
    ...items.flatMap((item, index) => [...line(item, index), '']),
    ...totals,
    'Alle Preise sind Endpreise in Euro und enthalten die gesetzliche Mehrwertsteuer.',
    '',
    ...address('Lieferadresse', order.shippingAddress),
    '',
    ...address('Rechnungsadresse', order.billingAddress),
    '',
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
    '(Der Link ist persönlich: Wer ihn kennt, kann die Bestellung mit Ihren Adressen sehen. Bitte nicht weitergeben.)',
    '',
    `Allgemeine Geschäftsbedingungen: ${shopOrigin}/agb`,
    `Widerrufsbelehrung: ${shopOrigin}/widerrufsrecht`,
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
