import type { CliOutput } from '../cliOutput';
import type { Db } from '../db/Db';
import { onOperatorDb } from '../db/openOperatorDb';
import { deliverRefundMail } from '../mail/refundMails';
import type { MailTransport } from '../outbox/mailTransport';
import { sandboxOutbox } from '../outbox/sandboxOutbox';
import { type Env, NOT_SENT_YET, commandMail, stderrLog } from './commandMail';
import type { LineRequest } from './parcels';
import { REFUND_REASONS, type Refund, type RefundReason, type RefundResult, refundOrder } from './refunds';
import type { WithdrawnRefund } from './withdrawnRefund';

// `lp-api orders refund` (fulfilmentCli.ts dispatches to it): records a refund with its Rechnungskorrektur
// (refunds.ts) and mails the shopper.

/** Cents from an amount as an operator types it: 24,90 or 24.90 or 24 (at most 2 decimals, up to 1 million). */
export function parseEuroAmount(typed: string): number | undefined {
  const match = /^(\d{1,7})(?:[.,](\d{1,2}))?$/.exec(typed.trim());
  if (!match) return undefined;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
  return cents > 0 && cents <= 100_000_000 ? cents : undefined;
}

/** An amount as the operator's commands print it: 24.90 EUR. */
export const euro = (cents: number) => `${(cents / 100).toFixed(2)} EUR`;
const refundLine = (refund: Refund) =>
  `${refund.creditNoteNumber} on ${refund.refundedAt.slice(0, 10)}: ${euro(refund.amountCents)} (${refund.reason})`;

/** How a refund of withdrawn lines was computed, a line each, for the operator to check against the invoice. */
export function computationLines(computed: WithdrawnRefund): string[] {
  return [
    ...computed.lines.map((l) => `  line ${l.line}: ${l.quantity} × ${euro(l.unitCents)} = ${euro(l.cents)}`),
    ...(computed.couponCents > 0 ? [`  coupon share: −${euro(computed.couponCents)}`] : []),
    computed.wholeOrder
      ? `  shipping: ${euro(computed.shippingCents)} (the last withdrawn piece of the order)`
      : '  shipping: not refunded (the order is not withdrawn whole)',
    `  = ${euro(computed.amountCents)}`,
  ];
}

/** `lp-api orders refund <number> [--amount <euro> | --lines <lines>] [--reason <reason>] [--again] [--json]`. */
export async function refundCommand(
  orderNumber: string | undefined,
  rest: string[],
  values: {
    json?: boolean;
    carrier?: string;
    tracking?: string;
    correct?: boolean;
    days?: string;
    lines?: string;
    parcel?: string;
    amount?: string;
    reason?: string;
    again?: boolean;
  },
  {
    env,
    output,
    open,
    mail,
    usage,
    parseLines,
  }: {
    env: Env;
    output: CliOutput;
    open: (env: Env) => Promise<Db>;
    mail: MailTransport | undefined;
    usage: (message: string) => number;
    /** fulfilmentCli.ts's reader of `--lines`, the form `ship` takes. */
    parseLines: (raw: string) => LineRequest[] | undefined;
  },
): Promise<number> {
  if (
    values.carrier !== undefined ||
    values.tracking !== undefined ||
    values.correct ||
    values.days !== undefined ||
    values.parcel !== undefined
  )
    return usage('--carrier, --tracking, --correct, --parcel and --days do not go with refund.');
  if (values.amount !== undefined && values.lines !== undefined)
    return usage('refund takes --amount or --lines, not both.');
  const lines = values.lines === undefined ? undefined : parseLines(values.lines);
  if (values.lines !== undefined && lines === undefined)
    return usage(
      '--lines takes line numbers as lp-api orders shows them, each alone (all of it not refunded before) or with a quantity, e.g. 1,3 or 2:1 or 1,2:1; each line once.',
    );
  if (!orderNumber?.trim() || rest.length > 0)
    return usage(rest.length > 0 ? `Unexpected '${rest[0]}'.` : 'refund needs the order number.');
  const amountCents = values.amount === undefined ? undefined : parseEuroAmount(values.amount);
  if (amountCents === undefined && values.amount !== undefined)
    return usage('--amount takes an amount in euro greater than 0 with at most two decimals, e.g. 24,90.');
  const reason = values.reason as RefundReason | undefined;
  if (reason !== undefined && !REFUND_REASONS.includes(reason))
    return usage(`--reason takes one of ${REFUND_REASONS.join(', ')}.`);
  const transport = commandMail(mail, env, output);
  if (transport === null) return 1;
  return onOperatorDb(open, env, output, async (db) => {
    const result = await refundOrder(db, {
      orderNumber: orderNumber,
      amountCents,
      lines,
      reason,
      again: values.again === true,
    });
    return reportRefund(result, orderNumber.trim(), {
      db,
      mail: transport ?? sandboxOutbox(db),
      output,
      json: values.json === true,
    });
  });
}

