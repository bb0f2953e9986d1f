import { type CliOutput, consoleOutput, parseCommandArgs } from '../cliOutput';
import type { Db } from '../db/Db';
import { onOperatorDb, openOperatorDb } from '../db/openOperatorDb';
import { orderConfirmations } from './orderConfirmations';
import {
  OWED_MAIL_MAX_ATTEMPTS,
  type OwedMailState,
  type OwedMailTable,
  retryGivenUp,
  unsentOwed,
} from './owedMails';
import { refundMails } from './refundMails';
import { shipmentMails } from './shipmentMails';
import { withdrawalReceipts } from './withdrawalReceipts';

type Env = Record<string, string | undefined>;

/** Every kind of mail the shop owes (mail/owedMails.ts), in the order the command lists them. */
const KINDS: OwedMailTable[] = [orderConfirmations, withdrawalReceipts, shipmentMails, refundMails];

export const MAILS_USAGE = `Usage: lp-api mails [--json]
       lp-api mails retry

  The mails the shop owes by law that have not reached the mail server: order confirmations (§ 312f BGB),
  receipts of declarations of withdrawal (§ 356a BGB), shipment confirmations (the Versandbestätigung of
  \`lp-api orders ship\`) and refund confirmations (with the Rechnungskorrektur of \`lp-api orders refund\`).
  The running API retries each one 1, 2, 4, … minutes apart, ${OWED_MAIL_MAX_ATTEMPTS} attempts over about a day,
  then gives it up.

  (no command)  lists them, oldest first: "retrying" (next attempt at …), "given up", or "held" (a withdrawal
                receipt over the cap of receipts a day to one address, or one received before migration 028:
                send those by hand).
  retry         gives every given-up mail a new series of attempts, due now: once the mail server works again,
                a running API sends them within a minute, else the next start does. Held mails stay held, and
                a mail whose last attempt is under way is left to it.
  --json        prints the list as JSON.

Exit codes: 0 done; 1 refused; 2 usage.

The database: DATABASE_URL (PostgreSQL, also while the API runs), else the PGlite data folder DATA_DIR (default
.data/pglite): stop the API on that folder first, PGlite allows one process per folder.`;

export interface UnsentMail extends OwedMailState {
  kind: string;
}

function stateText(mail: UnsentMail): string {
  if (mail.state === 'retrying')
    return `retrying (${mail.attempts} attempts so far, next ${mail.nextAttemptAt})`;
  if (mail.state === 'given up') return `given up after ${mail.attempts} attempts: lp-api mails retry`;
  return 'held, never retried: send it by hand';
}

function listText(mails: UnsentMail[]): string {
  if (mails.length === 0) return 'Every owed mail has been handed to the mail server.';
  const givenUp = mails.filter((mail) => mail.state === 'given up').length;
  return [
    `${mails.length} owed mail(s) not handed to the mail server yet (${givenUp} given up):`,
    // A withdrawal's order number is what the consumer typed: quoted, so nothing in it acts on the terminal.
    ...mails.map((mail) => `  ${mail.kind}  ${JSON.stringify(mail.label)}  ${stateText(mail)}`),
  ].join('\n');
}

/**
 * `lp-api mails [retry] [--json]`: the operator's view of owed mails not sent, and the re-arming of given-up ones.
 * Answers the process exit code: 0 done, 1 refused (the database could not be opened for an operator), 2 usage.
 */
export async function runOwedMailCli(
  argv: string[],
  {
    env = process.env,
    output = consoleOutput,
    open = openOperatorDb,
  }: { env?: Env; output?: CliOutput; open?: (env: Env) => Promise<Db> } = {},
): Promise<number> {
  const parsed = parseCommandArgs(argv, {}, MAILS_USAGE, output);
  if (!parsed) return 2;
  const { values, positionals } = parsed;
  if (values.help || positionals[0] === 'help') {
    output.out(MAILS_USAGE);
    return 0;
  }
  const [action, extra] = positionals;
  if ((action !== undefined && action !== 'retry') || extra !== undefined) {
    output.err(`Unexpected '${extra ?? action}'.\n\n${MAILS_USAGE}`);
    return 2;
  }
  // `retry` prints a sentence; a script asking for JSON must not get one where it parses.
  if (action === 'retry' && values.json) {
    output.err(`--json goes with the list (lp-api mails --json), not with retry.\n\n${MAILS_USAGE}`);
    return 2;
  }
  return onOperatorDb(open, env, output, async (db) => {
    if (action === 'retry') {
      const counts = [];
      for (const kind of KINDS) counts.push(`${await retryGivenUp(kind, db)} ${kind.name}(s)`);
      output.out(
        `Retrying ${counts.slice(0, -1).join(', ')} and ${counts.at(-1)}: a running API sends them within a minute, else the next start does.`,
      );
      return 0;
    }
    const mails: UnsentMail[] = [];
    for (const kind of KINDS)
      for (const state of await unsentOwed(kind, db)) mails.push({ kind: kind.name, ...state });
    output.out(values.json ? JSON.stringify(mails, null, 2) : listText(mails));
    return 0;
  });
}
