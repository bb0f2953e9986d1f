import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Queryable } from '../db/Db';
import { CLOSE_GRACE_MS } from '../http/gracefulClose';
import type { MailTransport } from '../outbox/mailTransport';

/**
 * The shop's outbox for mails the law makes it owe (decisions.md "The order confirmation survives a crash and a mail
 * server that is down", session 14; the withdrawal receipt joined in session 17): a row per owed mail, written in
 * the transaction that makes it owed, claimed for one hand-over at a time, retried with growing pauses until it was
 * handed to the transport. Each kind keeps its rows in its own table (`order_confirmations`, `withdrawals`); this
 * module is the one place of claiming, retrying, giving up and the timer.
 */

/** Hand-overs an owed mail gets at most (the first right after it became owed); then it is given up, logged. */
export const OWED_MAIL_MAX_ATTEMPTS = 14;
/** Minutes to wait after the `attempt`-th failed hand-over: 1, 2, 4, … then every 4 hours; 14 attempts span a day. */
export const pauseMinutes = (attempt: number): number => Math.min(2 ** (attempt - 1), 240);
/**
 * Minutes a claimed attempt may take before another process may try again: longer than a hand-over can hang
 * (nodemailer gives up on a silent server after 10 minutes), so a slow mail server does not get a mail twice.
 */
export const CLAIM_MINUTES = 15;
/** How often every API process looks for owed mails of each kind (and once when it starts). */
const SWEEP_EVERY_MS = 60_000;
/** Mails claimed at a time; a full batch is followed by the next one in the same sweep. */
const SWEEP_BATCH = 20;

/** A claimed row: its attempt number (from 1) and what the kind's claim answers besides. */
export type Claimed = { attempts: number } & Record<string, unknown>;

/**
 * A kind of owed mail: where its rows are (column names are constants of this code, never input) and how one is
 * sent. The table holds, per mail, how often it was claimed, when it may be claimed next (NULL: not owed by the
 * sweep) and when it was handed over (NULL: not yet).
 */
export interface OwedMailKind<Row extends Claimed> {
  /** What log lines call it: 'order confirmation', 'withdrawal receipt'. */
  name: string;
  table: string;
  key: string;
  attempts: string;
  nextAttemptAt: string;
  sentAt: string;
  /** Further columns the claim answers, of the table as `t` (subqueries allowed). */
  returning: string;
  /**
   * What the operator reads of one mail, an SQL text expression of the table as `t` (`lp-api mails`): an order
   * number, never an address.
   */
  label: string;
  /** Builds the mail from the database and hands it over; rejects when it was not handed over. */
  send(db: Queryable, mail: MailTransport, owed: Row): Promise<void>;
  /** What a log line names of it: never the address or a guid. */
  logged(owed: Row): Record<string, unknown>;
}

/**
 * A mail's recipient was erased (DSGVO art. 17: the order is kept without its billing e-mail), so no attempt can
 * ever send it: the mail is dropped at once with one log line instead of 14 attempts, each logged as an error
 * (session 21, mailcase: an order paid after its account was deleted).
 */
