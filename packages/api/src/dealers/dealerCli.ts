import { type CliOutput, consoleOutput, parseCommandArgs } from '../cliOutput';
import type { Db } from '../db/Db';
import { DataFolderInUseError } from '../db/dataFolderLock';
import { openDb } from '../db/openDb';
import {
  OperatorRefusal,
  folderInUseRefusal,
  openOperatorDb,
  operatorDataDir,
  refuseMissingDataFolder,
} from '../db/openOperatorDb';
import {
  DealerInputError,
  addDealer,
  addDealerOrigin,
  listDealers,
  removeDealerOrigin,
  rotateDealerKey,
} from './dealerRepo';
import { type DealerStatement, dealerStatement } from './dealerStatement';

type Env = Record<string, string | undefined>;

export const DEALER_USAGE = `Usage: lp-api dealer <command> [options]

  add            --id <id> --name <name> --origin <origin> [--origin <origin> ...]
                 Registers a dealer and prints its key (shown this once).
  list           Lists the dealers with their origins.
  add-origin     --id <id> --origin <origin>     Allows one more origin for a dealer.
  remove-origin  --id <id> --origin <origin>     Withdraws an origin.
  rotate-key     --id <id>                       Replaces the dealer's key and prints the new one.
  statement      --id <id> --month <YYYY-MM>     The dealer's paid orders invoiced in that month (Europe/Berlin)
                 with goods gross and net, the base of a commission; orders with a declared withdrawal marked;
                 refunds recorded in the month (lp-api orders refund) as negative lines with their Rechnungskorrektur.

  --json         Prints the result as JSON.

The database: DATABASE_URL (PostgreSQL), else the PGlite data folder DATA_DIR (default .data/pglite). Stop an API
that runs on the same PGlite folder first; on PostgreSQL the running API picks changes up within seconds.
See docs/reference/dealers.md.`;

/** The database the command works on: the one the API would open with the same environment. */
/**
 * The API's database for the same environment. Unlike `lp-api customer`, a missing PGlite folder is created:
 * dealers are registered before a first start.
 */
async function openFromEnv(env: Env): Promise<Db> {
  try {
    return await openDb({
      databaseUrl: env.DATABASE_URL?.trim() || undefined,
      dataDir: operatorDataDir(env),
    });
  } catch (error) {
    throw error instanceof DataFolderInUseError ? folderInUseRefusal(error) : error;
  }
}

const keyNotice = (key: string) =>
  [
    `key:     ${key}`,
    '',
    'This key is shown once: hand it to the dealer over a private channel. It lists their attributed orders',
    '(GET /api/dealer/orders, Authorization: Bearer <key>); keep it on a server, never in a web page.',
  ].join('\n');

const euros = (cents: number) => (cents / 100).toFixed(2);

function statementText({ dealerId, month, orders, refunds, totals }: DealerStatement): string {
  const head = `Statement for dealer ${dealerId}, ${month} (orders invoiced and refunds recorded in the month, Europe/Berlin; amounts in EUR):`;
  if (orders.length === 0 && refunds.length === 0)
    return `${head}\nNo paid orders or refunds credited to this dealer in ${month}.`;
  const row = (cells: string[]) =>
    cells.map((cell, i) => (i < 3 ? cell.padEnd([16, 16, 12][i]!) : cell.padStart(12))).join('');
  const refundNote =
    totals.refunds > 0 ? `, ${totals.refunds} refund(s) (Rechnungskorrektur, negative lines)` : '';
  return [
    head,
    '',
    row(['invoice', 'order', 'date', 'goods gross', 'goods net', 'shipping', 'total']),
    ...orders.map((o) =>
      row([
        o.invoiceNumber,
        o.orderNumber,
        o.invoiceDate,
        euros(o.goodsGrossCents),
        euros(o.goodsNetCents),
        euros(o.shippingCents),
        euros(o.totalGrossCents),
      ]),
    ),
    ...refunds.map((r) =>
      row([
        r.creditNoteNumber,
        r.orderNumber,
        r.refundDate,
        euros(r.goodsGrossCents),
        euros(r.goodsNetCents),
        euros(r.shippingCents),
        euros(r.totalGrossCents),
      ]),
    ),
    '',
    `${totals.orders} order(s)${refundNote}: goods ${euros(totals.goodsGrossCents)} gross, ${euros(totals.goodsNetCents)} net (the usual commission base); paid in all ${euros(totals.totalGrossCents)}.`,
    ...orders
      .filter((o) => o.withdrawalDeclared)
      .map((o) => `Withdrawal declared for ${o.orderNumber} (${o.invoiceNumber}): see lp-api withdrawals.`),
  ].join('\n');
}

/**
 * `lp-api dealer ...` (docs/reference/dealers.md): registers dealers, their origins and keys in the API's database.
 * Answers the process exit code: 0 done, 1 refused (the message says why), 2 usage.
 */
