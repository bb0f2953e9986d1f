import type { Queryable } from '../db/Db';
import { CLAIM_MINUTES } from '../mail/owedMails';
import type { OwedShipmentMail } from '../mail/shipmentMails';
import { type ParcelLine, type StoredParcel, leftLines, leftToShip, toParcels } from './parcels';

/** A line of `ship --lines`: the order line (from 1) and how many of it (null: all that is left of it). */
export interface LineRequest {
  line: number;
  quantity: number | null;
}

/** What `shipOrder` did. */
export type ShipResult =
  | { kind: 'unknown' }
  | { kind: 'notPaid'; orderNumber: string; status: string }
  /** Recorded now; the mail is owed and claimed for the caller's own attempt (`owed`). */
  | {
      kind: 'shipped';
      orderNumber: string;
      corrected: boolean;
      owed: OwedShipmentMail;
      shipment: Shipment;
      /** What is still to ship after it (empty: the order is shipped completely). */
      left: ParcelLine[];
    }
  /** Recorded before with the same carrier and number (or none given): nothing changed, no second mail. */
  | { kind: 'already'; orderNumber: string; shipment: Shipment; mailSent: boolean; left: ParcelLine[] }
  /** Shipped before with another carrier or number, and no `correct`: nothing changed. */
  | { kind: 'conflict'; orderNumber: string; shipment: Shipment }
  /** A line the order does not have, or more of a line than is left to ship: nothing changed. */
  | { kind: 'notLeft'; orderNumber: string; lineCount: number; left: ParcelLine[] }
  /** `correct` of an order with several parcels without naming one (or naming one it does not have). */
  | { kind: 'whichParcel'; orderNumber: string; parcels: Shipment[] };

/** A parcel as the command reports it. */
export interface Shipment {
  parcel: number;
  shippedAt: string;
  carrier: string;
  trackingNumber: string | null;
  trackingUrl: string | null;
  lines: ParcelLine[];
}

type ParcelRow = StoredParcel & { id: number; mail_sent_at: Date | string | null };

const shipmentOf = (row: ParcelRow, quantities: number[]): Shipment => {
  const [parcel] = toParcels([row], quantities);
  return parcel!;
};

const sameLines = (a: ParcelLine[], b: ParcelLine[]) =>
  a.length === b.length &&
  a.every((line, index) => line.line === b[index]?.line && line.quantity === b[index]?.quantity);

/**
 * Records that part or all of the paid order `orderNumber` (any case) was handed to `carrier` with `trackingNumber`
 * (null: none) as a parcel of its own holding `lines` (null: everything not shipped yet), and makes its
 * Versandbestätigung owed, claimed for the caller's attempt (mail/shipmentMails.ts). Unknown, unpaid and cancelled
 * orders are refused, and lines the order does not have or has no more of to ship. A repeat (the same number, or no
 * number and nothing more to ship with that carrier) changes nothing and owes no second mail; another number for a
 * parcel is refused unless `correct`: then that parcel (`parcel`, or the order's only one) keeps its day and lines,
 * takes the new carrier and number, and its mail is owed again. Each change is one statement guarded by the state
 * it read (a new parcel takes the number after the ones read, unique per order), so two operators shipping the same
 * order at once record it and mail it once.
 */
