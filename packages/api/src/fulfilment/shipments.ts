import type { Address } from '@lp/sdk/contract';
import { ATTR } from '@lp/sdk/contract';
import type { Queryable } from '../db/Db';
import { CLAIM_MINUTES } from '../mail/owedMails';
import { lineDetails } from '../mail/orderConfirmationMail';
import type { OwedShipmentMail } from '../mail/shipmentMails';
import { trackingUrl } from './tracking';

/** A paid order not shipped yet, as the packers need it (`lp-api orders`). */
export interface UnshippedOrder {
  orderNumber: string;
  /** ISO 8601: when it was paid (the invoice date; the order's creation for orders paid before migration 025). */
  paidAt: string;
  /** yyyy-mm-dd, Berlin: the working day it is promised to leave (same day when paid on a weekday before 14:00). */
  shipBy: string;
  shippingMethod: string;
  /** The method's delivery time as the shop states it now ('1–3 Werktage'); null: none stated. */
  deliveryTime: string | null;
  lines: {
    quantity: number;
    name: string;
    /** The configuration in the words of the order confirmation (Kennzeichen, Art, Größe, Saison, …). */
    details: string[];
    /** The design to print (the line's "Design-Bild"), or null for a plate without a custom design. */
    printFile: string | null;
  }[];
  shippingAddress: Address;
}

const berlin = new Intl.DateTimeFormat('en-CA', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  weekday: 'short',
  hour: '2-digit',
  hourCycle: 'h23',
  timeZone: 'Europe/Berlin',
});

/**
 * The day an order paid at `paidAt` is promised to ship (seed: "made and shipped the same working day when ordered
 * before 14:00"): the day of payment when it is a weekday before 14:00 in Germany, else the next weekday (public
 * holidays are not counted), as yyyy-mm-dd.
 */
export function shipByDay(paidAt: Date): string {
  const parts = (date: Date) =>
    Object.fromEntries(berlin.formatToParts(date).map((part) => [part.type, part.value]));
  const day = new Date(paidAt);
  let sameDay = Number(parts(day).hour) < 14;
  for (;;) {
    const p = parts(day);
    if (sameDay && p.weekday !== 'Sat' && p.weekday !== 'Sun') return `${p.year}-${p.month}-${p.day}`;
    day.setTime(day.getTime() + 24 * 60 * 60 * 1000);
    sameDay = true;
  }
}

