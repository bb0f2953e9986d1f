import { existsSync, writeFileSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { type CliOutput, consoleOutput, parseCommandArgs } from '../cliOutput';
import type { Db } from '../db/Db';
import { onOperatorDb, openOperatorDb } from '../db/openOperatorDb';
import { checkMonth } from '../dealers/dealerStatement';
import { type DatevSettings, SKR03_DEFAULTS, datevBuchungsstapel, unmappedRates } from './datevExport';
import { type InvoiceRegister, type MonthSeries, invoiceRegister, readOnly } from './invoiceRegister';
import { registerCsv } from './registerCsv';
import { type SeriesCheck, seriesCheck } from './seriesCheck';

type Env = Record<string, string | undefined>;

export const INVOICES_USAGE = `Usage: lp-api invoices --month <YYYY-MM> [--format csv|datev] [--out <file>]
       lp-api invoices check [--json]

  lp-api invoices  The month's Rechnungsausgangsbuch: every invoice (RE-…, dated on its payment) and every
                   Rechnungskorrektur (RK-…, dated on its refund) of that calendar month in Berlin time, each series
                   in number order: number, date, kind, order number, recipient (name, company), net and VAT per
                   rate, gross, payment method, and for a correction the invoice it corrects (its amounts negative).
                   Prints a summary with the month's totals and number ranges (on stderr when the file goes to
                   stdout). Only reads.
  check            Checks the whole RE and RK series for the Betriebsprüfer: numbers used twice, numbers no
                   document holds, the counter against the highest number, a number's year against its date,
                   paid orders without an invoice, VAT that does not follow from the gross, corrections that do
                   not fit their invoice. Lists what it finds; exit 1 when it finds anything.

  --format csv     (default) CSV for German spreadsheets: UTF-8 with BOM, ';', decimal comma, dates TT.MM.JJJJ, CRLF.
  --format datev   a DATEV Buchungsstapel (EXTF, format 700/21 version 13, SKR03, Windows-1252) to import into
                   DATEV Rechnungswesen: one booking per document, gross, customers' account against the revenue
                   account of the rate (an Automatikkonto: DATEV posts the VAT). Needs:
    --consultant <n>           the Beraternummer (1001-9999999), from the tax adviser
    --client <n>               the Mandantennummer (1-99999)
    and takes:
    --fiscal-year-start <MM>   the month the financial year begins (default 01)
    --debtor-account <n>       the customers' account (default ${SKR03_DEFAULTS.debtorAccount}, SKR03 Sammeldebitor)
    --revenue-account <rate>=<account>  a revenue account per VAT rate, repeatable (default ${[
      ...SKR03_DEFAULTS.revenueAccounts,
    ]
      .map(([rate, account]) => `${rate}=${account}`)
      .join(', ')})
  --out <file>     writes the file there instead of to stdout; an existing file is never overwritten.
  --json           check: prints the result as JSON.

Exit codes: 0 done; 1 refused (the database could not be opened, the file exists, a rate without a revenue account)
or, for check, findings; 2 usage.

The database: DATABASE_URL (PostgreSQL, also while the API runs), else the PGlite data folder DATA_DIR (default
.data/pglite): stop the API on that folder first, PGlite allows one process per folder.`;

class UsageError extends Error {}

function whole(value: string | undefined, name: string, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d{1,9}$/.test(value) || Number(value) < min || Number(value) > max)
    throw new UsageError(
      `--${name} must be a whole number from ${min} to ${max}; got '${value.slice(0, 40)}'.`,
    );
  return Number(value);
}

