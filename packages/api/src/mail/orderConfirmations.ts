import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Queryable } from '../db/Db';
import { CLOSE_GRACE_MS } from '../http/gracefulClose';
import type { MailTransport } from '../outbox/mailTransport';
import { sendOrderConfirmation } from './sendOrderConfirmation';

/** Hand-overs an order confirmation gets at most (the first right after payment); then it is given up, logged. */
export const CONFIRMATION_MAX_ATTEMPTS = 14;
/** Minutes to wait after the `attempt`-th failed hand-over: 1, 2, 4, … then every 4 hours; 14 attempts span a day. */
export const pauseMinutes = (attempt: number): number => Math.min(2 ** (attempt - 1), 240);
/**
 * Minutes a claimed attempt may take before another process may try again: longer than a hand-over can hang
 * (nodemailer gives up on a silent server after 10 minutes), so a slow mail server does not get a mail twice.
 */
const CLAIM_MINUTES = 15;
/** How often every API process looks for owed confirmations (and once when it starts). */
const SWEEP_EVERY_MS = 60_000;
/** Confirmations claimed at a time; a full batch is followed by the next one in the same sweep. */
const SWEEP_BATCH = 20;

/** An order confirmation this process has claimed and now hands over. */
export interface OwedConfirmation {
  orderId: number;
  orderNumber: string;
  /** The storefront the shopper paid from (the payment's checked return URL's origin), for the mail's links. */
  shopOrigin: string;
  /** This attempt's number, from 1. */
  attempt: number;
}

/**
 * In the transaction that moves the order to 'paid': the confirmation is owed from the same commit, and claimed for
 * the paying request's own attempt right after it ({@link deliverConfirmation}). If that request's process dies
 * first, the sweep of any process sends it once the claim has run out.
 */
export async function oweConfirmation(tx: Queryable, orderId: number, shopOrigin: string): Promise<void> {
  await tx.query(
    `INSERT INTO order_confirmations (order_id, shop_origin, attempts, next_attempt_at)
     VALUES ($1, $2, 1, now() + make_interval(mins => $3))`,
    [orderId, shopOrigin, CLAIM_MINUTES],
  );
}

