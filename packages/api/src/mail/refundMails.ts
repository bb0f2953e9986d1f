import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Queryable } from '../db/Db';
import type { MailTransport } from '../outbox/mailTransport';
import { type OwedMailKind, deliverOwed, owedMailSender, sweepOwed } from './owedMails';
import { buildRefundMail } from './refundMail';

/** A refund whose Erstattungsbestätigung is owed, as claimed (columns of `refunds`, migration 031). */
export interface OwedRefundMail extends Record<string, unknown> {
  id: number;
  attempts: number;
  order_number: string;
}

/**
 * Erstattungsbestätigungen with their Rechnungskorrektur in the shop's outbox (mail/owedMails.ts, migration 031):
 * `lp-api orders refund` makes the mail owed and claims its first attempt in the refund's transaction; a mail the
 * transport refused (or a command that died before the hand-over) is sent by the running API's sweep.
 */
export const refundMails: OwedMailKind<OwedRefundMail> = {
  name: 'refund confirmation',
  table: 'refunds',
  key: 'id',
  attempts: 'mail_attempts',
  nextAttemptAt: 'mail_next_attempt_at',
  sentAt: 'mail_sent_at',
  returning: '(SELECT o.order_number FROM orders o WHERE o.id = t.order_id) AS order_number',
  // The order number and the Rechnungskorrektur's, never the address.
  label: `'order ' || (SELECT o.order_number FROM orders o WHERE o.id = t.order_id) || ', ' || t.credit_note_number`,
  async send(db, mail, owed) {
    await mail.send(await buildRefundMail(db, owed.id));
  },
  logged: (owed) => ({ orderNumber: owed.order_number }),
};

/** Sends owed Erstattungsbestätigungen for the life of the API (the sweep every minute and when it starts). */
export function refundMailSender(app: FastifyInstance, db: Queryable, mail: MailTransport): void {
  owedMailSender(app, db, mail, refundMails);
}

/** Claims the Erstattungsbestätigungen that are due and hands them over; answers how many it tried. */
export function sweepRefundMails(
  db: Queryable,
  mail: MailTransport,
  log: FastifyBaseLogger,
): Promise<number> {
  return sweepOwed(refundMails, db, mail, log);
}

/** The operator command's own attempt of a mail it has just claimed; answers whether it was handed over. */
export function deliverRefundMail(
  db: Queryable,
  mail: MailTransport,
  owed: OwedRefundMail,
  log: FastifyBaseLogger,
): Promise<boolean> {
  return deliverOwed(refundMails, db, mail, owed, log);
}
