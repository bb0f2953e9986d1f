import { jsonColumn } from '../db/jsonColumn';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Queryable } from '../db/Db';
import type { MailTransport } from '../outbox/mailTransport';
import type { DeclaredLine } from '../withdrawals/declaredLines';
import { type OwedMailKind, owedMailSender, sweepOwed } from './owedMails';
import { buildWithdrawalMail } from './withdrawalMail';

/** A declaration of withdrawal whose receipt is owed, as claimed (columns of `withdrawals`). */
export interface OwedReceipt extends Record<string, unknown> {
  id: string;
  attempts: number;
  name: string;
  order_number: string;
  email: string;
  items: string | null;
  /** Session 24 (migration 040): the order's lines the consumer named. */
  lines: DeclaredLine[] | string | null;
  received_at: Date | string;
}

/**
 * Receipts of declarations of withdrawal (§ 356a BGB: on a durable medium, without delay) in the shop's outbox
 * (mail/owedMails.ts, migration 028): the request that stored the declaration claims its first attempt; a receipt
 * the transport refused is retried by the sweep, like an order confirmation. A receipt held by the daily cap per
 * address (withdrawals/withdrawalRoutes.ts) has no next attempt: the operator sends it by hand.
 */
export const withdrawalReceipts: OwedMailKind<OwedReceipt> = {
  name: 'withdrawal receipt',
  table: 'withdrawals',
  key: 'id',
  attempts: 'receipt_attempts',
  nextAttemptAt: 'receipt_next_attempt_at',
  sentAt: 'confirmation_sent_at',
  returning: 't.name, t.order_number, t.email, t.items, t.lines, t.received_at',
  // The order number as the consumer typed it (quoted by the command), and when the declaration came in.
  label: `'declaration of ' || to_char(t.received_at AT TIME ZONE 'Europe/Berlin', 'YYYY-MM-DD HH24:MI') || ' for order number ' || t.order_number`,
  async send(db, mail, owed) {
    await mail.send(
      await buildWithdrawalMail(db, {
        name: owed.name,
        orderNumber: owed.order_number,
        email: owed.email,
        items: owed.items ?? undefined,
        lines: jsonColumn(owed.lines),
        receivedAt: new Date(owed.received_at),
      }),
    );
  },
  // The declaration's id, never the address.
  logged: (owed) => ({ withdrawal: owed.id }),
};

/** Sends owed withdrawal receipts for the life of the API; `deliver` is the declaring request's own attempt. */
export function receiptSender(app: FastifyInstance, db: Queryable, mail: MailTransport) {
  return owedMailSender(app, db, mail, withdrawalReceipts);
}

/** Claims the withdrawal receipts that are due and hands them over; answers how many it tried. */
export function sweepReceipts(db: Queryable, mail: MailTransport, log: FastifyBaseLogger): Promise<number> {
  return sweepOwed(withdrawalReceipts, db, mail, log);
}