/** How many paid orders not shipped yet were paid before the last `days` days (the list's window leaves them out). */
export async function countUnshippedBefore(db: Queryable, days: number): Promise<number> {
  if (days === 0) return 0;
  const [row] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM orders o
      WHERE o.status = 'paid' AND NOT EXISTS (SELECT 1 FROM shipments s WHERE s.order_id = o.id)
        AND COALESCE(o.invoiced_at, o.created_at) < now() - make_interval(days => $1::int)`,
    [days],
  );
  return row?.n ?? 0;
}

/** Which paid orders the packers' list reads: those paid in the last `days` days (0: all). */
const PAID_WITHIN = `o.status = 'paid' AND NOT EXISTS (SELECT 1 FROM shipments s WHERE s.order_id = o.id)
  AND ($1::int = 0 OR COALESCE(o.invoiced_at, o.created_at) >= now() - make_interval(days => $1::int))`;

/**
 * The paid orders not shipped yet that were paid in the last `days` days (0: all), oldest payment first (the
 * packers' list). A window, because a shop upgraded to migration 029 has every order it ever shipped unrecorded:
 * those years of orders must not bury today's.
 */
export async function listUnshipped(db: Queryable, days: number): Promise<UnshippedOrder[]> {
  const orders = await db.query<{
    id: number;
    order_number: string;
    paid_at: Date | string;
    shipping_method_name: string;
    delivery_time: string | null;
    shipping_address: Address;
  }>(
    `SELECT o.id, o.order_number, COALESCE(o.invoiced_at, o.created_at) AS paid_at, o.shipping_method_name,
            m.delivery_time, o.shipping_address
       FROM orders o LEFT JOIN shipping_methods m ON m.company_id = o.company_id AND m.id = o.shipping_method_id
      WHERE ${PAID_WITHIN}
      ORDER BY COALESCE(o.invoiced_at, o.created_at), o.id`,
    [days],
  );
  const lines = await db.query<{
    order_id: number;
    quantity: number;
    business_name: string;
    attributes: Record<string, string>;
  }>(
    `SELECT order_id, quantity, business_name, attributes FROM order_items
      WHERE order_id = ANY($1::int[]) ORDER BY order_id, position`,
    [orders.map((order) => order.id)],
  );
  const linesOf = new Map<number, typeof lines>();
  for (const line of lines) {
    const ofOrder = linesOf.get(line.order_id);
    if (ofOrder) ofOrder.push(line);
    else linesOf.set(line.order_id, [line]);
  }
  return orders.map((order) => {
    const paidAt = new Date(order.paid_at);
    return {
      orderNumber: order.order_number,
      paidAt: paidAt.toISOString(),
      shipBy: shipByDay(paidAt),
      shippingMethod: order.shipping_method_name,
      deliveryTime: order.delivery_time,
      lines: (linesOf.get(order.id) ?? []).map((line) => ({
        quantity: line.quantity,
        name: line.business_name,
        details: lineDetails(line.attributes ?? {}),
        printFile: line.attributes?.[ATTR.designImage] ?? null,
      })),
      shippingAddress: order.shipping_address,
    };
  });
}

/** What `shipOrder` did. */
export type ShipResult =
  | { kind: 'unknown' }
  | { kind: 'notPaid'; orderNumber: string; status: string }
  /** Recorded now; the mail is owed and claimed for the caller's own attempt (`owed`). */
  | { kind: 'shipped'; orderNumber: string; corrected: boolean; owed: OwedShipmentMail; shipment: Shipment }
  /** Shipped before with the same carrier and number (or none given): nothing changed, no second mail. */
  | { kind: 'already'; orderNumber: string; shipment: Shipment; mailSent: boolean }
  /** Shipped before with another carrier or number, and no `correct`: nothing changed. */
  | { kind: 'conflict'; orderNumber: string; shipment: Shipment };

export interface Shipment {
  shippedAt: string;
  carrier: string;
  trackingNumber: string | null;
  trackingUrl: string | null;
}

type StateRow = {
  id: number;
  attempts?: number;
  order_number: string;
  status: string;
  shipped_at: Date | string | null;
  carrier: string | null;
  tracking_number: string | null;
  mail_sent_at: Date | string | null;
};

const shipmentOf = (row: StateRow): Shipment => ({
  shippedAt: new Date(row.shipped_at!).toISOString(),
  carrier: row.carrier!,
  trackingNumber: row.tracking_number,
  trackingUrl: trackingUrl(row.carrier!, row.tracking_number),
});

const STATE = `o.id, o.order_number, o.status, s.shipped_at, s.carrier, s.tracking_number, s.mail_sent_at`;

/**
 * Records that the paid order `orderNumber` (any case) was handed to `carrier` with `trackingNumber` (null: none) and
 * makes its Versandbestätigung owed, claimed for the caller's attempt (mail/shipmentMails.ts). Unknown, unpaid and
 * cancelled orders are refused. A second call changes nothing and owes no second mail, unless it names another
 * carrier or number with `correct`: then the shipment keeps its day, takes the new carrier and number, and the mail
 * is owed again with them. One statement per change, guarded by the state it read, so two operators shipping the
 * same order at once record it and mail it once.
 */
export async function shipOrder(
  db: Queryable,
  request: { orderNumber: string; carrier: string; trackingNumber: string | null; correct: boolean },
): Promise<ShipResult> {
  const [row] = await db.query<StateRow>(
    `SELECT ${STATE} FROM orders o LEFT JOIN shipments s ON s.order_id = o.id
      WHERE upper(o.order_number) = upper($1)`,
    [request.orderNumber.trim()],
  );
  if (!row) return { kind: 'unknown' };
  if (row.status !== 'paid') return { kind: 'notPaid', orderNumber: row.order_number, status: row.status };
  const claim = `now() + make_interval(mins => ${CLAIM_MINUTES})`;
  if (row.shipped_at === null) {
    // The insert claims the mail's first attempt; ON CONFLICT: another operator shipped it meanwhile.
    const [shipped] = await db.query<{ attempts: number; shipped_at: Date | string }>(
      `INSERT INTO shipments (order_id, carrier, tracking_number, mail_attempts, mail_next_attempt_at)
       VALUES ($1, $2, $3, 1, ${claim}) ON CONFLICT (order_id) DO NOTHING
       RETURNING mail_attempts AS attempts, shipped_at`,
      [row.id, request.carrier, request.trackingNumber],
    );
    if (!shipped) return shipOrder(db, request);
    return shippedResult(
      { ...row, ...shipped, carrier: request.carrier, tracking_number: request.trackingNumber },
      false,
    );
  }
  const same =
    row.carrier === request.carrier &&
    (request.trackingNumber === null || request.trackingNumber === row.tracking_number);
  if (same)
    return {
      kind: 'already',
      orderNumber: row.order_number,
      shipment: shipmentOf(row),
      mailSent: row.mail_sent_at !== null,
    };
  if (!request.correct) return { kind: 'conflict', orderNumber: row.order_number, shipment: shipmentOf(row) };
  // Guarded by what was read: of two corrections at once, the second answers as a repeat or a conflict.
  const [corrected] = await db.query<{ attempts: number }>(
    `UPDATE shipments SET carrier = $2, tracking_number = $3, mail_attempts = 1, mail_next_attempt_at = ${claim},
            mail_sent_at = NULL
      WHERE order_id = $1 AND carrier = $4 AND tracking_number IS NOT DISTINCT FROM $5
      RETURNING mail_attempts AS attempts`,
    [row.id, request.carrier, request.trackingNumber, row.carrier, row.tracking_number],
  );
  if (!corrected) return shipOrder(db, request);
  return shippedResult(
    { ...row, ...corrected, carrier: request.carrier, tracking_number: request.trackingNumber },
    true,
  );
}

function shippedResult(row: StateRow, corrected: boolean): ShipResult {
  return {
    kind: 'shipped',
    orderNumber: row.order_number,
    corrected,
    owed: { order_id: row.id, attempts: row.attempts ?? 1, order_number: row.order_number },
    shipment: shipmentOf(row),
  };
}
