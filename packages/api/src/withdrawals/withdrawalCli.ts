import { jsonColumn } from '../db/jsonColumn';
import { type CliOutput, consoleOutput, parseCommandArgs } from '../cliOutput';
import type { Db } from '../db/Db';
import { onOperatorDb, openOperatorDb } from '../db/openOperatorDb';
import { OWED_MAIL_MAX_ATTEMPTS } from '../mail/owedMails';
import { receiptTime } from '../mail/withdrawalMail';
import type { DeclaredLine } from './declaredLines';
import { euro } from '../fulfilment/refundCli';
import { type PaidRefund, paidAgainst } from './paidAgainst';
import { type RefundProposal, refundProposal } from './refundProposal';

type Env = Record<string, string | undefined>;

export const WITHDRAWALS_USAGE = `Usage: lp-api withdrawals [--days <n>] [--json]

  Lists the declarations of withdrawal received through the shop's "Vertrag widerrufen" function (§ 356a BGB),
  newest first: time of receipt (Europe/Berlin, with MEZ or MESZ), order number, name, e-mail and goods as the consumer typed them
  (or the order's lines they named from the order page or their account, with the \`lp-api orders refund --lines\`
  command offered for them and the amount it computes now, or "refund: done" with the Rechnungskorrekturen paid
  against the declaration once one is recorded, whatever its --reason), what was paid against a declaration of typed
  goods, the placed order whose number and billing e-mail both match, or whose own link the consumer used
  (saying when the e-mail differs), or "no match: check by hand", and whether the
  receipt mail was handed to the mail transport. A receipt the mail server refused is retried by the running API
  (1, 2, 4, … minutes apart, 14 attempts over about a day). "NOT sent, given up": \`lp-api mails retry\` once the
  mail server works again; "NOT sent, not retried" (held by the daily cap of receipts per address, or received
  before the automatic retry existed): send the receipt by hand.

  --days <n>   only those received in the last n days (default 30; 0: all kept ones).
  --json       prints the list as JSON.

Every declaration was accepted and confirmed: whether the right of withdrawal applies (made-to-order plates have
none, § 312g (2) no. 1 BGB) is the shop's answer to the consumer, by e-mail. Exit codes: 0 done; 1 refused; 2 usage.

The database: DATABASE_URL (PostgreSQL, also while the API runs), else the PGlite data folder DATA_DIR (default
.data/pglite): stop the API on that folder first, PGlite allows one process per folder.`;

/** One declaration as the operator reads it. */
export interface WithdrawalListEntry {
  receivedAt: string;
  orderNumber: string;
  name: string;
  email: string;
  items: string | null;
  /**
   * Session 24: the order's lines the consumer named on a page that proved the order theirs (migration 040), and
   * the refund command offered for them with the amount it computes now; null when the goods were typed or none.
   */
  lines: DeclaredLine[] | null;
  refundProposal: RefundProposal | null;
  /**
   * Session 25: the refunds recorded against this declaration of its matched order, whatever their reason
   * (paidAgainst.ts); [] when none or no order is matched.
   */
  paid: PaidRefund[];
  /**
   * The matched order's number and status; null: no placed order has this number and billing e-mail. A declaration
   * sent from the order's own link (headerGuid) is matched by it: `numberMatches`/`emailMatches` (session 24) say
   * whether the typed number and the receipt's e-mail are the order's too.
   */
  matchedOrder: { orderNumber: string; status: string; numberMatches: boolean; emailMatches: boolean } | null;
  receiptMailed: boolean;
  /**
   * The receipt mail: `sent` (handed to the transport), `retrying` (refused so far, the API tries again at
   * `receiptNextAttemptAt`) or `not sent` (given up, held by the daily cap, or stored before migration 028).
   */
  receipt: 'sent' | 'retrying' | 'not sent';
  /** Hand-overs tried so far. */
  receiptAttempts: number;
  receiptNextAttemptAt: string | null;
}

