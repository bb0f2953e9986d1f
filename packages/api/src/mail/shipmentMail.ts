import type { Order } from '@lp/sdk/contract';
import type { Queryable } from '../db/Db';
import { leftLines, leftToShip } from '../fulfilment/parcels';
import { ORDER_COLUMNS, type OrderRow, loadOrder } from '../orders/orderRepo';
import type { OutgoingMail } from '../outbox/mailTransport';
import { RecipientErased } from './owedMails';
import { legalTexts } from './legalTexts';
import { type LegalText, address, lineDetails } from './orderConfirmationMail';
import { orderShopUrl, originOf } from './shopOrigin';
import { type ShopSender, shopSender, signOffWithImprint } from './signOff';

export interface ShipmentMailInput {
  /** The order as the contract shows it, with its `parcels`. */
  order: Order;
  /** Which of them this mail is for (its `parcel` number); absent: the last one. */
  parcel?: number | undefined;
  /**
   * Session 20: the parcel was corrected after its first Versandbestätigung (`lp-api orders ship --correct`,
   * migration 036): this mail replaces that one and says so.
   */
  corrected?: boolean | undefined;
  /** The storefront the shopper paid from (links to the order page and the information pages); absent: no links. */
  shopOrigin?: string | undefined;
  sender: ShopSender;
  /** The order's shipping method's delivery time ('1–3 Werktage'), when the shop states one. */
  deliveryTime?: string | undefined;
  /** The shop's Widerrufsbelehrung as it shows it now (mail/legalTexts.ts); absent: left out. */
  withdrawal?: LegalText | undefined;
}

const berlinDay = new Intl.DateTimeFormat('de-DE', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/Berlin',
});

/**
 * The Versandbestätigung of one parcel: the order, or a part of it, is on its way. Plain German text like every mail
 * of the shop, so no value of the order can become markup (the sandbox outbox escapes it when it shows it); the
 * tracking link is built by fulfilment/tracking.ts from the carrier and a checked number. It names what is in the
 * parcel, what follows separately (as it stood when the parcel left), to which address, and when the withdrawal
 * period starts (§ 356 (2) no. 1 BGB: with the receipt of the goods; of the last of them when they come in several
 * parcels, letter b), with the exception for goods made to the consumer's specification (§ 312g (2) no. 1 BGB) in the
 * words of the withdrawal receipt. An order in one parcel reads as in session 18.
 */
