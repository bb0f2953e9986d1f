import { CLAIM_MINUTES } from '../mail/owedMails';
import type { OwedShipmentMail } from '../mail/shipmentMails';
import { type LineRequest, type ParcelLine, type StoredParcel, leftLines, toParcels } from './parcels';

/**
 * What `lp-api orders ship` asks (`ShipRequest`), what one attempt reads of the order (`ReadOrder`) and what it
 * answers (`ShipResult`): shared by the record of a parcel (shipments.ts) and its correction (parcelCorrection.ts).
 */

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
  /** `correct` with lines its other parcels hold (session 20): nothing changed; `room` is what this one may hold. */
  | { kind: 'noRoom'; orderNumber: string; parcel: number; room: ParcelLine[]; others: Shipment[] }
  /**
   * `correct --tracking` without `--carrier` of a parcel another carrier than the default took (review of session 20):
   * the number was checked against the default's forms, so the parcel would silently change carrier. Nothing changed.
   */
  | { kind: 'carrierUnnamed'; orderNumber: string; parcel: number; carrier: string }
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

export type ParcelRow = StoredParcel & { id: number; mail_sent_at: Date | string | null };

export const shipmentOf = (row: StoredParcel, quantities: number[]): Shipment => {
  const [parcel] = toParcels([row], quantities);
  return parcel!;
};

/** What `ship` asks for. */
export interface ShipRequest {
  orderNumber: string;
  /** The carrier; null only with `correct` (neither --carrier nor --tracking given): the parcel keeps both. */
  carrier: string | null;
  /** False when the operator named no carrier and `carrier` is the default (the command's `--carrier` absent). */
  carrierNamed?: boolean;
  trackingNumber: string | null;
  correct: boolean;
  /** What the parcel holds (null: all that is left; with `correct`: the lines stay). */
  lines?: LineRequest[] | null;
  parcel?: number | null;
}

/** The order as one attempt read it, under its row lock: its lines' quantities, its parcels and what is left. */
export interface ReadOrder {
  orderNumber: string;
  quantities: number[];
  parcels: { row: ParcelRow; shipment: Shipment }[];
  left: number[];
}

/** A recorded parcel (or a correction) whose mail is owed now, its first attempt claimed for the caller. */
export const CLAIM = `now() + make_interval(mins => ${CLAIM_MINUTES})`;

/** A parcel recorded before and asked for again: nothing changes, no second mail. */
export const alreadyShipped = (order: ReadOrder, p: ReadOrder['parcels'][number]): ShipResult => ({
  kind: 'already',
  orderNumber: order.orderNumber,
  shipment: p.shipment,
  mailSent: p.row.mail_sent_at !== null,
  left: leftLines(order.left),
});
