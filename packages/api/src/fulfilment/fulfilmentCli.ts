import { parseArgs } from 'node:util';
import { type CliOutput, consoleOutput } from '../cliOutput';
import type { Db } from '../db/Db';
import { onOperatorDb, openOperatorDb } from '../db/openOperatorDb';
import { deliverShipmentMail } from '../mail/shipmentMails';
import type { MailTransport } from '../outbox/mailTransport';
import { sandboxOutbox } from '../outbox/sandboxOutbox';
import { NOT_SENT_YET, commandMail, stderrLog } from './commandMail';
import { refundCommand } from './refundCli';
import { REFUND_REASONS } from './refunds';
import {
  type ShipResult,
  type UnshippedOrder,
  countUnshippedBefore,
  listUnshipped,
  shipOrder,
} from './shipments';
import { DEFAULT_CARRIER, normaliseCarrier, normaliseTrackingNumber } from './tracking';

type Env = Record<string, string | undefined>;

/** The packers' list's window in days: a shop upgraded to migration 029 has years of shipped orders unrecorded. */
const DEFAULT_DAYS = 30;

export const ORDERS_USAGE = `Usage: lp-api orders [--days <n>] [--json]
       lp-api orders ship <order number> [--carrier <name>] [--tracking <number>] [--correct]
       lp-api orders refund <order number> [--amount <euro>] [--reason <reason>] [--again]

  lp-api orders   Lists the paid orders not shipped yet, oldest payment first, as the packers need them: order
                  number, time of payment and the day it is promised to leave (same working day when paid before
                  14:00), shipping method and delivery time, each line with quantity, plate text and configuration
                  and the design file to print, and the whole shipping address for the label. Those paid in the
                  last ${DEFAULT_DAYS} days; it names how many older ones are not shipped either (after the upgrade to
                  this version, every order shipped before it: ship them with their numbers, or leave them).
  ship            Records that the order was handed to the carrier (default ${DEFAULT_CARRIER}) with its tracking number
                  and sends the shopper the Versandbestätigung (carrier, Sendungsnummer, tracking link, what was
                  shipped, the address, the withdrawal note). The account's order list shows it from then on.
                  Only paid orders can be shipped. Shipping an order again changes nothing and sends no second
                  mail; to correct the carrier or tracking number, repeat with --correct: the order keeps its
                  shipping day and the shopper gets the Versandbestätigung again with the corrected number.
  refund          Records a refund made at the payment provider (this command moves no money: pay back first, with
                  the means of payment the shopper used, § 357 (3) BGB) and mails the shopper the
                  Erstattungsbestätigung with its Rechnungskorrektur: a number of its own series (RK-<year>-<n>,
                  without gaps), the date, the invoice it corrects (number and date), the refunded gross with the
                  VAT it contains at the invoice's rate, and the net. Without --amount: everything not refunded yet.
                  Only paid orders; never more than was paid across all refunds. An order refunded before is
                  refused unless --again is given, so a repeated command never pays back twice.

  --carrier <name>     the carrier (default ${DEFAULT_CARRIER}); only ${DEFAULT_CARRIER} gets a tracking link, others are shown as typed.
  --tracking <number>  the tracking number as on the label (spaces are dropped); ${DEFAULT_CARRIER}: 12-20 digits (00340…),
                       JJD… or an international number such as RR123456789DE. Without it the mail says there is none.
  --correct            replace the carrier or tracking number of an order shipped before and mail again.
  --amount <euro>      refund: the amount to refund, e.g. 24,90 or 24.90 (default: all that is left).
  --reason <reason>    refund: ${REFUND_REASONS.join(', ')} (default: withdrawal when a declaration
                       of withdrawal is matched to the order, else other).
  --again              refund: a further refund of an order refunded before.
  --days <n>           the list: orders paid in the last n days (default ${DEFAULT_DAYS}; 0: all).
  --json               prints the list, or what ship or refund recorded, as JSON.

The mail goes through SMTP_URL/MAIL_FROM as the API's do, else to the sandbox outbox. A mail the mail server refused
is retried by the running API (1, 2, 4, … minutes apart, 14 attempts over about a day).
Exit codes: 0 done (also: already shipped, nothing changed); 1 refused (unknown, unpaid or cancelled order, another
tracking number without --correct, a refund over what is left or of an order refunded before without --again, the
database could not be opened); 2 usage.

The database: DATABASE_URL (PostgreSQL, also while the API runs), else the PGlite data folder DATA_DIR (default
.data/pglite): stop the API on that folder first, PGlite allows one process per folder.`;