export function shipmentMail({
  order,
  parcel: number,
  corrected,
  shopOrigin,
  sender,
  deliveryTime,
  withdrawal,
}: ShipmentMailInput): OutgoingMail {
  const parcels = order.parcels ?? [];
  const shipment =
    number === undefined ? parcels[parcels.length - 1] : parcels.find((p) => p.parcel === number);
  if (!shipment) throw new Error('The order is not shipped.');
  const quantities = order.orderItems.map((item) => item.itemQuantity);
  // What follows separately, as it stood when this parcel left (a later parcel's mail says its own).
  const follows = leftLines(
    leftToShip(
      quantities,
      parcels.filter((p) => p.parcel <= shipment.parcel),
    ),
  );
  const whole = parcels.length === 1 && follows.length === 0;
  const person = order.billingPerson;
  const day = berlinDay.format(new Date(shipment.shippedAt));
  const tracking = shipment.trackingNumber
    ? [
        `Versanddienstleister: ${shipment.carrier}`,
        `Sendungsnummer: ${shipment.trackingNumber}`,
        ...(shipment.trackingUrl ? [`Sendung verfolgen: ${shipment.trackingUrl}`] : []),
      ]
    : [`Versanddienstleister: ${shipment.carrier}`, 'Für diese Sendung gibt es keine Sendungsnummer.'];
  const item = (line: number) => order.orderItems[line - 1];
  const lineText = (line: number, quantity: number) => {
    const ordered = item(line);
    if (!ordered) return [];
    return [
      `${line}. ${ordered.businessName}`,
      ...lineDetails(ordered.attributes ?? {}).map((detail) => `   ${detail}`),
      `   Menge: ${quantity === ordered.itemQuantity ? quantity : `${quantity} von ${ordered.itemQuantity}`}`,
      '',
    ];
  };
  const text = [
    `Guten Tag ${person.name} ${person.lastName},`,
    '',
    ...(corrected
      ? [
          `bitte entschuldigen Sie: Unsere vorige Versandbestätigung ${whole ? 'zu Ihrer Bestellung' : 'zu diesem Paket'} enthielt falsche Angaben. Es gelten die Angaben in dieser E-Mail.`,
          '',
        ]
      : []),
    whole
      ? `Ihre Bestellung ${order.orderNumber} ist unterwegs: Wir haben sie am ${day} an ${shipment.carrier} übergeben.`
      : `Paket ${shipment.parcel} Ihrer Bestellung ${order.orderNumber} ist unterwegs: Wir haben es am ${day} an ${shipment.carrier} übergeben.`,
    ...(whole
      ? []
      : [
          follows.length > 0
            ? 'Die übrigen Artikel senden wir Ihnen separat in einem weiteren Paket; dafür erhalten Sie eine eigene Versandbestätigung.'
            : 'Damit ist Ihre Bestellung vollständig versandt.',
        ]),
    '',
    ...tracking,
    ...(deliveryTime ? [`Lieferzeit innerhalb Deutschlands: ${deliveryTime}.`] : []),
    '',
    whole ? 'Versendete Artikel' : 'In diesem Paket',
    '-'.repeat(40),
    ...shipment.lines.flatMap(({ line, quantity }) => lineText(line, quantity)),
    ...(follows.length > 0
      ? [
          'Folgt separat',
          '-'.repeat(40),
          ...follows.flatMap(({ line, quantity }) => lineText(line, quantity)),
        ]
      : []),
    ...address('Lieferadresse', order.shippingAddress),
    '',
    'Ihr Widerrufsrecht',
    '-'.repeat(40),
    whole
      ? 'Die Widerrufsfrist von 14 Tagen beginnt mit dem Tag, an dem Sie oder ein von Ihnen benannter Dritter, der ' +
        'nicht der Beförderer ist, die Waren in Besitz genommen haben.'
      : 'Ihre Bestellung kommt in mehreren Paketen: Die Widerrufsfrist von 14 Tagen beginnt mit dem Tag, an dem Sie ' +
        'oder ein von Ihnen benannter Dritter, der nicht der Beförderer ist, die letzte Ware in Besitz genommen haben.',
    'Für Waren, die nach Ihren Vorgaben angefertigt werden (zum Beispiel Kennzeichen mit Ihrer Zeichenfolge oder ' +
      'individuell bedruckte Kennzeichenhalter), besteht nach § 312g Abs. 2 Nr. 1 BGB kein Widerrufsrecht.',
    ...(shopOrigin
      ? [
          `Widerrufsbelehrung: ${shopOrigin}/widerrufsrecht`,
          `Vertrag widerrufen (online, ohne Anmeldung): ${shopOrigin}/vertrag-widerrufen`,
          '',
          `Ihre Bestellung online ansehen: ${shopOrigin}/thank-you/${order.headerGuid}`,
          '(Der Link ist persönlich: Wer ihn kennt, kann die Bestellung mit Ihren Adressen sehen. Bitte nicht weitergeben.)',
        ]
      : []),
    ...(withdrawal ? ['', 'Unsere Widerrufsbelehrung', withdrawal.text] : []),
    ...signOffWithImprint(sender),
  ].join('\n');
  return {
    to: person.email,
    subject: `${corrected ? 'Korrektur: ' : ''}${
      whole
        ? `Ihre Bestellung ${order.orderNumber} ist unterwegs`
        : `Paket ${shipment.parcel} Ihrer Bestellung ${order.orderNumber} ist unterwegs`
    }`,
    text,
    ...(shipment.trackingUrl ? { link: shipment.trackingUrl } : {}),
  };
}

/**
 * The Versandbestätigung of the parcel `shipmentId` (a row of `shipments`) as the shop words it now (name, Impressum,
 * Widerrufsbelehrung, delivery time); rejects when there is no such parcel or the order's billing e-mail was erased.
 * The links go to the storefront the shopper paid from: the order confirmation's, else the payment's return URL.
 */
export async function buildShipmentMail(db: Queryable, shipmentId: number): Promise<OutgoingMail> {
  const [row] = await db.query<
    OrderRow & { shop_url: string | null; mail_parcel: number; mail_corrected: boolean }
  >(
    `SELECT ${ORDER_COLUMNS}, (SELECT s.parcel FROM shipments s WHERE s.id = $1) AS mail_parcel,
            (SELECT s.corrected_at IS NOT NULL FROM shipments s WHERE s.id = $1) AS mail_corrected,
            ${orderShopUrl('orders')} AS shop_url
       FROM orders WHERE orders.id = (SELECT s.order_id FROM shipments s WHERE s.id = $1)`,
    [shipmentId],
  );
  if (!row) throw new Error('The order is not shipped.');
  if (!row.billing_person.email) throw new RecipientErased();
  const [order, [method], legal, sender] = await Promise.all([
    loadOrder(db, row),
    db.query<{ delivery_time: string | null }>(
      'SELECT delivery_time FROM shipping_methods WHERE company_id = $1 AND id = $2',
      [row.company_id, row.shipping_method_id],
    ),
    legalTexts(db, row.company_id),
    shopSender(db),
  ]);
  const shopOrigin = originOf(row.shop_url);
  return shipmentMail({
    order,
    parcel: row.mail_parcel,
    corrected: row.mail_corrected,
    shopOrigin,
    sender,
    deliveryTime: method?.delivery_time ?? undefined,
    withdrawal: legal.withdrawal,
  });
}