function datevSettings(values: Record<string, string | string[] | boolean | undefined>): DatevSettings {
  const consultant = whole(values.consultant as string | undefined, 'consultant', 1001, 9_999_999);
  const client = whole(values.client as string | undefined, 'client', 1, 99_999);
  if (consultant === undefined || client === undefined)
    throw new UsageError('--format datev needs --consultant (Beraternummer) and --client (Mandantennummer).');
  const revenueAccounts = new Map(SKR03_DEFAULTS.revenueAccounts);
  for (const pair of (values['revenue-account'] as string[] | undefined) ?? []) {
    const match = /^(\d{1,2})=(\d{4})$/.exec(pair);
    if (!match)
      throw new UsageError(
        `--revenue-account is <rate>=<4-digit account>, e.g. 19=8400; got '${pair.slice(0, 40)}'.`,
      );
    revenueAccounts.set(Number(match[1]), Number(match[2]));
  }
  return {
    consultant,
    client,
    fiscalYearStartMonth:
      whole(values['fiscal-year-start'] as string | undefined, 'fiscal-year-start', 1, 12) ?? 1,
    // With 4-digit G/L accounts a Personenkonto has 5 digits: debtors 10000-69999.
    debtorAccount:
      whole(values['debtor-account'] as string | undefined, 'debtor-account', 10_000, 69_999) ??
      SKR03_DEFAULTS.debtorAccount,
    revenueAccounts,
  };
}