export class RecipientErased extends Error {
  override name = 'RecipientErased';
  constructor() {
    super('The order has no billing e-mail (erased).');
  }
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
 * One claimed attempt: hands the mail to the transport and records the outcome; answers whether it was handed over.
 * Never throws. Handed over: the sent time is stamped. Failed: logged at error level (never the address) and tried
 * again after {@link pauseMinutes}, up to {@link OWED_MAIL_MAX_ATTEMPTS}. At least once, not exactly once: a process
 * that dies after the hand-over and before the stamp leaves the mail owed, and it is sent again.
 */
export async function deliverOwed<Row extends Claimed>(
  kind: OwedMailKind<Row>,
  db: Queryable,
  mail: MailTransport,
  owed: Row,
  log: FastifyBaseLogger,
): Promise<boolean> {
  const attempt = owed.attempts;
  const { table, key, sentAt } = kind;
  try {
    await kind.send(db, mail, owed);
  } catch (error) {
    if (error instanceof RecipientErased) return dropErased(kind, db, owed, log);
    const givenUp = attempt >= OWED_MAIL_MAX_ATTEMPTS;
    const retryInMinutes = givenUp ? undefined : pauseMinutes(attempt);
    log.error(
      { ...kind.logged(owed), attempt, retryInMinutes, error: describeFailure(error) },
      givenUp ? `${kind.name} mail not sent, given up` : `${kind.name} mail not sent`,
    );
    // Given up: the claim is released (the sweep never takes a mail at this count), so `lp-api mails retry` may
    // re-arm it at once; a claim still running means an attempt is under way (retryGivenUp).
    await db
      .query(
        `UPDATE ${table} SET ${kind.nextAttemptAt} = now() + make_interval(mins => $2)
          WHERE ${key} = $1 AND ${sentAt} IS NULL`,
        [owed[key], retryInMinutes ?? 0],
      )
      .catch(() => undefined); // Not recorded: the claim runs out and the sweep tries again.
    return false;
  }
  await db
    .query(`UPDATE ${table} SET ${sentAt} = now() WHERE ${key} = $1 AND ${sentAt} IS NULL`, [owed[key]])
    .catch((error: unknown) =>
      log.error(
        { ...kind.logged(owed), error: describeFailure(error) },
        `${kind.name} mail sent, not recorded`,
      ),
    );
  return true;
}

/**
 * Gives up a mail whose recipient was erased at once: its attempts used up and its claim released, so the sweep does
 * not take it again and `lp-api mails` lists it as given up (`lp-api mails retry` would re-arm it, and the next
 * attempt drops it again, one line).
 */
async function dropErased<Row extends Claimed>(
  kind: OwedMailKind<Row>,
  db: Queryable,
  owed: Row,
  log: FastifyBaseLogger,
): Promise<false> {
  log.warn({ ...kind.logged(owed) }, `${kind.name} mail dropped: its recipient was erased`);
  await db
    .query(
      `UPDATE ${kind.table} SET ${kind.attempts} = $2, ${kind.nextAttemptAt} = now()
        WHERE ${kind.key} = $1 AND ${kind.sentAt} IS NULL`,
      [owed[kind.key], OWED_MAIL_MAX_ATTEMPTS],
    )
    .catch(() => undefined); // Not recorded: the claim runs out, and the next attempt drops it again.
  return false;
}

/**
 * Claims the owed mails of `kind` that are due and hands them over one after the other; answers how many it tried.
 * A claim is one statement that locks the rows it takes (`SKIP LOCKED`: rows another process is claiming are left
 * to it) and moves their next attempt past the claim's time, so two processes on one database never take the same
 * mail while an attempt runs.
 */
export async function sweepOwed<Row extends Claimed>(
  kind: OwedMailKind<Row>,
  db: Queryable,
  mail: MailTransport,
  log: FastifyBaseLogger,
): Promise<number> {
  const { table, key, attempts, nextAttemptAt, sentAt } = kind;
  let tried = 0;
  for (;;) {
    const claimed = await db.query<Row>(
      `WITH due AS (
         SELECT ${key} FROM ${table}
          WHERE ${sentAt} IS NULL AND ${attempts} < $1 AND ${nextAttemptAt} <= now()
          ORDER BY ${nextAttemptAt} LIMIT ${SWEEP_BATCH} FOR UPDATE SKIP LOCKED)
       UPDATE ${table} t SET ${attempts} = t.${attempts} + 1, ${nextAttemptAt} = now() + make_interval(mins => $2)
         FROM due WHERE t.${key} = due.${key}
       RETURNING t.${key}, t.${attempts} AS attempts, ${kind.returning}`,
      [OWED_MAIL_MAX_ATTEMPTS, CLAIM_MINUTES],
    );
    for (const row of claimed) await deliverOwed(kind, db, mail, row, log);
    tried += claimed.length;
    if (claimed.length < SWEEP_BATCH) return tried;
  }
}

/** The columns of a kind of owed mail, all the operator's commands need of it. */
export type OwedMailTable = Pick<
  OwedMailKind<Claimed>,
  'name' | 'table' | 'key' | 'attempts' | 'nextAttemptAt' | 'sentAt' | 'label'
>;

/** Where one owed mail not handed over stands, for the operator (`lp-api mails`). */
export interface OwedMailState {
  /** What the operator reads of it (`kind.label`). */
  label: string;
  attempts: number;
  /** `retrying`: the sweep tries again at `nextAttemptAt`; `given up`: no more attempts; `held`: never swept. */
  state: 'retrying' | 'given up' | 'held';
  nextAttemptAt: string | null;
}

/** The owed mails of `kind` not handed over yet, oldest first. */
export async function unsentOwed(kind: OwedMailTable, db: Queryable): Promise<OwedMailState[]> {
  const { table, attempts, nextAttemptAt, sentAt } = kind;
  const rows = await db.query<{
    label: string;
    attempts: number;
    next_attempt_at: Date | string | null;
    claimed: boolean;
  }>(
    `SELECT ${kind.label} AS label, t.${attempts} AS attempts, t.${nextAttemptAt} AS next_attempt_at,
            COALESCE(t.${nextAttemptAt} > now(), false) AS claimed
       FROM ${table} t WHERE t.${sentAt} IS NULL ORDER BY t.${kind.key}`,
  );
  return rows.map((row) => {
    // The last attempt is given up only once it ended: while it is under way (its claim runs) it is still retrying.
    const givenUp = row.attempts >= OWED_MAIL_MAX_ATTEMPTS && !row.claimed;
    return {
      label: row.label,
      attempts: row.attempts,
      state: givenUp ? 'given up' : row.next_attempt_at === null ? 'held' : 'retrying',
      nextAttemptAt:
        givenUp || row.next_attempt_at === null ? null : new Date(row.next_attempt_at).toISOString(),
    };
  });
}

/**
 * Gives the owed mails of `kind` that were given up a fresh series of attempts, due now (`lp-api mails retry`,
 * after the mail server is fixed): a running API's sweep sends them within a minute, else the next start does.
 * Mails held on purpose (no next attempt: a withdrawal receipt over the daily cap per address) stay held, and so
 * does a mail whose last attempt is under way (its claim runs, {@link CLAIM_MINUTES}): re-armed, another process
 * would hand it over a second time while the first hand-over hangs. Answers how many were re-armed.
 */
export async function retryGivenUp(kind: OwedMailTable, db: Queryable): Promise<number> {
  const { table, attempts, nextAttemptAt, sentAt } = kind;
  const rows = await db.query(
    `UPDATE ${table} SET ${attempts} = 0, ${nextAttemptAt} = now()
      WHERE ${sentAt} IS NULL AND ${attempts} >= $1 AND ${nextAttemptAt} <= now()
      RETURNING ${kind.key}`,
    [OWED_MAIL_MAX_ATTEMPTS],
  );
  return rows.length;
}

/**
 * Sends the owed mails of `kind` for the life of the API: a sweep when it is ready and then every minute (a timer,
 * not a write: a mail owed must go out even when no shopper comes by). Answers `deliver` for the attempt of the
 * request that made the mail owed (already claimed by that request's insert). Closing waits for attempts under way
 * (at most {@link CLOSE_GRACE_MS}) before the database closes.
 */
export function owedMailSender<Row extends Claimed>(
  app: FastifyInstance,
  db: Queryable,
  mail: MailTransport,
  kind: OwedMailKind<Row>,
) {
  const running = new Set<Promise<unknown>>();
  const track = <T>(work: Promise<T>): Promise<T> => {
    running.add(work);
    void work.finally(() => running.delete(work));
    return work;
  };
  let sweeping = false;
  const sweep = () => {
    if (sweeping) return;
    sweeping = true;
    track(
      sweepOwed(kind, db, mail, app.log)
        .catch((error: unknown) => app.log.warn({ err: error }, `${kind.name} sweep failed`))
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
    /** One attempt of a mail already claimed; answers whether it was handed over. */
    deliver(owed: Row, log: FastifyBaseLogger): Promise<boolean> {
      return track(deliverOwed(kind, db, mail, owed, log));
    },
  };
}