/** The declarations received in the last `days` days (0: all), newest first. */
export async function listWithdrawals(db: Db, days: number): Promise<WithdrawalListEntry[]> {
  const rows = await db.query<{
    received_at: Date | string;
    order_number: string;
    name: string;
    email: string;
    items: string | null;
    lines: DeclaredLine[] | string | null;
    id: number;
    order_id: number | null;
    matched_number: string | null;
    matched_status: string | null;
    number_matches: boolean | null;
    email_matches: boolean | null;
    confirmation_sent_at: Date | string | null;
    receipt_attempts: number;
    receipt_next_attempt_at: Date | string | null;
  }>(
    `SELECT w.id, w.received_at, w.order_number, w.name, w.email, w.items, w.lines, w.order_id,
            o.order_number AS matched_number, o.status AS matched_status,
            upper(o.order_number) = upper(w.order_number) AS number_matches,
            o.billing_person->>'email' = w.email AS email_matches, w.confirmation_sent_at, w.receipt_attempts, w.receipt_next_attempt_at
       FROM withdrawals w LEFT JOIN orders o ON o.id = w.order_id
      WHERE $1 = 0 OR w.received_at >= now() - make_interval(days => $1)
      ORDER BY w.received_at DESC, w.id DESC`,
    [days],
  );
  const entries: WithdrawalListEntry[] = [];
  for (const row of rows) {
    const lines = jsonColumn(row.lines);
    const declaration =
      row.order_id === null
        ? null
        : { orderId: row.order_id, withdrawalId: row.id, receivedAt: new Date(row.received_at) };
    entries.push({
      receivedAt: new Date(row.received_at).toISOString(),
      orderNumber: row.order_number,
      name: row.name,
      email: row.email,
      items: row.items,
      lines,
      refundProposal: lines && declaration ? await refundProposal(db, declaration, lines) : null,
      paid: declaration ? await paidAgainst(db, declaration) : [],
      matchedOrder:
        row.matched_number && row.matched_status
          ? {
              orderNumber: row.matched_number,
              status: row.matched_status,
              numberMatches: row.number_matches === true,
              emailMatches: row.email_matches === true,
            }
          : null,
      receiptMailed: row.confirmation_sent_at !== null,
      receipt:
        row.confirmation_sent_at !== null
          ? 'sent'
          : row.receipt_next_attempt_at !== null && row.receipt_attempts < OWED_MAIL_MAX_ATTEMPTS
            ? 'retrying'
            : 'not sent',
      receiptAttempts: row.receipt_attempts,
      receiptNextAttemptAt:
        row.confirmation_sent_at === null && row.receipt_next_attempt_at !== null
          ? new Date(row.receipt_next_attempt_at).toISOString()
          : null,
    });
  }
  return entries;
}

/** What was paid against a declaration of typed goods (a declaration naming lines says it in its refund line). */
function paidText(entry: WithdrawalListEntry): string[] {
  if (entry.lines || !entry.matchedOrder) return [];
  return [
    entry.paid.length > 0
      ? `  refund: paid, ${entry.paid.map(paidRefundText).join(', ')}`
      : '  refund: none recorded yet',
  ];
}

const paidRefundText = (r: PaidRefund) =>
  `${r.creditNoteNumber} on ${r.refundedAt.slice(0, 10)} (${euro(r.amountCents)}, ${r.reason}${r.lines ? `, --lines ${r.lines.map((l) => `${l.line}:${l.quantity}`).join(',')}` : ', typed amount'})`;

/** The declared lines and the refund offered for them, for the operator's list. */
function linesText(entry: WithdrawalListEntry): string[] {
  if (!entry.lines) return [];
  return [
    ...entry.lines.map(
      (l) =>
        `  line ${l.line}: ${l.quantity} × ${l.article}${l.madeToOrder ? "  (made to the consumer's specification: no right of withdrawal, § 312g (2) no. 1 BGB)" : ''}`,
    ),
    `  ${proposalText(entry.refundProposal)}`,
  ];
}

/** The refund line of a declaration naming lines: offered (command and amount), refused (why), or done. */
function proposalText(proposal: RefundProposal | null): string {
  if (proposal === null) return 'refund: none offered (no placed order)';
  if ('refused' in proposal) return `refund: none offered, ${proposal.refused}`;
  if ('done' in proposal) {
    // Never a command here: the declaration's refund is recorded, whatever its reason (session 25). Once the
    // refunds' --lines name every declared piece it says so, a later typed refund notwithstanding (withdrawfix).
    const { notPaid } = proposal;
    const left =
      notPaid === null
        ? '; a typed amount names no pieces: compare it with the declared lines'
        : notPaid.length > 0
          ? `; declared but not paid back: ${notPaid.map((l) => `line ${l.line}: ${l.quantity}`).join(', ')} (refund by hand with --again if the shop takes them back)`
          : '; all declared pieces paid back';
    return `refund: done, ${proposal.done.map(paidRefundText).join(', ')}${left}`;
  }
  const parts = [
    `computes ${euro(proposal.amountCents)}`,
    ...(proposal.couponCents > 0 ? [`coupon share −${euro(proposal.couponCents)}`] : []),
    ...(proposal.shippingCents > 0 ? [`shipping ${euro(proposal.shippingCents)}`] : []),
  ];
  const leaveOut =
    proposal.madeToOrder.length > 0
      ? `; leave out line(s) ${proposal.madeToOrder.join(', ')} if the shop does not take them back`
      : '';
  return `refund offered: ${proposal.command}  (${parts.join(', ')})${leaveOut}`;
}