const berlin = new Intl.DateTimeFormat('de-DE', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Europe/Berlin',
});

function listText(orders: UnshippedOrder[], days: number, older: number): string {
  const span = days === 0 ? '' : ` paid in the last ${days} days`;
  const olderNote =
    older > 0
      ? [
          `${older} paid order(s) older than ${days} days are not recorded as shipped either: lp-api orders --days 0.`,
        ]
      : [];
  if (orders.length === 0) return [`No paid orders${span} waiting to be shipped.`, ...olderNote].join('\n');
  const lines = [`${orders.length} paid order(s)${span} to ship, oldest first:`, ...olderNote];
  for (const order of orders) {
    const a = order.shippingAddress;
    lines.push(
      '',
      `${order.orderNumber}  paid ${berlin.format(new Date(order.paidAt))} Uhr  ship by ${order.shipBy}`,
      `  shipping: ${order.shippingMethod}${order.deliveryTime ? ` (${order.deliveryTime})` : ''}`,
      ...order.lines.flatMap((line) => [
        `  ${line.quantity} × ${line.name}`,
        ...line.details.map((detail) => `      ${detail}`),
        ...(line.printFile ? [`      print file: ${line.printFile}`] : []),
      ]),
      '  ship to:',
      `    ${a.name} ${a.lastName}`,
      ...(a.company?.trim() ? [`    ${a.company.trim()}`] : []),
      ...(a.street2?.trim() ? [`    ${a.street2.trim()}`] : []),
      `    ${a.street} ${a.houseNumber}`,
      `    ${a.zipCode} ${a.city}`,
      `    ${a.country}`,
    );
  }
  return lines.join('\n');
}

const described = (s: { carrier: string; trackingNumber: string | null }) =>
  s.trackingNumber ? `${s.carrier}, tracking number ${s.trackingNumber}` : `${s.carrier}, no tracking number`;

/**
 * `lp-api orders [--json]` and `lp-api orders ship <number> [--carrier c] [--tracking n] [--correct] [--json]`: the
 * packers' list and the record of a shipment with its Versandbestätigung. Answers the process exit code: 0 done,
 * 1 refused, 2 usage.
 */