export async function shipOrder(
  db: Queryable,
  request: {
    orderNumber: string;
    carrier: string;
    trackingNumber: string | null;
    correct: boolean;
    lines?: LineRequest[] | null;
    parcel?: number | null;
  },
): Promise<ShipResult> {
  const [order] = await db.query<{ id: number; order_number: string; status: string }>(
    'SELECT id, order_number, status FROM orders WHERE upper(order_number) = upper($1)',
    [request.orderNumber.trim()],
  );
  if (!order) return { kind: 'unknown' };
  if (order.status !== 'paid')
    return { kind: 'notPaid', orderNumber: order.order_number, status: order.status };
  const [items, rows] = await Promise.all([
    db.query<{ quantity: number }>('SELECT quantity FROM order_items WHERE order_id = $1 ORDER BY position', [
      order.id,
    ]),
    db.query<ParcelRow>(
      `SELECT id, parcel, shipped_at, carrier, tracking_number, lines, mail_sent_at FROM shipments
        WHERE order_id = $1 ORDER BY parcel`,
      [order.id],
    ),
  ]);
  const quantities = items.map((item) => item.quantity);
  const orderNumber = order.order_number;
  const parcels = rows.map((row) => ({ row, shipment: shipmentOf(row, quantities) }));
  const left = leftToShip(
    quantities,
    parcels.map((p) => p.shipment),
  );
  const already = (p: (typeof parcels)[number]): ShipResult => ({
    kind: 'already',
    orderNumber,
    shipment: p.shipment,
    mailSent: p.row.mail_sent_at !== null,
    left: leftLines(left),
  });
  const claim = `now() + make_interval(mins => ${CLAIM_MINUTES})`;
  const requested = request.lines ?? null;
  if (requested?.some((wanted) => wanted.line > quantities.length))
    return { kind: 'notLeft', orderNumber, lineCount: quantities.length, left: leftLines(left) };

  // A parcel named for correction that the order does not have (none shipped yet, or fewer): refused, not shipped.
  if (request.correct && request.parcel != null && !parcels.some((p) => p.row.parcel === request.parcel))
    return { kind: 'whichParcel', orderNumber, parcels: parcels.map((p) => p.shipment) };
  if (request.correct && parcels.length > 0) {
    const target =
      request.parcel != null
        ? parcels.find((p) => p.row.parcel === request.parcel)
        : parcels.length === 1
          ? parcels[0]
          : undefined;
    if (!target) return { kind: 'whichParcel', orderNumber, parcels: parcels.map((p) => p.shipment) };
    const { row } = target;
    if (
      row.carrier === request.carrier &&
      (request.trackingNumber === null || request.trackingNumber === row.tracking_number)
    )
      return already(target);
    // Guarded by what was read: of two corrections at once, the second answers as a repeat or a conflict.
    const [corrected] = await db.query<{ attempts: number }>(
      `UPDATE shipments SET carrier = $2, tracking_number = $3, mail_attempts = 1, mail_next_attempt_at = ${claim},
              mail_sent_at = NULL
        WHERE id = $1 AND carrier = $4 AND tracking_number IS NOT DISTINCT FROM $5
        RETURNING mail_attempts AS attempts`,
      [row.id, request.carrier, request.trackingNumber, row.carrier, row.tracking_number],
    );
    if (!corrected) return shipOrder(db, request);
    return {
      kind: 'shipped',
      orderNumber,
      corrected: true,
      owed: { id: row.id, attempts: corrected.attempts, order_number: orderNumber },
      shipment: shipmentOf(
        { ...row, carrier: request.carrier, tracking_number: request.trackingNumber },
        quantities,
      ),
      left: leftLines(left),
    };
  }

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
      withNumber.row.carrier === request.carrier &&
      (!requested || (wants && sameLines(wants, withNumber.shipment.lines)))
    )
      return already(withNumber);
    return { kind: 'conflict', orderNumber, shipment: withNumber.shipment };
  }
  const wants = requested ? resolveLines(requested, left) : leftLines(left);
  if (!wants || wants.length === 0) {
    // Nothing (or not that much) left: a repeat without a number is the parcel with this carrier (and these lines).
    if (request.trackingNumber === null) {
      const repeat = [...parcels].reverse().find(
        (p) =>
          p.row.carrier === request.carrier &&
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
      if (repeat) return already(repeat);
    }
    if (!requested && parcels.length > 0)
      return { kind: 'conflict', orderNumber, shipment: parcels[parcels.length - 1]!.shipment };
    return { kind: 'notLeft', orderNumber, lineCount: quantities.length, left: leftLines(left) };
  }
  // The next parcel number after those read: a parcel another operator recorded meanwhile takes it first, and this
  // command reads the order again (a repeat then, or what is left then).
  const next = parcels.reduce((max, p) => Math.max(max, p.row.parcel), 0) + 1;
  const [shipped] = await db.query<{ id: number; attempts: number; shipped_at: Date | string }>(
    `INSERT INTO shipments (order_id, parcel, lines, carrier, tracking_number, mail_attempts, mail_next_attempt_at)
     VALUES ($1, $2, $3::jsonb, $4, $5, 1, ${claim}) ON CONFLICT (order_id, parcel) DO NOTHING
     RETURNING id, mail_attempts AS attempts, shipped_at`,
    [order.id, next, JSON.stringify(wants), request.carrier, request.trackingNumber],
  );
  if (!shipped) return shipOrder(db, request);
  const shipment = shipmentOf(
    {
      ...shipped,
      parcel: next,
      lines: wants,
      carrier: request.carrier,
      tracking_number: request.trackingNumber,
      mail_sent_at: null,
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

/**
 * The requested lines against what is left of each (`left`, index 0 = line 1), in line order: a line without a
 * quantity takes all that is left of it. Undefined when a line has nothing left or less than requested.
 */
function resolveLines(requested: LineRequest[], left: number[]): ParcelLine[] | undefined {
  const lines: ParcelLine[] = [];
  for (const wanted of [...requested].sort((a, b) => a.line - b.line)) {
    const available = left[wanted.line - 1] ?? 0;
    const quantity = wanted.quantity ?? available;
    if (quantity < 1 || quantity > available) return undefined;
    lines.push({ line: wanted.line, quantity });
  }
  return lines;
}