/** How the declaration was matched to its order: number and e-mail, or the order's own link where they differ. */
function matchText({
  numberMatches,
  emailMatches,
}: NonNullable<WithdrawalListEntry['matchedOrder']>): string {
  if (numberMatches && emailMatches) return 'number and e-mail match';
  const differs = [...(numberMatches ? [] : ['number']), ...(emailMatches ? [] : ['e-mail'])].join(' and ');
  return `linked by the order's own link (headerGuid); the ${differs} differ${differs.includes(' and ') ? '' : 's'} from the order's`;
}

function receiptText(entry: WithdrawalListEntry): string {
  if (entry.receipt === 'sent') return 'sent';
  if (entry.receipt === 'retrying') {
    const next = receiptTime(new Date(entry.receiptNextAttemptAt!));
    return `not sent yet, retried automatically (${entry.receiptAttempts} attempts so far, next ${next.day} ${next.time} Uhr ${next.zone})`;
  }
  return entry.receiptAttempts >= OWED_MAIL_MAX_ATTEMPTS
    ? `NOT sent, given up after ${entry.receiptAttempts} attempts: lp-api mails retry once the mail server works`
    : 'NOT sent, not retried: send the receipt by hand';
}

function listText(entries: WithdrawalListEntry[], days: number): string {
  const span = days === 0 ? 'kept' : `received in the last ${days} days`;
  if (entries.length === 0) return `No declarations of withdrawal ${span}.`;
  const lines = [`${entries.length} declaration(s) of withdrawal ${span}, newest first:`];
  for (const entry of entries) {
    const { day, time, zone } = receiptTime(new Date(entry.receivedAt));
    lines.push(
      '',
      `${day} ${time} Uhr ${zone}  order number ${JSON.stringify(entry.orderNumber)}`,
      `  name: ${JSON.stringify(entry.name)}  e-mail: ${entry.email}`,
      `  goods: ${entry.lines ? `${entry.lines.length} line(s) of the order${entry.items === null ? '' : `, and ${JSON.stringify(entry.items)}`}` : entry.items === null ? 'all of the order' : JSON.stringify(entry.items)}`,
      ...linesText(entry),
      ...paidText(entry),
      `  order: ${entry.matchedOrder ? `${entry.matchedOrder.orderNumber} (${entry.matchedOrder.status}), ${matchText(entry.matchedOrder)}` : 'no match: check by hand, answer the consumer by e-mail'}`,
      `  receipt mail: ${receiptText(entry)}`,
    );
  }
  return lines.join('\n');
}

/**
 * `lp-api withdrawals [--days n] [--json]`: the operator's list of received declarations of withdrawal. Answers the
 * process exit code: 0 done, 1 refused (the database could not be opened for an operator), 2 usage.
 */
export async function runWithdrawalCli(
  argv: string[],
  {
    env = process.env,
    output = consoleOutput,
    open = openOperatorDb,
  }: { env?: Env; output?: CliOutput; open?: (env: Env) => Promise<Db> } = {},
): Promise<number> {
  const parsed = parseCommandArgs(argv, { days: { type: 'string' } }, WITHDRAWALS_USAGE, output);
  if (!parsed) return 2;
  const { values, positionals } = parsed;
  if (values.help || positionals[0] === 'help') {
    output.out(WITHDRAWALS_USAGE);
    return 0;
  }
  const days = values.days === undefined ? 30 : Number(values.days);
  if (positionals.length > 0 || !Number.isInteger(days) || days < 0 || days > 36_600) {
    output.err(
      `${positionals.length > 0 ? `Unexpected '${positionals[0]}'.` : `--days takes a whole number of days.`}\n\n${WITHDRAWALS_USAGE}`,
    );
    return 2;
  }
  return onOperatorDb(open, env, output, async (db) => {
    const entries = await listWithdrawals(db, days);
    output.out(values.json ? JSON.stringify(entries, null, 2) : listText(entries, days));
    return 0;
  });
}
