// Session 19, books: the shop owner's tax adviser asks every month for the Rechnungsausgangsbuch and a DATEV import,
// a Betriebsprüfer whether the invoice numbers are complete. `lp-api invoices --month YYYY-MM [--format csv|datev]`
// exports every invoice (RE) and Rechnungskorrektur (RK) of the Berlin month (`lp-api invoices check`, which checks
// both series, in invoiceCheck.test.ts). Real database (PGlite, and PostgreSQL with TEST_DATABASE_URL), orders placed and paid through the API.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DATEV_COLUMNS,
  SKR03_DEFAULTS,
  datevBuchungsstapel,
  windows1252,
} from '../src/bookkeeping/datevExport';
import { inMonth } from '../src/berlinCalendar';
import { readOnly } from '../src/bookkeeping/invoiceRegister';
import { runInvoicesCli } from '../src/bookkeeping/invoicesCli';
import { createApi } from '../src/createApi';
import { decimalComma, textCell } from '../src/bookkeeping/registerCsv';
import { cellsOf, cents, invoiceCommands, rowsOf } from './support/invoiceCommands';
import { type Api, address, makeApi, savedOrder } from './support/testApi';

let api: Api;
let dir: string;
beforeAll(async () => {
  api = await makeApi();
  dir = mkdtempSync(join(tmpdir(), 'lp-invoices-'));
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await api.close();
});

const { statements, cli, paidAt, refund } = invoiceCommands(() => api);

