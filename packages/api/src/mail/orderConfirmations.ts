import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Queryable } from '../db/Db';
import type { MailTransport } from '../outbox/mailTransport';
import {
  CLAIM_MINUTES,
  OWED_MAIL_MAX_ATTEMPTS,
  type OwedMailKind,
  owedMailSender,
  sweepOwed,
} from './owedMails';
import { sendOrderConfirmation } from './sendOrderConfirmation';

/** Hand-overs an order confirmation gets at most (the first right after payment); then it is given up, logged. */
export const CONFIRMATION_MAX_ATTEMPTS = OWED_MAIL_MAX_ATTEMPTS;

/** An order confirmation this process has claimed and now hands over. */
export interface OwedConfirmation {
  orderId: number;
  orderNumber: string;
  /** The storefront the shopper paid from (the payment's checked return URL's origin), for the mail's links. */
  shopOrigin: string;
  /** This attempt's number, from 1. */
  attempt: number;
}

type ConfirmationRow = { order_id: number; order_number: string; shop_origin: string; attempts: number };

/** Order confirmations in the shop's outbox (mail/owedMails.ts): a row of `order_confirmations` per paid order. */
export const orderConfirmations: OwedMailKind<ConfirmationRow> = {
  name: 'order confirmation',
  table: 'order_confirmations',
  key: 'order_id',
  attempts: 'attempts',
  nextAttemptAt: 'next_attempt_at',
  sentAt: 'sent_at',
  returning: 't.shop_origin, (SELECT o.order_number FROM orders o WHERE o.id = t.order_id) AS order_number',
  label: `'order ' || (SELECT o.order_number FROM orders o WHERE o.id = t.order_id)`,
  send: (db, mail, owed) => sendOrderConfirmation(db, mail, owed.order_id, owed.shop_origin),
  // The order number, never the address or the order's guid.
  logged: (owed) => ({ orderNumber: owed.order_number }),
};

const row = (owed: OwedConfirmation): ConfirmationRow => ({
  order_id: owed.orderId,
  order_number: owed.orderNumber,
  shop_origin: owed.shopOrigin,
  attempts: owed.attempt,
});

/**
 * In the transaction that moves the order to 'paid': the confirmation is owed from the same commit, and claimed for
 * the paying request's own attempt right after it ({@link confirmationSender}). If that request's process dies
 * first, the sweep of any process sends it once the claim has run out.
 */
export async function oweConfirmation(tx: Queryable, orderId: number, shopOrigin: string): Promise<void> {
  await tx.query(
    `INSERT INTO order_confirmations (order_id, shop_origin, attempts, next_attempt_at)
     VALUES ($1, $2, 1, now() + make_interval(mins => $3))`,
    [orderId, shopOrigin, CLAIM_MINUTES],
  );
}

/** Claims the order confirmations that are due and hands them over; answers how many it tried. */
export function sweepConfirmations(
  db: Queryable,
  mail: MailTransport,
  log: FastifyBaseLogger,
): Promise<number> {
  return sweepOwed(orderConfirmations, db, mail, log);
}

/**
 * Sends owed order confirmations for the life of the API (mail/owedMails.ts `owedMailSender`). Answers `deliver` for
 * the paying request's own attempt, not awaited by it.
 */
export function confirmationSender(app: FastifyInstance, db: Queryable, mail: MailTransport) {
  const sender = owedMailSender(app, db, mail, orderConfirmations);
  return {
    deliver(owed: OwedConfirmation, log: FastifyBaseLogger): void {
      void sender.deliver(row(owed), log);
    },
  };
}
