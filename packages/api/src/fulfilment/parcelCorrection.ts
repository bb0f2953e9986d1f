import type { Queryable } from '../db/Db';
import { leftLines, leftToShip, resolveLines, sameLines } from './parcels';
import {
  CLAIM,
  type ReadOrder,
  type ShipRequest,
  type ShipResult,
  alreadyShipped,
  shipmentOf,
} from './shipResult';

/**
 * `lp-api orders ship <n> --correct [--parcel n] [--lines …] [--carrier …] [--tracking …]`: the warehouse corrects a
 * parcel it recorded wrongly. Session 18 let it replace the carrier and the tracking number; session 20 also what the
 * parcel holds (the packer put the other plate in it): `--lines` names the parcel's true contents, in the form of
 * `ship --lines`, a line alone taking all of it that no other parcel holds. Carrier and number stay when neither is
 * given. The parcel keeps its number and day, the order page and the account show the corrected state at once, and
 * the shopper gets the parcel's Versandbestätigung again, built from the corrected parcel (what is in it, what
 * follows separately), marked as a correction (migration 036 `corrected_at`; "Korrektur: …" in its subject, and a
 * sentence saying the earlier mail is replaced): they went by a mail that named the wrong plate or number.
 */

/**
 * Corrects a parcel of `order` (read under its row lock by shipments.ts); undefined when the order has no parcel yet
 * and a carrier was given without lines or a parcel (session 18: `--correct` of an order not shipped records it).
 * 'readAgain' when the row changed since it was read (a process without the lock).
 */
export async function correctParcel(
  tx: Queryable,
  order: ReadOrder,
  request: ShipRequest,
): Promise<ShipResult | 'readAgain' | undefined> {
  const { orderNumber, parcels, quantities } = order;
  if (parcels.length === 0 && request.parcel == null && request.carrier !== null && !request.lines)
    return undefined;
  const target =
    request.parcel != null
      ? parcels.find((p) => p.row.parcel === request.parcel)
      : parcels.length === 1
        ? parcels[0]
        : undefined;
  if (!target) return { kind: 'whichParcel', orderNumber, parcels: parcels.map((p) => p.shipment) };
  const { row } = target;
  // A number checked against the default carrier's forms must not move another carrier's parcel to it.
  if (request.carrierNamed === false && request.carrier !== null && request.carrier !== row.carrier)
    return { kind: 'carrierUnnamed', orderNumber, parcel: row.parcel, carrier: row.carrier };
  const others = parcels.filter((p) => p !== target).map((p) => p.shipment);
  // What this parcel may hold: what no other parcel holds. (Two parcels with swapped plates cannot be corrected line
  // by line, each step would put a plate in both: the usage says to correct their carrier and number instead.)
  const room = leftToShip(quantities, others);
  const lines = request.lines ? resolveLines(request.lines, room) : target.shipment.lines;
  if (!lines) return { kind: 'noRoom', orderNumber, parcel: row.parcel, room: leftLines(room), others };
  // Neither carrier nor number given: both stay; the same carrier without a number keeps its number (session 18).
  const carrier = request.carrier ?? row.carrier;
  const trackingNumber =
    request.carrier === null || (carrier === row.carrier && request.trackingNumber === null)
      ? row.tracking_number
      : request.trackingNumber;
  const newLines = sameLines(lines, target.shipment.lines) ? null : lines;
  if (carrier === row.carrier && trackingNumber === row.tracking_number && !newLines)
    return alreadyShipped(order, target);
  // Guarded by the row as read (belt and braces under the lock: a process of an older version takes none).
  const [corrected] = await tx.query<{ attempts: number }>(
    `UPDATE shipments SET carrier = $2, tracking_number = $3, lines = COALESCE($4::jsonb, lines), mail_attempts = 1,
            mail_next_attempt_at = ${CLAIM}, mail_sent_at = NULL,
            corrected_at = CASE WHEN mail_sent_at IS NULL THEN corrected_at ELSE now() END
      WHERE id = $1 AND carrier = $5 AND tracking_number IS NOT DISTINCT FROM $6
        AND lines IS NOT DISTINCT FROM $7::jsonb
      RETURNING mail_attempts AS attempts`,
    [
      row.id,
      carrier,
      trackingNumber,
      newLines && JSON.stringify(newLines),
      row.carrier,
      row.tracking_number,
      row.lines && JSON.stringify(row.lines),
    ],
  );
  if (!corrected) return 'readAgain';
  const shipment = shipmentOf(
    { ...row, carrier, tracking_number: trackingNumber, lines: newLines ?? row.lines },
    quantities,
  );
  return {
    kind: 'shipped',
    orderNumber,
    corrected: true,
    owed: { id: row.id, attempts: corrected.attempts, order_number: orderNumber },
    shipment,
    left: leftLines(leftToShip(quantities, [...others, shipment])),
  };
}