export async function runFulfilmentCli(
  argv: string[],
  {
    env = process.env,
    output = consoleOutput,
    open = openOperatorDb,
    mail,
  }: {
    env?: Env;
    output?: CliOutput;
    open?: (env: Env) => Promise<Db>;
    /** The mail transport; default: SMTP_URL's as the API's, else the database's sandbox outbox. */
    mail?: MailTransport;
  } = {},
): Promise<number> {
  let values: {
    json?: boolean;
    help?: boolean;
    carrier?: string;
    tracking?: string;
    correct?: boolean;
    days?: string;
    amount?: string;
    reason?: string;
    again?: boolean;
  };
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args: argv,
      options: {
        json: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
        carrier: { type: 'string' },
        tracking: { type: 'string' },
        correct: { type: 'boolean' },
        days: { type: 'string' },
        amount: { type: 'string' },
        reason: { type: 'string' },
        again: { type: 'boolean' },
      },
      strict: true,
      allowPositionals: true,
    }));
  } catch (error) {
    output.err(`${(error as Error).message}\n\n${ORDERS_USAGE}`);
    return 2;
  }
  const [command, orderNumber, ...rest] = positionals;
  if (values.help || command === 'help') {
    output.out(ORDERS_USAGE);
    return 0;
  }
  const usage = (message: string) => {
    output.err(`${message}\n\n${ORDERS_USAGE}`);
    return 2;
  };
  const shipping = command === 'ship';
  const refunding = command === 'refund';
  if (command !== undefined && !shipping && !refunding) return usage(`Unknown command '${command}'.`);
  if (!refunding && (values.amount !== undefined || values.reason !== undefined || values.again))
    return usage('--amount, --reason and --again go with refund.');
  if (refunding) return refundCommand(orderNumber, rest, values, { env, output, open, mail, usage });
  if (!shipping && (values.carrier !== undefined || values.tracking !== undefined || values.correct))
    return usage('--carrier, --tracking and --correct go with ship.');
  if (shipping && values.days !== undefined) return usage('--days goes with the list, not with ship.');
  const days = values.days === undefined ? DEFAULT_DAYS : Number(values.days);
  if (!Number.isInteger(days) || days < 0 || days > 36_600)
    return usage('--days takes a whole number of days.');
  if (shipping && (!orderNumber?.trim() || rest.length > 0))
    return usage(rest.length > 0 ? `Unexpected '${rest[0]}'.` : 'ship needs the order number.');
  const carrier = normaliseCarrier(values.carrier ?? DEFAULT_CARRIER);
  if (!carrier) return usage('--carrier takes a carrier name of up to 20 letters, digits, spaces or dashes.');
  const tracking = values.tracking === undefined ? null : normaliseTrackingNumber(values.tracking, carrier);
  if (tracking === undefined)
    return usage(
      carrier === DEFAULT_CARRIER
        ? `--tracking: not a ${DEFAULT_CARRIER} tracking number (12-20 digits, JJD followed by digits, or two letters, nine digits, two letters).`
        : '--tracking: a tracking number is 6-40 letters and digits.',
    );
  const transport = shipping ? commandMail(mail, env, output) : undefined;
  if (transport === null) return 1;
  return onOperatorDb(open, env, output, async (db) => {
    if (!shipping) {
      const orders = await listUnshipped(db, days);
      output.out(
        values.json
          ? JSON.stringify(orders, null, 2)
          : listText(orders, days, await countUnshippedBefore(db, days)),
      );
      return 0;
    }
    const result = await shipOrder(db, {
      orderNumber: orderNumber!,
      carrier,
      trackingNumber: tracking,
      correct: values.correct === true,
    });
    return await report(result, orderNumber!.trim(), {
      db,
      mail: transport ?? sandboxOutbox(db),
      output,
      json: values.json === true,
    });
  });
}

async function report(
  result: ShipResult,
  typed: string,
  { db, mail, output, json }: { db: Db; mail: MailTransport; output: CliOutput; json: boolean },
): Promise<number> {
  switch (result.kind) {
    case 'unknown':
      output.err(`No order has the number ${JSON.stringify(typed)}. Nothing changed.`);
      return 1;
    case 'notPaid':
      output.err(
        result.status === 'cancelled'
          ? `Order ${result.orderNumber} is cancelled: it is not to be shipped. Nothing changed.`
          : `Order ${result.orderNumber} is not paid (status ${result.status}): only paid orders are shipped. Nothing changed.`,
      );
      return 1;
    case 'conflict':
      output.err(
        `Order ${result.orderNumber} was shipped on ${result.shipment.shippedAt.slice(0, 10)} (${described(result.shipment)}). Nothing changed. To replace the carrier or tracking number and mail the shopper again, add --correct.`,
      );
      return 1;
    case 'already':
      if (json) output.out(JSON.stringify({ ...result, changed: false }, null, 2));
      else
        output.out(
          `Order ${result.orderNumber} was already shipped on ${result.shipment.shippedAt.slice(0, 10)} (${described(result.shipment)}). Nothing changed, no second mail (Versandbestätigung ${result.mailSent ? 'sent' : 'not sent yet: the running API retries it'}).`,
        );
      return 0;
    case 'shipped': {
      const mailed = await deliverShipmentMail(db, mail, result.owed, stderrLog(output));
      if (json) {
        const { owed: _owed, ...shown } = result;
        output.out(JSON.stringify({ ...shown, changed: true, mailSent: mailed }, null, 2));
      } else
        output.out(
          [
            `Order ${result.orderNumber} ${result.corrected ? 'corrected' : 'shipped'}: ${described(result.shipment)}.`,
            ...(result.shipment.trackingUrl ? [`Tracking: ${result.shipment.trackingUrl}`] : []),
            mailed
              ? `Versandbestätigung ${result.corrected ? 'with the corrected number ' : ''}sent to the billing e-mail.`
              : `Versandbestätigung ${NOT_SENT_YET}`,
          ].join('\n'),
        );
      return 0;
    }
  }
}