const euros = (cents: number) =>
  `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;

function seriesText(label: string, series: MonthSeries): string {
  if (series.count === 0) return `no ${label}`;
  const gap = series.missing > 0 ? `; ${series.missing} number(s) in between are not of this month` : '';
  return `${series.count} ${label} ${series.first} to ${series.last}${gap}`;
}

function summaryText(register: InvoiceRegister): string {
  return [
    `Rechnungsausgangsbuch ${register.month} (Europe/Berlin): ${seriesText('invoice(s)', register.invoices)}, ${seriesText('Rechnungskorrektur(en)', register.corrections)}.`,
    ...register.rates.map(
      (t) =>
        `  ${t.rate} %: net ${euros(t.netCents)}, VAT ${euros(t.vatCents)}, gross ${euros(t.grossCents)}`,
    ),
    `  Total (EUR, corrections subtracted): net ${euros(register.totals.netCents)}, VAT ${euros(register.totals.vatCents)}, gross ${euros(register.totals.grossCents)}`,
    ...(register.invoices.missing + register.corrections.missing > 0
      ? ['  Numbers of the range dated in another month or missing: lp-api invoices check.']
      : []),
  ].join('\n');
}

function checkText(check: SeriesCheck): string {
  const range = (s: SeriesCheck['invoices']) =>
    s.count === 0 ? 'none' : `${s.count}, ${s.first} to ${s.last}`;
  const head = [
    `Invoices (RE): ${range(check.invoices)}; counter ${check.invoices.counter}.`,
    `Rechnungskorrekturen (RK): ${range(check.corrections)}; counter ${check.corrections.counter}.`,
  ];
  if (check.findings.length === 0)
    return [...head, 'Both series are complete and every stored amount adds up.'].join('\n');
  return [
    ...head,
    `${check.findings.length} finding(s):`,
    ...check.findings.map((finding) => `  ${finding.series} ${finding.kind}: ${finding.text}`),
  ].join('\n');
}

/** Writes the file to stdout (a reader that stops early is cli.ts's `ignoreClosedStdout`). */
function writeStdout(data: string | Buffer): void {
  process.stdout.write(data);
}

/** Where the file goes: `--out` (relative to where the operator typed the command, as DATA_DIR), else stdout. */
function outPath(out: string, env: Env): string {
  return isAbsolute(out) ? out : resolve(env.INIT_CWD ?? process.cwd(), out);
}

/**
 * `lp-api invoices --month YYYY-MM [--format csv|datev] [--out file]` and `lp-api invoices check [--json]`: the
 * month's Rechnungsausgangsbuch for the tax adviser and the series check for the Betriebsprüfer. Reads only (one
 * read-only snapshot). Answers the exit code: 0 done, 1 refused or (check) findings, 2 usage.
 */
export async function runInvoicesCli(
  argv: string[],
  {
    env = process.env,
    output = consoleOutput,
    open = openOperatorDb,
    write = writeStdout,
    now = () => new Date(),
  }: {
    env?: Env;
    output?: CliOutput;
    open?: (env: Env) => Promise<Db>;
    write?: (data: string | Buffer) => void;
    now?: () => Date;
  } = {},
): Promise<number> {
  const parsed = parseCommandArgs(
    argv,
    {
      month: { type: 'string' },
      format: { type: 'string' },
      out: { type: 'string' },
      consultant: { type: 'string' },
      client: { type: 'string' },
      'fiscal-year-start': { type: 'string' },
      'debtor-account': { type: 'string' },
      'revenue-account': { type: 'string', multiple: true },
    },
    INVOICES_USAGE,
    output,
  );
  if (!parsed) return 2;
  const { values, positionals } = parsed;
  if (values.help || positionals[0] === 'help') {
    output.out(INVOICES_USAGE);
    return 0;
  }
  const usage = (message: string) => {
    output.err(`${message}\n\n${INVOICES_USAGE}`);
    return 2;
  };
  const [action, extra] = positionals;
  if ((action !== undefined && action !== 'check') || extra !== undefined)
    return usage(`Unexpected '${String(extra ?? action).slice(0, 40)}'.`);
  const datevOptions = [
    'consultant',
    'client',
    'fiscal-year-start',
    'debtor-account',
    'revenue-account',
  ] as const;
  const exportOptions = ['month', 'format', 'out', ...datevOptions] as const;
  if (action === 'check') {
    const stray = exportOptions.find((name) => values[name] !== undefined);
    if (stray) return usage(`--${stray} is not an option of 'invoices check'.`);
    return onOperatorDb(open, env, output, async (db) => {
      const check = await readOnly(db, seriesCheck);
      output.out(values.json ? JSON.stringify(check, null, 2) : checkText(check));
      return check.findings.length === 0 ? 0 : 1;
    });
  }
  if (values.json) return usage('--json is an option of "invoices check"; the export is a file.');
  if (values.month === undefined) return usage('--month <YYYY-MM> is missing.');
  let month: string;
  let settings: DatevSettings | undefined;
  const format = values.format ?? 'csv';
  try {
    month = checkMonth(values.month);
    if (format !== 'csv' && format !== 'datev')
      throw new UsageError(`--format is csv or datev; got '${format.slice(0, 40)}'.`);
    if (format === 'datev') settings = datevSettings(values);
    else {
      const stray = datevOptions.find((name) => values[name] !== undefined);
      if (stray) throw new UsageError(`--${stray} belongs to --format datev.`);
    }
  } catch (error) {
    return usage((error as Error).message);
  }
  const file = values.out === undefined ? undefined : outPath(values.out, env);
  if (file !== undefined && existsSync(file)) {
    output.err(`${file} exists: give another --out, or delete it first (an export never overwrites a file).`);
    return 1;
  }
  return onOperatorDb(open, env, output, async (db) => {
    const register = await readOnly(db, (tx) => invoiceRegister(tx, month));
    let data: string | Buffer;
    if (settings) {
      const unmapped = unmappedRates(register, settings);
      if (unmapped.length > 0) {
        output.err(
          `${register.month} has documents at ${unmapped.join(' %, ')} % VAT, which have no revenue account: give --revenue-account ${unmapped[0]}=<account> (an Automatikkonto of that rate; ask the tax adviser).`,
        );
        return 1;
      }
      data = datevBuchungsstapel(register, settings, now());
    } else {
      data = registerCsv(register);
    }
    if (file === undefined) {
      write(data);
      output.err(summaryText(register));
      return 0;
    }
    try {
      // Owner only (0600): buyers' names and amounts, for the tax adviser, not for every user of the server.
      writeFileSync(file, data, { flag: 'wx', mode: 0o600 });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      output.err(
        code === 'ENOENT'
          ? `The folder of ${file} does not exist.`
          : code === 'EEXIST'
            ? `${file} exists: give another --out, or delete it first (an export never overwrites a file).`
            : `${file} could not be written (${code ?? (error as Error).message}).`,
      );
      return 1;
    }
    output.out(`${summaryText(register)}\nWritten to ${file}.`);
    return 0;
  });
}
