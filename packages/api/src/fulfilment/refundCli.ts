import type { CliOutput } from '../cliOutput';
import type { Db } from '../db/Db';
import { onOperatorDb } from '../db/openOperatorDb';
import { deliverRefundMail } from '../mail/refundMails';
import type { MailTransport } from '../outbox/mailTransport';
import { sandboxOutbox } from '../outbox/sandboxOutbox';
import { type Env, NOT_SENT_YET, commandMail, stderrLog } from './commandMail';
import { REFUND_REASONS, type Refund, type RefundReason, type RefundResult, refundOrder } from './refunds';

// `lp-api orders refund` (fulfilmentCli.ts dispatches to it): records a refund with its Rechnungskorrektur
// (refunds.ts) and mails the shopper.

/** Cents from an amount as an operator types it: 24,90 or 24.90 or 24 (at most 2 decimals, up to 1 million). */
export function parseEuroAmount(typed: string): number | undefined {
  const match = /^(\d{1,7})(?:[.,](\d{1,2}))?$/.exec(typed.trim());
  if (!match) return undefined;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
  return cents > 0 && cents <= 100_000_000 ? cents : undefined;
}

const euro = (cents: number) => `${(cents / 100).toFixed(2)} EUR`;
const refundLine = (refund: Refund) =>
  `${refund.creditNoteNumber} on ${refund.refundedAt.slice(0, 10)}: ${euro(refund.amountCents)} (${refund.reason})`;

/** `lp-api orders refund <number> [--amount <euro>] [--reason <reason>] [--again] [--json]`. */
export async function refundCommand(
  orderNumber: string | undefined,
  rest: string[],
  values: {
    json?: boolean;
    carrier?: string;
    tracking?: string;
    correct?: boolean;
    days?: string;
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
  }: {
    env: Env;
    output: CliOutput;
    open: (env: Env) => Promise<Db>;
    mail: MailTransport | undefined;
    usage: (message: string) => number;
  },
): Promise<number> {
  if (
    values.carrier !== undefined ||
    values.tracking !== undefined ||
    values.correct ||
    values.days !== undefined
  )
    return usage('--carrier, --tracking, --correct and --days do not go with refund.');
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
            ? `Nothing changed. ${euro(result.leftCents)} are left; to refund more, repeat with --again (and --amount).`
            : 'Nothing changed: the whole order is refunded.',
        ].join('\n'),
      );
      return 1;
    case 'tooMuch':
      output.err(
        result.leftCents > 0
          ? `Order ${result.orderNumber}: only ${euro(result.leftCents)} of ${euro(result.paidCents)} paid are left to refund. Nothing changed.`
          : `Order ${result.orderNumber}: the whole ${euro(result.paidCents)} paid are refunded already. Nothing changed.`,
      );
      return 1;
    case 'refunded': {
      const mailed = await deliverRefundMail(db, mail, result.owed, stderrLog(output));
      if (json) {
        const { owed: _owed, ...shown } = result;
        output.out(JSON.stringify({ ...shown, changed: true, mailSent: mailed }, null, 2));
      } else
        output.out(
          [
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