describe('lp-api invoices --month (CSV)', () => {
  it("lists the Berlin month's invoices and corrections in number order, totals equal to the database's", async () => {
    const october = await paidAt('2031-10-31T23:30:00+01:00');
    // 1 November 00:30 in Berlin is still 31 October in UTC.
    const first = await paidAt('2031-11-01T00:30:00+01:00', 2);
    const company = await paidAt('2031-11-15T12:00:00+01:00', 3, {
      ...address,
      name: 'Jörg',
      lastName: 'Weiß',
      company: '=HYPERLINK("http://evil.example";"Rabatt")',
    });
    const last = await paidAt('2031-11-30T23:59:00+01:00');
    await paidAt('2031-12-01T00:00:00+01:00');
    await savedOrder(api); // saved, never paid: no invoice
    const partial = await refund(first.orderNumber, '1,00', '2031-11-20T10:00:00+01:00');
    // A refund in November of an October invoice is November's correction (§ 17 (1) UStG).
    const whole = await refund(october.orderNumber, null, '2031-11-21T10:00:00+01:00');

    const result = await cli(['--month', '2031-11']);
    expect(result.code).toBe(0);
    const csv = result.data as string;
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(csv.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/);
    const [header, ...rows] = rowsOf(csv);
    expect(header).toEqual([
      'Belegnummer',
      'Belegdatum',
      'Belegart',
      'Bestellnummer',
      'Kunde',
      'Firma',
      'Netto 19 %',
      'USt 19 %',
      'Brutto',
      'Zahlungsart',
      'Berichtigt Rechnung',
      'USt-IdNr. Kunde',
      'Referenz Kunde',
    ]);
    expect(rows.map((row) => [row[0], row[1], row[2], row[3], row[10]])).toEqual([
      [first.invoiceNumber, '01.11.2031', 'Rechnung', first.orderNumber, ''],
      [company.invoiceNumber, '15.11.2031', 'Rechnung', company.orderNumber, ''],
      [last.invoiceNumber, '30.11.2031', 'Rechnung', last.orderNumber, ''],
      [partial, '20.11.2031', 'Rechnungskorrektur', first.orderNumber, first.invoiceNumber],
      [whole, '21.11.2031', 'Rechnungskorrektur', october.orderNumber, october.invoiceNumber],
    ]);
    // The shopper's company starting with "=" is text, not a formula; the quotes in it are CSV-escaped.
    expect(csv).toContain(`;Jörg Weiß;"'=HYPERLINK(""http://evil.example"";""Rabatt"")";`);
    expect(rows[0]!.slice(6, 10)).toEqual([
      decimalComma(first.gross - first.vat),
      decimalComma(first.vat),
      decimalComma(first.gross),
      'PayPal',
    ]);
    // The whole refund of the October order takes back its gross and VAT exactly.
    expect(rows[4]!.slice(6, 9)).toEqual([
      decimalComma(-(october.gross - october.vat)),
      decimalComma(-october.vat),
      decimalComma(-october.gross),
    ]);

    const [db] = await api.db.query<{ gross: string; vat: string }>(
      `SELECT (SELECT sum(cart_cents - discount_cents + shipping_cents) FROM orders WHERE ${inMonth('invoiced_at', '$1')})
              - (SELECT sum(amount_cents) FROM refunds WHERE ${inMonth('refunded_at', '$1')}) AS gross,
              (SELECT sum(vat_cents) FROM orders WHERE ${inMonth('invoiced_at', '$1')})
              - (SELECT sum(vat_cents) FROM refunds WHERE ${inMonth('refunded_at', '$1')}) AS vat`,
      ['2031-11'],
    );
    const column = (index: number) => rows.reduce((sum, row) => sum + cents(row[index]), 0);
    expect(column(8)).toBe(Number(db!.gross));
    expect(column(7)).toBe(Number(db!.vat));
    expect(column(6) + column(7)).toBe(column(8));
    expect(result.err).toContain(
      `Rechnungsausgangsbuch 2031-11 (Europe/Berlin): 3 invoice(s) ${first.invoiceNumber} to ${last.invoiceNumber}, 2 Rechnungskorrektur(en) ${partial} to ${whole}.`,
    );
    expect(result.err).toContain(
      `Total (EUR, corrections subtracted): net ${(column(6) / 100).toFixed(2)}, VAT ${(column(7) / 100).toFixed(2)}, gross ${(column(8) / 100).toFixed(2)}`,
    );
  });

  it('writes the header only for a month without invoices (exit 0)', async () => {
    const result = await cli(['--month', '2030-02']);
    expect(result.code).toBe(0);
    expect(rowsOf(result.data as string)).toHaveLength(1);
    expect(result.err).toContain('2030-02 (Europe/Berlin): no invoice(s), no Rechnungskorrektur(en).');
  });

  it('writes --out once and never overwrites a file', async () => {
    const file = join(dir, 'rechnungsausgang-2031-11.csv');
    const written = await cli(['--month', '2031-11', '--out', file]);
    expect(written.code).toBe(0);
    expect(written.out).toContain(`Written to ${file}.`);
    expect(readFileSync(file, 'utf8')).toMatch(/^\uFEFFBelegnummer;/);
    // Buyers' names and amounts: the owner's alone, whatever the umask (session 23, operator).
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const again = await cli(['--month', '2031-11', '--out', file]);
    expect(again).toMatchObject({
      code: 1,
      err: `${file} exists: give another --out, or delete it first (an export never overwrites a file).`,
    });
    const missing = await cli(['--month', '2031-11', '--out', join(dir, 'nope', 'x.csv')]);
    expect(missing).toMatchObject({
      code: 1,
      err: `The folder of ${join(dir, 'nope', 'x.csv')} does not exist.`,
    });
  });

  it('neutralises every cell a spreadsheet would take for a formula', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) expect(textCell(`${start}1+1`)).toMatch(/^"?'/);
    expect(textCell('Müller; Söhne')).toBe('"Müller; Söhne"');
    expect(textCell('Autohaus Meyer')).toBe('Autohaus Meyer');
    expect(decimalComma(-123456)).toBe('-1234,56');
    expect(decimalComma(5)).toBe('0,05');
  });

  it('refuses wrong input with one line and exit 2, before opening the database', async () => {
    statements.length = 0;
    const cases: [string[], string][] = [
      [['--month', '2026-13'], "The month must be written YYYY-MM, e.g. 2026-11; got '2026-13'."],
      [['--month', '2026-1'], "The month must be written YYYY-MM, e.g. 2026-11; got '2026-1'."],
      [['--month', '1900-01'], "The month must be written YYYY-MM, e.g. 2026-11; got '1900-01'."],
      [['--month', ''], "The month must be written YYYY-MM, e.g. 2026-11; got ''."],
      [[], '--month <YYYY-MM> is missing.'],
      [['--month'], "Option '--month <value>' argument missing"],
      [['--month', '2026-11', '--format', 'xlsx'], "--format is csv or datev; got 'xlsx'."],
      [
        ['--month', '2026-11', '--format', 'datev'],
        '--format datev needs --consultant (Beraternummer) and --client (Mandantennummer).',
      ],
      [
        ['--month', '2026-11', '--format', 'datev', '--consultant', '12', '--client', '1'],
        "--consultant must be a whole number from 1001 to 9999999; got '12'.",
      ],
      [['--month', '2026-11', '--consultant', '1001'], '--consultant belongs to --format datev.'],
      [['check', '--month', '2026-11'], "--month is not an option of 'invoices check'."],
      [['--month', '2026-11', 'extra'], "Unexpected 'extra'."],
      [['--month', '2026-11', '--sum'], "Unknown option '--sum'"],
    ];
    for (const [args, message] of cases) {
      const result = await cli(args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.err.split('\n')[0], args.join(' ')).toContain(message);
      expect(result.err).not.toMatch(/\n\s+at /);
    }
    expect(statements).toEqual([]);
  });

  it('refuses a data folder that does not exist and creates nothing', async () => {
    const missing = join(dir, 'no-shop-here');
    const err: string[] = [];
    const code = await runInvoicesCli(['--month', '2026-11'], {
      env: { DATA_DIR: missing },
      output: { out: () => undefined, err: (text) => err.push(text) },
      write: () => undefined,
    });
    expect(code).toBe(1);
    expect(err.join('\n')).toBe(
      `No shop data in ${missing}: set DATA_DIR to the folder the API uses (or DATABASE_URL for PostgreSQL).`,
    );
    expect(existsSync(missing)).toBe(false);
  });

  it('only reads: every statement is a query of one read-only snapshot', async () => {
    statements.length = 0;
    expect((await cli(['--month', '2031-11'])).code).toBe(0);
    expect((await cli(['check'])).code).toBeLessThan(2);
    expect(statements[0]).toBe('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    for (const sql of statements) expect(sql).toMatch(/^\s*(SELECT|WITH|SET TRANSACTION)/);
    await expect(
      readOnly(api.db, (tx) => tx.query('UPDATE companies SET vat_rate = vat_rate')),
    ).rejects.toThrow(/read-only/);
  });
});