async function reportRefund(
  result: RefundResult,
  typed: string,
  { db, mail, output, json }: { db: Db; mail: MailTransport; output: CliOutput; json: boolean },
): Promise<number> {
  switch (result.kind) {
    case 'unknown':
      output.err(`No order has the number ${JSON.stringify(typed)}. Nothing changed.`);
      return 1;
    case 'notPaid':
      output.err(
        `Order ${result.orderNumber} is not paid (status ${result.status}): only paid orders are refunded. Nothing changed.`,
      );
      return 1;
    case 'refundedBefore':
      output.err(
        [
          `Order ${result.orderNumber} was refunded before:`,
          ...result.refunds.map((refund) => `  ${refundLine(refund)}`),
          result.leftCents > 0
            ? `Nothing changed. ${euro(result.leftCents)} are left; to refund more, repeat with --again (and --amount or --lines).`
            : 'Nothing changed: the whole order is refunded.',
        ].join('\n'),
      );
      return 1;
    case 'badLine':
      output.err(
        result.left === null
          ? `Order ${result.orderNumber} has no line ${result.line}. Nothing changed.`
          : `Order ${result.orderNumber}: line ${result.line} has ${result.left} piece(s) not refunded before. Nothing changed.`,
      );
      return 1;
    case 'nothingToRefund':
      output.err(
        [
          `Order ${result.orderNumber}: the withdrawn lines cost nothing after the coupon, nothing to refund:`,
          ...computationLines(result.computed),
          'Nothing changed. Give these lines again with the next withdrawn lines of this order (the delivery cost goes with the last piece), or all of them together.',
        ].join('\n'),
      );
      return 1;
    case 'typedBefore':
      output.err(
        `Order ${result.orderNumber} was refunded by a typed amount before (${result.creditNotes.join(', ')}), which names no lines, so --lines could pay the same pieces again; type this refund with --amount too. Nothing changed.`,
      );
      return 1;
    case 'linesDisagree':
      output.err(
        `Order ${result.orderNumber}: its stored lines do not add up to its goods, so the refund cannot be computed; type it with --amount. Nothing changed.`,
      );
      return 1;
    case 'tooMuch':
      if (result.computed)
        output.err(
          [
            `The withdrawn lines come to ${euro(result.computed.amountCents)}:`,
            ...computationLines(result.computed),
          ].join('\n'),
        );
      output.err(
        result.leftCents > 0
          ? `Order ${result.orderNumber}: only ${euro(result.leftCents)} of ${euro(result.paidCents)} paid are left to refund. Nothing changed.`
          : `Order ${result.orderNumber}: the whole ${euro(result.paidCents)} paid are refunded already. Nothing changed.`,
      );
      return 1;
    case 'refunded': {
      const mailed = await deliverRefundMail(db, mail, result.owed, stderrLog(output));
      if (json) {
        const { owed: _owed, ...shown } = result; // `computed` included: how the amount was computed
        output.out(JSON.stringify({ ...shown, changed: true, mailSent: mailed }, null, 2));
      } else
        output.out(
          [
            ...(result.computed
              ? [`Refund of the withdrawn lines, computed:`, ...computationLines(result.computed)]
              : []),
            `Order ${result.orderNumber} refunded: ${euro(result.refund.amountCents)} (VAT ${result.refund.vatRate} %: ${euro(result.refund.vatCents)}), Rechnungskorrektur ${result.refund.creditNoteNumber}.`,
            result.leftCents > 0
              ? `${euro(result.leftCents)} of ${euro(result.paidCents)} paid are left.`
              : `The whole ${euro(result.paidCents)} paid are refunded.`,
            mailed
              ? 'Erstattungsbestätigung with the Rechnungskorrektur sent to the billing e-mail.'
              : `Erstattungsbestätigung ${NOT_SENT_YET}`,
          ].join('\n'),
        );
      return 0;
    }
  }
}
