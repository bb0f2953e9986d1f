import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Queryable } from '../db/Db';
import type { MailTransport } from '../outbox/mailTransport';
import { type OwedMailKind, deliverOwed, owedMailSender, sweepOwed } from './owedMails';
import { buildShipmentMail } from './shipmentMail';

/** A parcel whose Versandbestätigung is owed, as claimed (columns of `shipments`, migrations 029 and 032). */
export interface OwedShipmentMail extends Record<string, unknown> {
  /** The parcel's row (migration 032: one row, and one mail, per parcel). */
  id: number;
  attempts: number;
  order_number: string;
}

/**
 * Versandbestätigungen in the shop's outbox (mail/owedMails.ts, migration 029; one per parcel since 032): `lp-api
 * orders ship` makes the mail owed and claims its first attempt in the same statement; a mail the transport refused
 * (or a command that died before the hand-over) is sent by the running API's sweep, like an order confirmation.
 */
export const shipmentMails: OwedMailKind<OwedShipmentMail> = {
  name: 'shipment confirmation',
  table: 'shipments',
  key: 'id',
  attempts: 'mail_attempts',
  nextAttemptAt: 'mail_next_attempt_at',
  sentAt: 'mail_sent_at',
  returning: '(SELECT o.order_number FROM orders o WHERE o.id = t.order_id) AS order_number',
  label: `'order ' || (SELECT o.order_number FROM orders o WHERE o.id = t.order_id)
    || CASE WHEN t.parcel > 1 THEN ', parcel ' || t.parcel ELSE '' END`,
  async send(db, mail, owed) {
    await mail.send(await buildShipmentMail(db, owed.id));
  },
  // The order number, never the address or the guid.
  logged: (owed) => ({ orderNumber: owed.order_number }),
};

/** Sends owed Versandbestätigungen for the life of the API (the sweep every minute and when it starts). */
export function shipmentMailSender(app: FastifyInstance, db: Queryable, mail: MailTransport): void {
  owedMailSender(app, db, mail, shipmentMails);
}

/** Claims the Versandbestätigungen that are due and hands them over; answers how many it tried. */
export function sweepShipmentMails(
  db: Queryable,
  mail: MailTransport,
  log: FastifyBaseLogger,
): Promise<number> {
  return sweepOwed(shipmentMails, db, mail, log);
}

/** The operator command's own attempt of a mail it has just claimed; answers whether it was handed over. */
export function deliverShipmentMail(
  db: Queryable,
  mail: MailTransport,
  owed: OwedShipmentMail,
  log: FastifyBaseLogger,
): Promise<boolean> {
  return deliverOwed(shipmentMails, db, mail, owed, log);
}