export async function runDealerCli(
  argv: string[],
  {
    env = process.env,
    output = consoleOutput,
    open,
  }: { env?: Env; output?: CliOutput; open?: (env: Env) => Promise<Db> } = {},
): Promise<number> {
  const parsed = parseCommandArgs(
    argv,
    {
      id: { type: 'string' },
      name: { type: 'string' },
      origin: { type: 'string', multiple: true },
      month: { type: 'string' },
    },
    DEALER_USAGE,
    output,
  );
  if (!parsed) return 2;
  const { values, positionals } = parsed;
  const [command, extra] = positionals;
  if (extra !== undefined) {
    output.err(`Unexpected argument '${extra}' (values go after --id, --name, --origin).\n\n${DEALER_USAGE}`);
    return 2;
  }
  const known = ['add', 'list', 'add-origin', 'remove-origin', 'rotate-key', 'statement'];
  if (!command || values.help || command === 'help' || !known.includes(command)) {
    const wrong = command && command !== 'help' && !values.help;
    (wrong ? output.err : output.out)(`${wrong ? `Unknown command '${command}'.\n\n` : ''}${DEALER_USAGE}`);
    return wrong ? 2 : 0;
  }
  const need = (name: 'id' | 'name' | 'origin' | 'month'): boolean => {
    const value = values[name];
    if (value === undefined || (Array.isArray(value) && value.length === 0)) {
      output.err(`dealer ${command} needs --${name}.\n\n${DEALER_USAGE}`);
      return false;
    }
    return true;
  };
  const required: Record<string, ('id' | 'name' | 'origin' | 'month')[]> = {
    add: ['id', 'name'],
    'add-origin': ['id', 'origin'],
    'remove-origin': ['id', 'origin'],
    'rotate-key': ['id'],
    statement: ['id', 'month'],
    list: [],
  };
  if (!required[command]!.every(need)) return 2;
  if ((command === 'add-origin' || command === 'remove-origin') && values.origin!.length > 1) {
    output.err(`dealer ${command} takes one --origin.`);
    return 2;
  }

  let db: Db;
  try {
    // Only `add` may make a new PGlite folder (dealers are registered before a first start). The others read or
    // change a registered dealer: a mistyped DATA_DIR must be refused, not made into an empty shop (40 MB of
    // migrated database) that answers "No dealer … is registered" and invites a `dealer add` into it. A statement
    // also needs the shop itself (its invoices), so it asks for a database the API has started on.
    if (!open && command !== 'add') refuseMissingDataFolder(env);
    db = await (open ?? (command === 'statement' ? openOperatorDb : openFromEnv))(env);
  } catch (error) {
    if (!(error instanceof OperatorRefusal)) throw error;
    output.err(error.message);
    return 1;
  }
  try {
    const id = values.id ?? '';
    const origin = values.origin?.[0] ?? '';
    const json = (value: unknown) => output.out(JSON.stringify(value, null, 2));
    switch (command) {
      case 'add': {
        const dealer = await addDealer(db, { id, name: values.name ?? '', origins: values.origin ?? [] });
        if (values.json) json(dealer);
        else {
          output.out(
            [
              `Dealer registered.`,
              `id:      ${dealer.id}`,
              `name:    ${dealer.name}`,
              `origins: ${dealer.origins.join(', ') || '(none yet: dealer add-origin)'}`,
              keyNotice(dealer.key),
            ].join('\n'),
          );
        }
        break;
      }
      case 'list': {
        const dealers = await listDealers(db);
        if (values.json) json(dealers);
        else if (dealers.length === 0) output.out('No dealers registered (dealer add).');
        else {
          for (const d of dealers) {
            output.out(`${d.id}  ${d.name}  (since ${d.createdAt.slice(0, 10)})`);
            for (const o of d.origins) output.out(`    ${o}`);
          }
        }
        break;
      }
      case 'add-origin': {
        const added = await addDealerOrigin(db, id, origin);
        if (values.json) json({ id, origin: added });
        else output.out(`Dealer ${id} may now embed from ${added}.`);
        break;
      }
      case 'remove-origin': {
        const removed = await removeDealerOrigin(db, id, origin);
        if (values.json) json({ id, origin: removed });
        else output.out(`Dealer ${id} may no longer embed from ${removed}.`);
        break;
      }
      case 'rotate-key': {
        const key = await rotateDealerKey(db, id);
        if (values.json) json({ id, key });
        else output.out(`New key for dealer ${id}; the old one no longer works.\n${keyNotice(key)}`);
        break;
      }
      case 'statement': {
        const statement = await dealerStatement(db, id, values.month ?? '');
        if (values.json) json(statement);
        else output.out(statementText(statement));
        break;
      }
    }
    return 0;
  } catch (error) {
    if (error instanceof DealerInputError) {
      output.err(error.message);
      return 1;
    }
    throw error;
  } finally {
    await db.close();
  }
}
