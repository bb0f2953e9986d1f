import type { Order } from '@lp/sdk/contract';
import type { Queryable } from '../db/Db';
import { ORDER_COLUMNS, type OrderRow, loadOrder } from '../orders/orderRepo';
import type { OutgoingMail } from '../outbox/mailTransport';
import { legalTexts } from './legalTexts';
import { type LegalText, address, lineDetails } from './orderConfirmationMail';
import { type ShopSender, shopSender, signOffWithImprint } from './signOff';

export interface ShipmentMailInput {
  /** The order as the contract shows it, with its `shipment`. */
  order: Order;
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
 * The Versandbestätigung: the order is on its way. Plain German text like every mail of the shop, so no value of the
 * order can become markup (the sandbox outbox escapes it when it shows it); the tracking link is built by
 * fulfilment/tracking.ts from the carrier and a checked number. It names what was shipped, to which address, and
 * when the withdrawal period starts (§ 356 (2) no. 1 a BGB: with the receipt of the goods), with the exception for
 * goods made to the consumer's specification (§ 312g (2) no. 1 BGB) in the words of the withdrawal receipt.
 */
export function shipmentMail({
  order,
  shopOrigin,
  sender,
  deliveryTime,
  withdrawal,
}: ShipmentMailInput): OutgoingMail {
  const shipment = order.shipment;
  if (!shipment) throw new Error('The order is not shipped.');
  const person = order.billingPerson;
  const tracking = shipment.trackingNumber
    ? [
        `Versanddienstleister: ${shipment.carrier}`,
        `Sendungsnummer: ${shipment.trackingNumber}`,
        ...(shipment.trackingUrl ? [`Sendung verfolgen: ${shipment.trackingUrl}`] : []),
      ]
    : [`Versanddienstleister: ${shipment.carrier}`, 'Für diese Sendung gibt es keine Sendungsnummer.'];
  const text = [
    `Guten Tag ${person.name} ${person.lastName},`,
    '',
    `Ihre Bestellung ${order.orderNumber} ist unterwegs: Wir haben sie am ${berlinDay.format(new Date(shipment.shippedAt))} an ${shipment.carrier} übergeben.`,
    '',
    ...tracking,
    ...(deliveryTime ? [`Lieferzeit innerhalb Deutschlands: ${deliveryTime}.`] : []),
    '',
    'Versendete Artikel',
    '-'.repeat(40),
    ...order.orderItems.flatMap((item, index) => [
      `${index + 1}. ${item.businessName}`,
      ...lineDetails(item.attributes ?? {}).map((detail) => `   ${detail}`),
      `   Menge: ${item.itemQuantity}`,
      '',
    ]),
    ...address('Lieferadresse', order.shippingAddress),
    '',
    'Ihr Widerrufsrecht',
    '-'.repeat(40),
    'Die Widerrufsfrist von 14 Tagen beginnt mit dem Tag, an dem Sie oder ein von Ihnen benannter Dritter, der nicht ' +
      'der Beförderer ist, die Waren in Besitz genommen haben.',
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
    subject: `Ihre Bestellung ${order.orderNumber} ist unterwegs`,
    text,
    ...(shipment.trackingUrl ? { link: shipment.trackingUrl } : {}),
  };
}

/**
 * The Versandbestätigung of a shipped order as the shop words it now (name, Impressum, Widerrufsbelehrung, delivery
 * time); rejects when the order is not shipped or its billing e-mail was erased. The links go to the storefront the
 * shopper paid from: the order confirmation's, else the payment's return URL.
 */
export async function buildShipmentMail(db: Queryable, orderId: number): Promise<OutgoingMail> {
  const [row] = await db.query<OrderRow & { shop_url: string | null }>(
    `SELECT ${ORDER_COLUMNS}, COALESCE(
       (SELECT c.shop_origin FROM order_confirmations c WHERE c.order_id = orders.id),
       (SELECT p.return_url FROM payments p WHERE p.order_id = orders.id ORDER BY p.created_at DESC LIMIT 1)) AS shop_url
       FROM orders WHERE id = $1`,
    [orderId],
  );
  if (!row || row.shipped_at === null) throw new Error('The order is not shipped.');
  if (!row.billing_person.email) throw new Error('The order has no billing e-mail (erased).');
  const [order, [method], legal, sender] = await Promise.all([
    loadOrder(db, row),
    db.query<{ delivery_time: string | null }>(
      'SELECT delivery_time FROM shipping_methods WHERE company_id = $1 AND id = $2',
      [row.company_id, row.shipping_method_id],
    ),
    legalTexts(db, row.company_id),
    shopSender(db),
  ]);
  let shopOrigin: string | undefined;
  try {
    shopOrigin = row.shop_url ? new URL(row.shop_url).origin : undefined;
  } catch {
    shopOrigin = undefined;
  }
  return shipmentMail({
    order,
    shopOrigin,
    sender,
    deliveryTime: method?.delivery_time ?? undefined,
    withdrawal: legal.withdrawal,
  });
}