describe('lp-api invoices --format datev', () => {
  const datev = ['--month', '2031-11', '--format', 'datev', '--consultant', '29098', '--client', '55003'];

  it('writes a DATEV Buchungsstapel: EXTF header, the 125 columns, one gross booking per document', async () => {
    const result = await cli(datev);
    expect(result.code).toBe(0);
    const buffer = result.data as Buffer;
    const lines = buffer.toString('latin1').split('\r\n');
    expect(lines.at(-1)).toBe('');
    expect(lines[0]).toBe(
      '"EXTF";700;21;"Buchungsstapel";13;20311202101530123;;"RE";"";"";29098;55003;20310101;4;20311101;20311130;"Rechnungsausgang 2031-11";"";1;0;0;"EUR";;"";;;"03";;;"";""',
    );
    expect(lines[0]!.split(';')).toHaveLength(31);
    expect(lines[1]!.split(';')).toHaveLength(125);
    expect(lines[1]).toBe(DATEV_COLUMNS.join(';'));
    const rows = lines.slice(2, -1).map(cellsOf);
    expect(rows).toHaveLength(5);
    for (const row of rows) expect(row).toHaveLength(125);
    const [invoice] = rows;
    const [order] = await api.db.query<{ invoice_number: string; order_number: string; gross: number }>(
      `SELECT invoice_number, order_number, cart_cents - discount_cents + shipping_cents AS gross FROM orders
        WHERE ${inMonth('invoiced_at', '$1')} ORDER BY invoiced_at LIMIT 1`,
      ['2031-11'],
    );
    expect(invoice!.slice(0, 14)).toEqual([
      decimalComma(Number(order!.gross)),
      '"S"',
      '"EUR"',
      '',
      '',
      '',
      '10000',
      '8400',
      '',
      '0111',
      `"${order!.invoice_number}"`,
      '',
      '',
      `"${order!.order_number} Max Mustermann"`,
    ]);
    expect(invoice![DATEV_COLUMNS.indexOf('Festschreibung')]).toBe('0');
    // Corrections credit the customers' account; debits minus credits are the month's gross in the CSV.
    expect(rows.map((row) => row[1])).toEqual(['"S"', '"S"', '"S"', '"H"', '"H"']);
    expect(rows[3]![13]).toMatch(/^"Korrektur RE-2031-\d{6} LP-/);
    const net = rows.reduce((sum, row) => sum + (row[1] === '"S"' ? 1 : -1) * cents(row[0]), 0);
    const csv = rowsOf((await cli(['--month', '2031-11'])).data as string).slice(1);
    expect(net).toBe(csv.reduce((sum, row) => sum + cents(row[8]), 0));
    // Windows-1252: "Jörg Weiß" as single bytes, no UTF-8 sequences.
    expect(buffer.includes(Buffer.from('J\xf6rg Wei\xdf', 'latin1'))).toBe(true);
    expect(buffer.includes(Buffer.from('Jörg', 'utf8'))).toBe(false);
  });

  it('takes the owner’s accounts and fiscal year, and refuses a rate it has no account for', async () => {
    const own = await cli([
      ...datev,
      '--debtor-account',
      '12000',
      '--revenue-account',
      '19=8410',
      '--fiscal-year-start',
      '07',
    ]);
    const lines = (own.data as Buffer).toString('latin1').split('\r\n');
    expect(lines[0]).toContain(';29098;55003;20310701;4;20311101;20311130;');
    expect(lines[2]!.split(';').slice(6, 8)).toEqual(['12000', '8410']);
    await paidAt('2031-09-10T10:00:00+02:00');
    await api.db.query(
      `UPDATE orders SET vat_rate = 16, vat_cents = ((2 * (cart_cents - discount_cents + shipping_cents) * 16 + 116) / 232)
        WHERE ${inMonth('invoiced_at', '$1')}`,
      ['2031-09'],
    );
    const september = [
      '--month',
      '2031-09',
      '--format',
      'datev',
      '--consultant',
      '29098',
      '--client',
      '55003',
    ];
    const refused = await cli(september);
    expect(refused.code).toBe(1);
    expect(refused.err).toBe(
      '2031-09 has documents at 16 % VAT, which have no revenue account: give --revenue-account 16=<account> (an Automatikkonto of that rate; ask the tax adviser).',
    );
    const mapped = await cli([...september, '--revenue-account', '16=8340']);
    expect(mapped.code).toBe(0);
    expect((mapped.data as Buffer).toString('latin1').split('\r\n')[2]!.split(';')[7]).toBe('8340');
    expect(rowsOf((await cli(['--month', '2031-09'])).data as string)[0]).toContain('USt 16 %');
  });

  it('leaves out a document of 0 € (DATEV refuses a zero Umsatz)', () => {
    const entry = {
      kind: 'invoice' as const,
      number: 'RE-2031-000001',
      date: '2031-11-03',
      orderNumber: 'LP-2031-000001',
      name: 'Erika Musterfrau',
      company: '',
      paymentMethod: 'PayPal',
      corrects: null,
      vatRate: 19,
      netCents: 0,
      vatCents: 0,
      grossCents: 0,
    };
    const register = {
      month: '2031-11',
      entries: [entry, { ...entry, number: 'RE-2031-000002', netCents: 412, vatCents: 78, grossCents: 490 }],
      invoices: { first: 'RE-2031-000001', last: 'RE-2031-000002', count: 2, missing: 0 },
      corrections: { first: null, last: null, count: 0, missing: 0 },
      rates: [{ rate: 19, netCents: 412, vatCents: 78, grossCents: 490 }],
      totals: { netCents: 412, vatCents: 78, grossCents: 490 },
    };
    const settings = { consultant: 1001, client: 1, fiscalYearStartMonth: 1, ...SKR03_DEFAULTS };
    const lines = datevBuchungsstapel(register, settings, new Date()).toString('latin1').split('\r\n');
    expect(
      lines.slice(2, -1).map((line) => line.split(';').slice(0, 1).concat(line.split(';')[10]!)),
    ).toEqual([['4,90', '"RE-2031-000002"']]);
  });

  it('encodes Windows-1252 and drops what a DATEV text field may not hold', () => {
    expect([...windows1252('€ „Ä“ Ł\u0007\r\n')]).toEqual([
      0x80, 0x20, 0x84, 0xc4, 0x93, 0x20, 0x3f, 0x20, 0x0d, 0x0a,
    ]);
  });
});

describe('lp-api invoices as a process', () => {
  // `lp-api invoices --month … | head -1`: head closes the pipe after one line; the next write failed with EPIPE and
  // the process died with "Unhandled 'error' event" and a stack trace. The DATEV file is bigger than a pipe's buffer.
  it('ends quietly when the reader of stdout stops early', async () => {
    const dataDir = join(dir, 'pipe-shop');
    await (
      await createApi({ dataDir, rateLimit: false, loadShedding: false, uploadDir: join(dir, 'up') })
    ).close();
    const cli = new URL('../src/cli.ts', import.meta.url).pathname;
    const child = spawn(
      process.execPath,
      ['--conditions=source', '--import', 'tsx', cli, 'invoices', '--month', '2031-11'],
      {
        cwd: new URL('..', import.meta.url).pathname,
        env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    child.stdout.destroy();
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    const code = await new Promise((resolve) => child.once('exit', resolve));
    expect(stderr).not.toContain('EPIPE');
    expect(stderr).toContain('Rechnungsausgangsbuch 2031-11');
    expect(code).toBe(0);
  }, 60_000);
});
