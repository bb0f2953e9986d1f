import type { Db, Queryable } from '../db/Db';
import { correctParcel } from './parcelCorrection';
import { leftLines, leftToShip, resolveLines, sameLines } from './parcels';
import {
  CLAIM,
  type ParcelRow,
  type ReadOrder,
  type ShipRequest,
  type ShipResult,
  alreadyShipped,
  shipmentOf,
} from './shipResult';
import { DEFAULT_CARRIER } from './tracking';

export type { LineRequest } from './parcels';
export type { ShipRequest, ShipResult, Shipment } from './shipResult';

/**
 * Records that part or all of the paid order `orderNumber` (any case) was handed to `carrier` with `trackingNumber`
 * (null: none) as a parcel of its own holding `lines` (null: everything not shipped yet), and makes its
 * Versandbestätigung owed, claimed for the caller's attempt (mail/shipmentMails.ts). Unknown, unpaid and cancelled
 * orders are refused, and lines the order does not have or has no more of to ship. A repeat (the same number, or no
 * number and nothing more to ship with that carrier) changes nothing and owes no second mail; another number for a
 * parcel is refused unless `correct`: then that parcel changes (parcelCorrection.ts) and its mail is owed again.
 *
 * Each attempt is one transaction that first locks the order's row (session 20): a correction that moves a line
 * between parcels and a new parcel of the same order, recorded at once by two operators, would otherwise both pass
 * their checks and ship a plate twice. Every change is also guarded by the state it read (a new parcel takes the
 * number after the ones read, unique per order; a correction only of the row as read), so a process of an older
 * version without the lock (a rolling deploy) makes this one read again rather than record twice.
 */
export async function shipOrder(db: Pick<Db, 'transaction'>, request: ShipRequest): Promise<ShipResult> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const result = await db.transaction((tx) => shipOnce(tx, request));
    if (result !== 'readAgain') return result;
  }
  throw new Error(`Order ${request.orderNumber} kept changing while it was shipped. Nothing changed.`);
}

async function shipOnce(tx: Queryable, request: ShipRequest): Promise<ShipResult | 'readAgain'> {
  const [order] = await tx.query<{ id: number; order_number: string; status: string }>(
    'SELECT id, order_number, status FROM orders WHERE upper(order_number) = upper($1) FOR NO KEY UPDATE',
    [request.orderNumber.trim()],
  );
  if (!order) return { kind: 'unknown' };
  if (order.status !== 'paid')
    return { kind: 'notPaid', orderNumber: order.order_number, status: order.status };
  const items = await tx.query<{ quantity: number }>(
    'SELECT quantity FROM order_items WHERE order_id = $1 ORDER BY position',
    [order.id],
  );
  const rows = await tx.query<ParcelRow>(
    `SELECT id, parcel, shipped_at, carrier, tracking_number, lines, mail_sent_at FROM shipments
      WHERE order_id = $1 ORDER BY parcel`,
    [order.id],
  );
  const quantities = items.map((item) => item.quantity);
  const orderNumber = order.order_number;
  const parcels = rows.map((row) => ({ row, shipment: shipmentOf(row, quantities) }));
  const left = leftToShip(
    quantities,
    parcels.map((p) => p.shipment),
  );
  const read: ReadOrder = { orderNumber, quantities, parcels, left };
  const requested = request.lines ?? null;
  if (requested?.some((wanted) => wanted.line > quantities.length))
    return { kind: 'notLeft', orderNumber, lineCount: quantities.length, left: leftLines(left) };
  if (request.correct) {
    const corrected = await correctParcel(tx, read, request);
    // Undefined: nothing shipped yet and a carrier given: recorded as the first parcel (as in session 18).
    if (corrected) return corrected;
  }
  const carrier = request.carrier ?? DEFAULT_CARRIER;

  // A parcel recorded before with this number: the same command again, or a number that is taken.
  const withNumber =
    request.trackingNumber === null
      ? undefined
      : parcels.find((p) => p.row.tracking_number === request.trackingNumber);
  if (withNumber) {
    const wants =
      requested &&
      resolveLines(
        requested,
        leftToShip(
          quantities,
          parcels.filter((p) => p !== withNumber).map((p) => p.shipment),
        ),
      );
    if (
      withNumber.row.carrier === carrier &&
      (!requested || (wants && sameLines(wants, withNumber.shipment.lines)))
    )
      return alreadyShipped(read, withNumber);
    return { kind: 'conflict', orderNumber, shipment: withNumber.shipment };
  }
  const wants = requested ? resolveLines(requested, left) : leftLines(left);
  if (!wants || wants.length === 0) {
    // Nothing (or not that much) left: a repeat without a number is the parcel with this carrier (and these lines).
    if (request.trackingNumber === null) {
      const repeat = [...parcels].reverse().find(
        (p) =>
          p.row.carrier === carrier &&
          (!requested ||
            sameLines(
              resolveLines(
                requested,
                leftToShip(
                  quantities,
                  parcels.filter((q) => q !== p).map((q) => q.shipment),
                ),
              ) ?? [],
              p.shipment.lines,
            )),
      );
      if (repeat) return alreadyShipped(read, repeat);
    }
    if (!requested && parcels.length > 0)
      return { kind: 'conflict', orderNumber, shipment: parcels[parcels.length - 1]!.shipment };
    return { kind: 'notLeft', orderNumber, lineCount: quantities.length, left: leftLines(left) };
  }
  // The next parcel number after those read: a parcel another process recorded meanwhile takes it first, and this
  // command reads the order again (a repeat then, or what is left then).
  const next = parcels.reduce((max, p) => Math.max(max, p.row.parcel), 0) + 1;
  const [shipped] = await tx.query<{ id: number; attempts: number; shipped_at: Date | string }>(
    `INSERT INTO shipments (order_id, parcel, lines, carrier, tracking_number, mail_attempts, mail_next_attempt_at)
     VALUES ($1, $2, $3::jsonb, $4, $5, 1, ${CLAIM}) ON CONFLICT (order_id, parcel) DO NOTHING
     RETURNING id, mail_attempts AS attempts, shipped_at`,
    [order.id, next, JSON.stringify(wants), carrier, request.trackingNumber],
  );
  if (!shipped) return 'readAgain';
  const shipment = shipmentOf(
    {
      parcel: next,
      shipped_at: shipped.shipped_at,
      lines: wants,
      carrier,
      tracking_number: request.trackingNumber,
    },
    quantities,
  );
  return {
    kind: 'shipped',
    orderNumber,
    corrected: false,
    owed: { id: shipped.id, attempts: shipped.attempts, order_number: orderNumber },
    shipment,
    left: leftLines(leftToShip(left, [shipment])),
  };
}
