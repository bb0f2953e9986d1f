import { type CliOutput, consoleOutput, parseCommandArgs } from '../cliOutput';
import type { Db } from '../db/Db';
import { onOperatorDb, openOperatorDb } from '../db/openOperatorDb';
import { deliverShipmentMail } from '../mail/shipmentMails';
import type { MailTransport } from '../outbox/mailTransport';
import { sandboxOutbox } from '../outbox/sandboxOutbox';
import { NOT_SENT_YET, commandMail, stderrLog } from './commandMail';
import { refundCommand } from './refundCli';
import { REFUND_REASONS } from './refunds';
import type { ParcelLine } from './parcels';
import { type UnshippedOrder, countUnshippedBefore, listUnshipped } from './packersList';
import { type LineRequest, type ShipResult, shipOrder } from './shipments';
import {
  DEFAULT_CARRIER,
  KNOWN_CARRIERS,
  normaliseCarrier,
  normaliseTrackingNumber,
  trackingForms,
} from './tracking';

type Env = Record<string, string | undefined>;

/** The packers' list's window in days: a shop upgraded to migration 029 has years of shipped orders unrecorded. */
const DEFAULT_DAYS = 30;

export const ORDERS_USAGE = `Usage: lp-api orders [--days <n>] [--json]
       lp-api orders ship <order number> [--lines <lines>] [--carrier <name>] [--tracking <number>]
       lp-api orders ship <order number> --correct [--parcel <n>] [--lines <lines>] [--carrier <name>]
                         [--tracking <number>]
       lp-api orders refund <order number> [--amount <euro> | --lines <lines>] [--reason <reason>] [--again]

  lp-api orders   Lists the paid orders not shipped yet (or not all of them), oldest payment first, as the packers
                  need them: order number, time of payment and the day it is promised to leave (same working day
                  when paid before 14:00), shipping method and delivery time, each line left to ship with its number
                  (for --lines), quantity, plate text and configuration and the design file to print, and the whole
                  shipping address for the label. Those paid in the last ${DEFAULT_DAYS} days; it names how many
                  older ones are not shipped either (after the upgrade to this version, every order shipped before
                  it: ship them with their numbers, or leave them).
  ship            Records a parcel handed to the carrier (default ${DEFAULT_CARRIER}) with its tracking number: the
                  whole order, or with --lines the lines in it (an order may leave in several parcels, e.g. the
                  holders today and the plates made to order tomorrow). Sends the shopper a Versandbestätigung per
                  parcel (carrier, Sendungsnummer, tracking link, what is in it and what follows separately, the
                  address, the withdrawal note); the order page and the account's order list show every parcel.
                  The order counts as shipped when its parcels hold every line. Only paid orders can be shipped.
                  The same command again changes nothing and sends no second mail; to correct the carrier, the
                  tracking number or the contents (--lines) of a parcel, repeat with --correct (and --parcel n
                  when the order has several): the parcel keeps its number and day and takes what is given
                  (without --lines its lines stay; without --carrier and --tracking both stay), and the shopper
                  gets its Versandbestätigung again, marked "Korrektur", with the corrected parcel. Two parcels
                  whose contents were swapped: correct their carrier and number instead.
  refund          Records a refund made at the payment provider (this command moves no money: pay back first, with
                  the means of payment the shopper used, § 357 (3) BGB) and mails the shopper the
                  Erstattungsbestätigung with its Rechnungskorrektur: a number of its own series (RK-<year>-<n>,
                  without gaps), the date, the invoice it corrects (number and date), the refunded gross with the
                  VAT it contains at the invoice's rate, and the net. Without --amount: everything not refunded yet;
                  with --lines: the price of the withdrawn lines, computed and shown (their coupon share off, the
                  delivery cost only with the last piece of the order, § 357 (2) BGB).
                  Only paid orders; never more than was paid across all refunds. An order refunded before is
                  refused unless --again is given, so a repeated command never pays back twice.

  --lines <lines>      ship: what is in this parcel, by the line numbers \`lp-api orders\` shows: 1,3 (lines 1 and 3,
                       all that is left of them) or 2:1 (one of line 2), also combined: 1,2:1. Default: everything
                       not shipped yet. With --correct: what the parcel really holds (a line alone: all of it that
                       no other parcel holds). refund: the withdrawn lines in the same form (a line alone: all
                       of it not refunded before).
  --carrier <name>     the carrier (default ${DEFAULT_CARRIER}); ${KNOWN_CARRIERS.join(', ')} get a tracking
                       link, others are shown as typed.
  --tracking <number>  the tracking number as on the label (spaces are dropped), in the carrier's form:
                       ${KNOWN_CARRIERS.map((carrier) => `${carrier}: ${trackingForms(carrier)}`).join(';\n                       ')}.
                       Without it the mail says there is none.
  --correct            replace the carrier, tracking number or lines of a parcel shipped before and mail again.
  --parcel <n>         with --correct: which parcel of the order (1, 2, …; needed when it has several).
  --amount <euro>      refund: the amount to refund, e.g. 24,90 or 24.90 (default: all that is left).
  --reason <reason>    refund: ${REFUND_REASONS.join(', ')} (default: withdrawal when a declaration
                       of withdrawal is matched to the order, else other).
  --again              refund: a further refund of an order refunded before.
  --days <n>           the list: orders paid in the last n days (default ${DEFAULT_DAYS}; 0: all).
  --json               prints the list, or what ship or refund recorded, as JSON.

The mail goes through SMTP_URL/MAIL_FROM as the API's do, else to the sandbox outbox. A mail the mail server refused
is retried by the running API (1, 2, 4, … minutes apart, 14 attempts over about a day).
Exit codes: 0 done (also: already shipped, nothing changed); 1 refused (unknown, unpaid or cancelled order, another
tracking number without --correct, a line the order does not have or has nothing left of (with --correct: that
its other parcels hold), several parcels and --correct without --parcel, a refund over what is left or of an order
refunded before without --again, the database could not be opened); 2 usage.

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
  if (orders.length === 0) return [`No order${span} is waiting to be shipped.`, ...olderNote].join('\n');
  // "paid" once: `1 order(s) paid in the last 30 days`, or with --days 0 `1 paid order(s)`.
  const counted = span ? `${orders.length} order(s)${span}` : `${orders.length} paid order(s)`;
  const lines = [`${counted} to ship, oldest first:`, ...olderNote];
  for (const order of orders) {
    const a = order.shippingAddress;
    lines.push(
      '',
      `${order.orderNumber}  paid ${berlin.format(new Date(order.paidAt))} Uhr  ship by ${order.shipBy}`,
      `  shipping: ${order.shippingMethod}${order.deliveryTime ? ` (${order.deliveryTime})` : ''}`,
      ...(order.parcelsShipped > 0
        ? [`  partly shipped (${order.parcelsShipped} parcel(s) so far); left to ship:`]
        : []),
      ...order.lines.flatMap((line) => [
        `  ${line.line}. ${line.quantity} × ${line.name}${line.quantity < line.ordered ? ` (${line.quantity} of ${line.ordered} left)` : ''}`,
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

/** The day a parcel left as yyyy-mm-dd in Germany, the day its Versandbestätigung names (not the UTC day). */
const berlinDay = new Intl.DateTimeFormat('en-CA', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  timeZone: 'Europe/Berlin',
});
const shippedDay = (shipment: { shippedAt: string }) => berlinDay.format(new Date(shipment.shippedAt));

/** "line 1, line 2 (1)": lines of a parcel or what is left. */
const linesText = (lines: ParcelLine[]) =>
  lines.map((l) => `line ${l.line} (${l.quantity})`).join(', ') || 'nothing';

/** `--lines 1,3` or `2:1` or `1,2:1`: the lines (from 1) and quantities (none: all that is left); undefined: not that. */
export function parseLines(raw: string): LineRequest[] | undefined {
  const value = raw.replace(/[ \u00a0]/g, '');
  if (!/^\d{1,4}(:\d{1,5})?(,\d{1,4}(:\d{1,5})?){0,99}$/.test(value)) return undefined;
  const lines = value.split(',').map((part) => {
    const [line, quantity] = part.split(':');
    return { line: Number(line), quantity: quantity === undefined ? null : Number(quantity) };
  });
  const seen = new Set(lines.map((l) => l.line));
  if (seen.size !== lines.length || lines.some((l) => l.line < 1 || l.quantity === 0)) return undefined;
  return lines;
}

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
  const parsed = parseCommandArgs(
    argv,
    {
      carrier: { type: 'string' },
      tracking: { type: 'string' },
      correct: { type: 'boolean' },
      days: { type: 'string' },
      lines: { type: 'string' },
      parcel: { type: 'string' },
      amount: { type: 'string' },
      reason: { type: 'string' },
      again: { type: 'boolean' },
    },
    ORDERS_USAGE,
    output,
  );
  if (!parsed) return 2;
  const { values, positionals } = parsed;
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
  if (refunding)
    return refundCommand(orderNumber, rest, values, { env, output, open, mail, usage, parseLines });
  if (
    !shipping &&
    (values.carrier !== undefined ||
      values.tracking !== undefined ||
      values.correct ||
      values.lines !== undefined ||
      values.parcel !== undefined)
  )
    return usage('--carrier, --tracking, --lines, --correct and --parcel go with ship.');
  if (values.parcel !== undefined && !values.correct) return usage('--parcel goes with --correct.');
  const lines = values.lines === undefined ? null : parseLines(values.lines);
  if (lines === undefined)
    return usage(
      '--lines takes line numbers as lp-api orders shows them, each alone (all that is left of it) or with a quantity, e.g. 1,3 or 2:1 or 1,2:1; each line once.',
    );
  const parcel = values.parcel === undefined ? null : Number(values.parcel);
  if (parcel !== null && !(/^\d{1,2}$/.test(values.parcel ?? '') && parcel >= 1))
    return usage('--parcel takes the number of a parcel of the order: 1, 2, …');
  if (shipping && values.days !== undefined) return usage('--days goes with the list, not with ship.');
  const days = values.days === undefined ? DEFAULT_DAYS : Number(values.days);
  if (!Number.isInteger(days) || days < 0 || days > 36_600)
    return usage('--days takes a whole number of days.');
  if (shipping && (!orderNumber?.trim() || rest.length > 0))
    return usage(rest.length > 0 ? `Unexpected '${rest[0]}'.` : 'ship needs the order number.');
  // A correction without --carrier and --tracking keeps both (it corrects the lines, or nothing): not "DHL, none".
  const keep = values.correct === true && values.carrier === undefined && values.tracking === undefined;
  const carrier = normaliseCarrier(values.carrier ?? DEFAULT_CARRIER);
  if (!carrier) return usage('--carrier takes a carrier name of up to 20 letters, digits, spaces or dashes.');
  const tracking = values.tracking === undefined ? null : normaliseTrackingNumber(values.tracking, carrier);
  if (tracking === undefined) {
    const forms = trackingForms(carrier);
    return usage(
      forms
        ? `--tracking: not a ${carrier} tracking number (${forms}).`
        : '--tracking: a tracking number is 6-40 letters and digits.',
    );
  }
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
      carrier: keep ? null : carrier,
      carrierNamed: values.carrier !== undefined,
      trackingNumber: tracking,
      correct: values.correct === true,
      lines,
      parcel,
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
        `Order ${result.orderNumber}: parcel ${result.shipment.parcel} was shipped on ${shippedDay(result.shipment)} (${described(result.shipment)}; ${linesText(result.shipment.lines)}). Nothing changed. To replace its carrier or tracking number and mail the shopper again, add --correct${result.shipment.parcel > 1 ? ` --parcel ${result.shipment.parcel}` : ''}.`,
      );
      return 1;
    case 'notLeft':
      output.err(
        `Order ${result.orderNumber} has ${result.lineCount} line(s); left to ship: ${linesText(result.left)}. Nothing changed.`,
      );
      return 1;
    case 'noRoom':
      output.err(
        `Order ${result.orderNumber}: parcel ${result.parcel} can hold only what its other parcels do not: ${linesText(result.room)}${result.others.map((p) => `; parcel ${p.parcel} holds ${linesText(p.lines)}`).join('')}. Nothing changed.`,
      );
      return 1;
    case 'carrierUnnamed':
      output.err(
        `Order ${result.orderNumber}: parcel ${result.parcel} went with ${result.carrier}. Name its carrier to correct its tracking number: --carrier ${JSON.stringify(result.carrier)} --tracking …. Nothing changed.`,
      );
      return 1;
    case 'whichParcel':
      output.err(
        result.parcels.length === 0
          ? `Order ${result.orderNumber} has no parcel shipped yet: nothing to correct. Nothing changed.`
          : `Order ${result.orderNumber} was shipped in ${result.parcels.length} parcel(s): ${result.parcels.map((p) => `${p.parcel} (${described(p)})`).join(', ')}. Name the one to correct with --parcel. Nothing changed.`,
      );
      return 1;
    case 'already':
      if (json) output.out(JSON.stringify({ ...result, changed: false }, null, 2));
      else
        output.out(
          `Order ${result.orderNumber} was already shipped on ${shippedDay(result.shipment)} (${described(result.shipment)}${result.shipment.parcel > 1 || result.left.length > 0 ? `, parcel ${result.shipment.parcel}: ${linesText(result.shipment.lines)}` : ''}). Nothing changed, no second mail (Versandbestätigung ${result.mailSent ? 'sent' : 'not sent yet: the running API retries it'}).${result.left.length > 0 ? ` Left to ship: ${linesText(result.left)}.` : ''}`,
        );
      return 0;
    case 'shipped': {
      const mailed = await deliverShipmentMail(db, mail, result.owed, stderrLog(output));
      if (json) {
        const { owed: _owed, ...shown } = result;
        output.out(JSON.stringify({ ...shown, changed: true, mailSent: mailed }, null, 2));
      } else {
        const { shipment, left } = result;
        // A correction names the parcel and its lines: the packer sees what the shopper is now told it holds.
        const partial = shipment.parcel > 1 || left.length > 0 || result.corrected;
        output.out(
          [
            `Order ${result.orderNumber} ${result.corrected ? 'corrected' : 'shipped'}${partial ? `, parcel ${shipment.parcel} (${linesText(shipment.lines)})` : ''}: ${described(shipment)}.`,
            ...(shipment.trackingUrl ? [`Tracking: ${shipment.trackingUrl}`] : []),
            ...(partial
              ? [
                  left.length > 0
                    ? `Left to ship: ${linesText(left)}.`
                    : 'The order is now shipped completely.',
                ]
              : []),
            mailed
              ? `Versandbestätigung ${result.corrected ? 'of the corrected parcel ' : ''}sent to the billing e-mail.`
              : `Versandbestätigung ${NOT_SENT_YET}`,
          ].join('\n'),
        );
      }
      return 0;
    }
  }
}
