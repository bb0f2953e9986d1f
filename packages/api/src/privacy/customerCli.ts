import { type CliOutput, consoleOutput, parseCommandArgs } from '../cliOutput';
import type { Db } from '../db/Db';
import { onOperatorDb, openOperatorDb } from '../db/openOperatorDb';
import { exportCustomer } from './customerExport';
import { type Erasure, eraseCustomer } from './eraseCustomer';
import { subjectEmail } from './subjectEmail';

type Env = Record<string, string | undefined>;

export const CUSTOMER_USAGE = `Usage: lp-api customer <command> <email>

  export <email>   Prints everything the shop holds about the address as one JSON document (DSGVO art. 15).
  delete <email>   Erases the address's account, sessions, carts, unplaced orders, sandbox mails and the
                   uploaded images only those carts and orders used (art. 17);
                   keeps placed orders, the sales records German law requires (§ 147 AO, § 257 HGB), without
                   the account link and the billing e-mail and phone. Prints what it deleted and what it kept.

  --json           delete: prints the result as JSON.

The address matches as the shop's login does: surrounding spaces ignored, any letter case, any Unicode form
("ü" typed as "u" + U+0308). Both commands include a twin account: the same address stored in another Unicode form
by an older release (migration 038 left it as it was beside the account holding the composed form).
Exit codes: 0 done; 1 nothing held for the address, or refused (nothing changed); 2 usage.

The database: DATABASE_URL (PostgreSQL, also while the API runs), else the PGlite data folder DATA_DIR (default
.data/pglite): stop the API on that folder first, PGlite allows one process per folder.
See docs/learn/run-in-production.md, "Personal data and how long it is kept".`;

const nothingHeld = (email: string) =>
  `The shop holds no personal data for ${email}: no account, order, cart or mail with this address (already erased, or check the spelling). Nothing changed.`;

function erasureText(result: Erasure): string {
  const lines = [
    `Erased the personal data of ${result.email}:`,
    `  account:  ${result.account ? `deleted, with ${result.sessions} login session(s)` : 'none'}`,
    ...result.twinAccounts.map(
      (twin) =>
        `  twin:     account id ${twin.id}, the same address stored in another Unicode form: deleted, with ${twin.sessions} login session(s)`,
    ),
    `  carts:    ${result.cartsDeleted} deleted${result.cartsEmptied ? `, ${result.cartsEmptied} emptied (kept orders refer to them)` : ''}`,
    `  orders:   ${result.draftOrdersDeleted.length ? `${result.draftOrdersDeleted.length} never placed, deleted (${result.draftOrdersDeleted.join(', ')})` : 'none to delete (none was left unplaced)'}`,
    `  mails:    ${result.mails} sandbox mail(s) deleted`,
    `  images:   ${result.uploadsDeleted} uploaded design image(s) deleted${result.uploadsKept ? `, ${result.uploadsKept} kept (a kept order or someone else's cart or order uses them)` : ''}`,
  ];
  if (result.keptOrders.length === 0) lines.push('Kept: nothing.');
  else {
    lines.push(
      'Kept, as DSGVO art. 17(3)(b) allows: placed orders are sales records that § 147 AO and § 257 HGB require the',
      'shop to keep (invoices and booking records); name, address, lines and amounts stay, the account link goes:',
    );
    for (const order of result.keptOrders) {
      lines.push(
        `  ${order.orderNumber}  ${order.status}  ${order.createdAt.slice(0, 10)}  ${order.contactRemoved ? 'billing e-mail and phone removed' : 'billing person is someone else: unchanged'}`,
      );
    }
    lines.push('File this output with the request: the kept orders are found by their numbers from now on.');
  }
  if (result.otherAccountsOrders.length > 0) {
    lines.push(
      `Other accounts' orders billed to this address, its e-mail and phone removed, the rest theirs: ${result.otherAccountsOrders.join(', ')}`,
    );
  }
  return lines.join('\n');
}

/**
 * `lp-api customer export|delete <email>` (DSGVO art. 15 and 17; docs/learn/run-in-production.md). Answers the
 * process exit code: 0 done, 1 nothing held for the address or refused (the message says why; nothing changed),
 * 2 usage.
 */
export async function runCustomerCli(
  argv: string[],
  {
    env = process.env,
    output = consoleOutput,
    open = openOperatorDb,
  }: { env?: Env; output?: CliOutput; open?: (env: Env) => Promise<Db> } = {},
): Promise<number> {
  const parsed = parseCommandArgs(argv, {}, CUSTOMER_USAGE, output);
  if (!parsed) return 2;
  const { values, positionals } = parsed;
  const [command, raw, extra] = positionals;
  if (!command || values.help || command === 'help') {
    output.out(CUSTOMER_USAGE);
    return 0;
  }
  if (command !== 'export' && command !== 'delete') {
    output.err(`Unknown command '${command}'.\n\n${CUSTOMER_USAGE}`);
    return 2;
  }
  if (raw === undefined || extra !== undefined) {
    output.err(`customer ${command} takes one e-mail address.\n\n${CUSTOMER_USAGE}`);
    return 2;
  }
  // Checked before the database is opened: a malformed address changes nothing and matches nobody.
  const email = subjectEmail(raw);
  if (!email) {
    output.err(
      `'${raw}' is not an e-mail address (spec 5 rules: local part, @, domain with a dot). Nothing changed.`,
    );
    return 1;
  }
  return onOperatorDb(open, env, output, async (db) => {
    if (command === 'export') {
      const document = await exportCustomer(db, email, new Date(), { twins: true });
      if (!document) {
        output.err(nothingHeld(email));
        return 1;
      }
      output.out(JSON.stringify(document, null, 2));
      return 0;
    }
    const result = await eraseCustomer(db, email);
    if (!result) {
      output.err(nothingHeld(email));
      return 1;
    }
    output.out(values.json ? JSON.stringify(result, null, 2) : erasureText(result));
    return 0;
  });
}
