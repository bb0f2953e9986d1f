import type { OrderParcel } from '@lp/sdk/contract';
import { trackingUrl } from './tracking';

/**
 * The parcels of an order (migration 032: `shipments`, one row per parcel) and what is left to ship. Pure: the order
 * answers (orders/orderRepo.ts), the Versandbestätigung and `lp-api orders` read them alike.
 */

/** What a parcel holds of one order line: `line` counts the order's lines from 1. */
export interface ParcelLine {
  line: number;
  quantity: number;
}

/** A parcel as stored: `lines` null is every line in full (the rows of one shipment per order, before 032). */
export interface StoredParcel extends Record<string, unknown> {
  parcel: number;
  shipped_at: Date | string;
  carrier: string;
  tracking_number: string | null;
  lines: ParcelLine[] | null;
}

/** The stored parcels as the contract shows them, each with its lines spelled out and its tracking page. */
export function toParcels(stored: StoredParcel[], quantities: number[]): OrderParcel[] {
  return [...stored]
    .sort((a, b) => a.parcel - b.parcel)
    .map((row) => ({
      parcel: row.parcel,
      shippedAt: new Date(row.shipped_at).toISOString(),
      carrier: row.carrier,
      trackingNumber: row.tracking_number,
      trackingUrl: trackingUrl(row.carrier, row.tracking_number),
      lines: row.lines ?? quantities.map((quantity, index) => ({ line: index + 1, quantity })),
    }));
}

/** Whether two parcels hold the same lines (both in line order, as stored and as {@link resolveLines} makes them). */
export const sameLines = (a: ParcelLine[], b: ParcelLine[]): boolean =>
  a.length === b.length &&
  a.every((line, index) => line.line === b[index]?.line && line.quantity === b[index]?.quantity);

/** A line of `ship --lines`: the order line (from 1) and how many of it (null: all that is left of it). */
export interface LineRequest {
  line: number;
  quantity: number | null;
}

/**
 * The requested lines against what is left of each (`left`, index 0 = line 1), in line order: a line without a
 * quantity takes all that is left of it. Undefined when a line has nothing left or less than requested.
 */
export function resolveLines(requested: LineRequest[], left: number[]): ParcelLine[] | undefined {
  const lines: ParcelLine[] = [];
  for (const wanted of [...requested].sort((a, b) => a.line - b.line)) {
    const available = left[wanted.line - 1] ?? 0;
    const quantity = wanted.quantity ?? available;
    if (quantity < 1 || quantity > available) return undefined;
    lines.push({ line: wanted.line, quantity });
  }
  return lines;
}

/** Per order line (index 0 = line 1), the quantity not in any of `parcels` yet (never below 0). */
export function leftToShip(quantities: number[], parcels: Pick<OrderParcel, 'lines'>[]): number[] {
  const left = [...quantities];
  for (const parcel of parcels)
    for (const { line, quantity } of parcel.lines)
      if (line >= 1 && line <= left.length) left[line - 1] = Math.max(0, (left[line - 1] ?? 0) - quantity);
  return left;
}

/** The lines with something left, as parcel lines (the default of `lp-api orders ship`: all that is left). */
export function leftLines(left: number[]): ParcelLine[] {
  return left.flatMap((quantity, index) => (quantity > 0 ? [{ line: index + 1, quantity }] : []));
}

/**
 * SQL: the order `alias` still has something to ship: no parcel holds it whole, and some line's quantity is more than
 * its parcels hold (line n is order_items.position n - 1: the save writes positions 0, 1, …).
 */
export const openOrder = (alias: string): string => `(NOT EXISTS (SELECT 1 FROM shipments s
    WHERE s.order_id = ${alias}.id AND s.lines IS NULL)
  AND EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = ${alias}.id AND i.quantity > COALESCE((
    SELECT sum((l ->> 'quantity')::int) FROM shipments s, jsonb_array_elements(s.lines) l
     WHERE s.order_id = ${alias}.id AND (l ->> 'line')::int = i.position + 1), 0)))`;

/** {@link openOrder} of the packers' queries (`FROM orders o`). */
export const OPEN_ORDER = openOrder('o');

/**
 * SQL: when the order `alias` was shipped completely (its last parcel's time), NULL while nothing or only a part of
 * it has left; one value however many parcels it has (the dealer list's `shippedAt`, dealers/dealerRepo.ts).
 */
export const orderShippedAt = (alias: string): string =>
  `(SELECT max(s.shipped_at) FROM shipments s WHERE s.order_id = ${alias}.id HAVING NOT ${openOrder(alias)})`;
