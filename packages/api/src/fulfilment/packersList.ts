import type { Address } from '@lp/sdk/contract';
import { ATTR } from '@lp/sdk/contract';
import type { Queryable } from '../db/Db';
import { lineDetails } from '../mail/orderConfirmationMail';
import { OPEN_ORDER, type StoredParcel, leftToShip, toParcels } from './parcels';

/**
 * The packers' list (`lp-api orders`): the paid orders with something left to ship, with their lines, print files and
 * address, and the day each should leave. Recording a parcel is shipments.ts.
 */
/** A paid order not shipped yet, or not all of it, as the packers need it (`lp-api orders`). */
export interface UnshippedOrder {
  orderNumber: string;
  /** ISO 8601: when it was paid (the invoice date; the order's creation for orders paid before migration 025). */
  paidAt: string;
  /** yyyy-mm-dd, Berlin: the working day it is promised to leave (same day when paid on a weekday before 14:00). */
  shipBy: string;
  shippingMethod: string;
  /** The method's delivery time as the shop states it now ('1–3 Werktage'); null: none stated. */
  deliveryTime: string | null;
  /** Parcels of this order shipped before (0: nothing shipped yet). */
  parcelsShipped: number;
  /** The lines with something left to ship, each with its number in the order (for `ship --lines`). */
  lines: {
    line: number;
    /** Left to ship. */
    quantity: number;
    /** Ordered in all (more than `quantity` when a parcel held part of the line). */
    ordered: number;
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

/** How many paid orders not (completely) shipped were paid before the last `days` days (the list leaves them out). */
export async function countUnshippedBefore(db: Queryable, days: number): Promise<number> {
  if (days === 0) return 0;
  const [row] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM orders o
      WHERE o.status = 'paid' AND ${OPEN_ORDER}
        AND COALESCE(o.invoiced_at, o.created_at) < now() - make_interval(days => $1::int)`,
    [days],
  );
  return row?.n ?? 0;
}

/** Which paid orders the packers' list reads: those with something to ship, paid in the last `days` days (0: all). */
const PAID_WITHIN = `o.status = 'paid' AND ${OPEN_ORDER}
  AND ($1::int = 0 OR COALESCE(o.invoiced_at, o.created_at) >= now() - make_interval(days => $1::int))`;

/**
 * The paid orders with something to ship that were paid in the last `days` days (0: all), oldest payment first (the
 * packers' list), each with the lines left (an order shipped in part lists only what its parcels did not hold). A
 * window, because a shop upgraded to migration 029 has every order it ever shipped unrecorded: those years of orders
 * must not bury today's.
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
  const ids = orders.map((order) => order.id);
  const [lines, parcels] = await Promise.all([
    db.query<{
      order_id: number;
      quantity: number;
      business_name: string;
      attributes: Record<string, string>;
    }>(
      `SELECT order_id, quantity, business_name, attributes FROM order_items
        WHERE order_id = ANY($1::int[]) ORDER BY order_id, position`,
      [ids],
    ),
    db.query<StoredParcel & { order_id: number }>(
      `SELECT order_id, parcel, shipped_at, carrier, tracking_number, lines FROM shipments
        WHERE order_id = ANY($1::int[]) ORDER BY order_id, parcel`,
      [ids],
    ),
  ]);
  const linesOf = groupBy(lines);
  const parcelsOf = groupBy(parcels);
  return orders.map((order) => {
    const paidAt = new Date(order.paid_at);
    const ofOrder = linesOf.get(order.id) ?? [];
    const quantities = ofOrder.map((line) => line.quantity);
    const shipped = toParcels(parcelsOf.get(order.id) ?? [], quantities);
    const left = leftToShip(quantities, shipped);
    return {
      orderNumber: order.order_number,
      paidAt: paidAt.toISOString(),
      shipBy: shipByDay(paidAt),
      shippingMethod: order.shipping_method_name,
      deliveryTime: order.delivery_time,
      parcelsShipped: shipped.length,
      lines: ofOrder.flatMap((line, index) =>
        (left[index] ?? 0) > 0
          ? [
              {
                line: index + 1,
                quantity: left[index] ?? 0,
                ordered: line.quantity,
                name: line.business_name,
                details: lineDetails(line.attributes ?? {}),
                printFile: line.attributes?.[ATTR.designImage] ?? null,
              },
            ]
          : [],
      ),
      shippingAddress: order.shipping_address,
    };
  });
}

function groupBy<T extends { order_id: number }>(rows: T[]): Map<number, T[]> {
  const grouped = new Map<number, T[]>();
  for (const row of rows) {
    const ofOrder = grouped.get(row.order_id);
    if (ofOrder) ofOrder.push(row);
    else grouped.set(row.order_id, [row]);
  }
  return grouped;
}