/** An error as a log line may carry it: SMTP answers often quote the recipient, so addresses are cut out. */
function describeFailure(error: unknown): Record<string, unknown> {
  const e = error as { name?: unknown; code?: unknown; responseCode?: unknown; message?: unknown };
  const message = typeof e?.message === 'string' ? e.message : String(error);
  return {
    name: typeof e?.name === 'string' ? e.name : undefined,
    code: typeof e?.code === 'string' ? e.code : undefined,
    responseCode: typeof e?.responseCode === 'number' ? e.responseCode : undefined,
    message: message.replace(/[^\s<>"'@]+@[^\s<>"'@]+/g, '[address]').slice(0, 500),
  };
}

/**
 * One claimed attempt: hands the mail to the transport and records the outcome. Never throws. Handed over: `sent_at`
 * is stamped. Failed: logged at error level with the order number (never the address or the order's guid) and
 * tried again after {@link pauseMinutes}, up to {@link CONFIRMATION_MAX_ATTEMPTS}. At least once, not exactly once: a
 * process that dies after the hand-over and before the stamp leaves the mail owed, and it is sent again.
 */
export async function deliverConfirmation(
  db: Queryable,
  mail: MailTransport,
  owed: OwedConfirmation,
  log: FastifyBaseLogger,
): Promise<void> {
  const { orderId, orderNumber, attempt } = owed;
  try {
    await sendOrderConfirmation(db, mail, orderId, owed.shopOrigin);
  } catch (error) {
    const givenUp = attempt >= CONFIRMATION_MAX_ATTEMPTS;
    const retryInMinutes = givenUp ? undefined : pauseMinutes(attempt);
    log.error(
      { orderNumber, attempt, retryInMinutes, error: describeFailure(error) },
      givenUp ? 'order confirmation mail not sent, given up' : 'order confirmation mail not sent',
    );
    if (retryInMinutes === undefined) return;
    await db
      .query(
        `UPDATE order_confirmations SET next_attempt_at = now() + make_interval(mins => $2)
          WHERE order_id = $1 AND sent_at IS NULL`,
        [orderId, retryInMinutes],
      )
      .catch(() => undefined); // Not recorded: the claim runs out and the sweep tries again.
    return;
  }
  await db
    .query('UPDATE order_confirmations SET sent_at = now() WHERE order_id = $1 AND sent_at IS NULL', [
      orderId,
    ])
    .catch((error: unknown) =>
      log.error({ orderNumber, error: describeFailure(error) }, 'order confirmation mail sent, not recorded'),
    );
}

/**
 * Claims the owed confirmations that are due and hands them over one after the other; answers how many it tried.
 * A claim is one statement that locks the rows it takes (`SKIP LOCKED`: rows another process is claiming are left
 * to it) and moves their next attempt past the claim's time, so two processes on one database never take the same
 * confirmation while an attempt runs.
 */
export async function sweepConfirmations(
  db: Queryable,
  mail: MailTransport,
  log: FastifyBaseLogger,
): Promise<number> {
  let tried = 0;
  for (;;) {
    const claimed = await db.query<{
      order_id: number;
      order_number: string;
      shop_origin: string;
      attempts: number;
    }>(
      `WITH due AS (
         SELECT order_id FROM order_confirmations
          WHERE sent_at IS NULL AND attempts < $1 AND next_attempt_at <= now()
          ORDER BY next_attempt_at LIMIT ${SWEEP_BATCH} FOR UPDATE SKIP LOCKED)
       UPDATE order_confirmations c SET attempts = c.attempts + 1, next_attempt_at = now() + make_interval(mins => $2)
         FROM due, orders o
        WHERE c.order_id = due.order_id AND o.id = c.order_id
       RETURNING c.order_id, o.order_number, c.shop_origin, c.attempts`,
      [CONFIRMATION_MAX_ATTEMPTS, CLAIM_MINUTES],
    );
    for (const row of claimed) {
      await deliverConfirmation(
        db,
        mail,
        {
          orderId: row.order_id,
          orderNumber: row.order_number,
          shopOrigin: row.shop_origin,
          attempt: row.attempts,
        },
        log,
      );
    }
    tried += claimed.length;
    if (claimed.length < SWEEP_BATCH) return tried;
  }
}

/**
 * Sends owed order confirmations for the life of the API: a sweep when it is ready and then every minute (a timer,
 * not a write: a mail owed must go out even when no shopper comes by). Answers `deliver` for the paying request's
 * own attempt. Closing waits for attempts under way (at most {@link CLOSE_GRACE_MS}) before the database closes.
 */
export function confirmationSender(app: FastifyInstance, db: Queryable, mail: MailTransport) {
  const running = new Set<Promise<unknown>>();
  const track = (work: Promise<unknown>) => {
    running.add(work);
    void work.finally(() => running.delete(work));
  };
  let sweeping = false;
  const sweep = () => {
    if (sweeping) return;
    sweeping = true;
    track(
      sweepConfirmations(db, mail, app.log)
        .catch((error: unknown) => app.log.warn({ err: error }, 'order confirmation sweep failed'))
        .finally(() => {
          sweeping = false;
        }),
    );
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    sweep();
    timer = setInterval(sweep, SWEEP_EVERY_MS).unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    const grace = new Promise((resolve) => setTimeout(resolve, CLOSE_GRACE_MS).unref());
    await Promise.race([Promise.allSettled(running), grace]);
  });
  return {
    deliver(owed: OwedConfirmation, log: FastifyBaseLogger): void {
      track(deliverConfirmation(db, mail, owed, log));
    },
  };
}
