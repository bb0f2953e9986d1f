// Session 23, accountant: the documents of the money agreement test (moneyAgreement.test.ts), read through the
// public endpoints and the operator's commands: the sandbox payment page, the order answer, the XRechnung, `lp-api
// orders refund` and the month's books (`lp-api invoices`, CSV and DATEV), which must add up to the orders placed.
import { type Order, orderEInvoicePath, paths } from '@lp/sdk/contract';
import { expect } from 'vitest';
import { runFulfilmentCli } from '../../src/fulfilment/fulfilmentCli';
import { type Tree, checkedInvoice } from './checkedInvoice';
import { invoiceCommands } from './invoiceCommands';
import { pageAmountCents, registerRows, typedAmount } from './moneyWorld';
import { type Api, call, sandboxPayment } from './testApi';

export /** The state the books must add up to: each paid order's gross and VAT, each refund. */
interface Placed {
  order: Order;
  grossCents: number;
  vatCents: number;
  refunds: { cents: number; vat: number }[];
}

/** The documents of the test API `apiOf` answers once its `beforeAll` made it. */
export function moneyDocuments(apiOf: () => Api) {
  const commands = invoiceCommands(apiOf);
  /** Pays a saved order in the sandbox; answers the amount its payment page asked for. */
  async function pay(headerGuid: string): Promise<number> {
    const path = await sandboxPayment(apiOf(), headerGuid);
    const page = await call(apiOf(), 'GET', path);
    const amount = pageAmountCents(page.raw.body);
    expect((await call(apiOf(), 'POST', `${path}/approve`)).status).toBe(303);
    return amount;
  }

  /** The XRechnung of an invoice or correction: EN 16931's sums hold; answers its totals and line nets. */
  async function eInvoice(o: Order, creditNote?: string) {
    const res = await call(
      apiOf(),
      'GET',
      `${orderEInvoicePath(o.orderNumber, creditNote)}?headerGuid=${o.headerGuid}`,
    );
    expect(res.status, String(res.body).slice(0, 300)).toBe(200);
    return checkedInvoice(res.body as string) as { totals: Record<string, number>; lines: Tree[] };
  }

  const orderOf = async (headerGuid: string) =>
    (await call(apiOf(), 'GET', `${paths.order.get}?headerGuid=${headerGuid}`)).body as Order;

  /** `lp-api orders refund` as the operator types it; answers its exit code. */
  /** `cents` typed as --amount; a string: the withdrawn lines, --lines (session 23); null: all that is left. */
  async function refundCommand(orderNumber: string, cents: number | string | null, again: boolean) {
    const args = [
      'refund',
      orderNumber,
      ...(cents === null
        ? []
        : typeof cents === 'string'
          ? ['--lines', cents]
          : ['--amount', typedAmount(cents)]),
      '--reason',
      'withdrawal',
    ];
    const open = async () => ({ ...apiOf().db, close: async () => undefined }) as never;
    const quiet = { out: () => undefined, err: () => undefined };
    return runFulfilmentCli(again ? [...args, '--again'] : args, {
      output: quiet,
      open,
      mail: { send: async () => undefined },
      env: {},
    });
  }

  /** The month's Rechnungsausgangsbuch: the sum over the orders and refunds is the book's. */
  async function checkBooks(placed: Placed[], numbers: Map<string, string[]>) {
    const months = new Set<string>();
    const berlinMonth = (iso: string) =>
      new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date(iso)).slice(0, 7);
    for (const { order } of placed) months.add(berlinMonth(order.invoice!.invoiceDate));
    const rows: ReturnType<typeof registerRows> = [];
    for (const month of months) {
      const { code, data } = await commands.cli(['--month', month]);
      expect(code).toBe(0);
      rows.push(...registerRows(String(data)));
    }
    for (const row of rows) expect(row.net + row.vat, `${row.number} net + VAT`).toBe(row.gross);
    const invoices = rows.filter((r) => r.kind === 'Rechnung');
    const corrections = rows.filter((r) => r.kind === 'Rechnungskorrektur');
    expect(invoices).toHaveLength(placed.length);
    for (const p of placed) {
      const row = invoices.find((r) => r.orderNumber === p.order.orderNumber)!;
      expect({ gross: row.gross, vat: row.vat }, p.order.orderNumber).toEqual({
        gross: p.grossCents,
        vat: p.vatCents,
      });
      const own = corrections.filter((r) => r.orderNumber === p.order.orderNumber);
      expect(own.map((r) => r.number).sort()).toEqual([...(numbers.get(p.order.orderNumber) ?? [])].sort());
      for (const r of own) expect(r.corrects).toBe(row.number);
    }
    const sum = (list: typeof rows, key: 'gross' | 'vat') => list.reduce((s, r) => s + r[key], 0);
    // The DATEV Buchungsstapel books the same gross: debits (S) for invoices, credits (H) for corrections.
    let datev = 0;
    for (const month of months) {
      const { code, data } = await commands.cli([
        '--month',
        month,
        '--format',
        'datev',
        '--consultant',
        '29098',
        '--client',
        '55003',
      ]);
      expect(code).toBe(0);
      for (const line of String(data).split('\r\n').slice(2).filter(Boolean)) {
        const [umsatz, side] = line.split(';');
        datev += (side === '"H"' ? -1 : 1) * Math.round(Number(umsatz!.replace(',', '.')) * 100);
      }
    }
    expect(datev, 'DATEV = register').toBe(sum(rows, 'gross'));
    const refunds = placed.flatMap((p) => p.refunds);
    expect(sum(invoices, 'gross'), 'books: gross of invoices').toBe(
      placed.reduce((s, p) => s + p.grossCents, 0),
    );
    expect(sum(invoices, 'vat'), 'books: VAT of invoices').toBe(placed.reduce((s, p) => s + p.vatCents, 0));
    expect(sum(corrections, 'gross'), 'books: corrections').toBe(-refunds.reduce((s, r) => s + r.cents, 0));
    expect(sum(corrections, 'vat'), 'books: corrected VAT').toBe(-refunds.reduce((s, r) => s + r.vat, 0));
  }

  return { pay, eInvoice, orderOf, refundCommand, checkBooks };
}
