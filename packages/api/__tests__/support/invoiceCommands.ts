// Session 19, books (split from invoiceExport.test.ts in session 20): what the tests of `lp-api invoices` share. The
// operator command runs in the test's process on the test's database (PGlite, or PostgreSQL with TEST_DATABASE_URL),
// each statement recorded to show it only reads; orders are placed and paid through the API, then dated and numbered
// into the month a test needs.
import type { Address } from '@lp/sdk/contract';
import { expect } from 'vitest';
import { runInvoicesCli } from '../../src/bookkeeping/invoicesCli';
import type { Db } from '../../src/db/Db';
import { runFulfilmentCli } from '../../src/fulfilment/fulfilmentCli';
import { type Api, addBody, address, addItem, payCart } from './testApi';

/** The commands and orders of one test file's API (`apiOf` answers it once its `beforeAll` made it). */
export function invoiceCommands(apiOf: () => Api) {
  /** Every statement the commands ran, to show they only read. */
  const statements: string[] = [];

  /** The test's database as an operator command opens it, recording each statement, closed by nobody. */
  const open = async () =>
    ({
      ...apiOf().db,
      close: async () => undefined,
      query: (sql: string, params?: readonly unknown[]) => {
        statements.push(sql);
        return apiOf().db.query(sql, params);
      },
      transaction: <T>(fn: (tx: Db) => Promise<T>) =>
        apiOf().db.transaction((tx) =>
          fn({
            ...tx,
            query: (sql: string, params?: readonly unknown[]) => {
              statements.push(sql);
              return tx.query(sql, params);
            },
          } as Db),
        ),
    }) as unknown as Db;

  async function cli(args: string[], env: Record<string, string> = {}) {
    const out: string[] = [];
    const err: string[] = [];
    const written: (string | Buffer)[] = [];
    const code = await runInvoicesCli(args, {
      output: { out: (text) => out.push(text), err: (text) => err.push(text) },
      open,
      env,
      write: (data) => written.push(data),
      now: () => new Date('2031-12-02T09:15:30.123Z'),
    });
    return { code, out: out.join('\n'), err: err.join('\n'), data: written[0] };
  }

  /** The year of a document's number follows its date, moved to `$2` by the test. */
  const renumbered = (column: string) =>
    `substring(${column} from 1 for 3) || to_char($2::timestamptz AT TIME ZONE 'Europe/Berlin', 'YYYY')
     || substring(${column} from 8)`;

  /** A paid order of `quantity` holders, its invoice dated `at` (and numbered in its year); its numbers and gross. */
  async function paidAt(at: string, quantity = 1, shippingAddress: Address = address) {
    const cart = await addItem(apiOf(), addBody('KZH-001', quantity));
    const order = await payCart(apiOf(), cart.cartGuid!, { shippingAddress });
    const [row] = await apiOf().db.query<{ invoice_number: string; gross: number; vat_cents: number }>(
      `UPDATE orders SET invoiced_at = $2::timestamptz, invoice_number = ${renumbered('invoice_number')}
        WHERE order_number = $1
       RETURNING invoice_number, cart_cents - discount_cents + shipping_cents AS gross, vat_cents`,
      [order.orderNumber, at],
    );
    return { ...order, invoiceNumber: row!.invoice_number, gross: Number(row!.gross), vat: row!.vat_cents };
  }

  async function refund(orderNumber: string, amount: string | null, at: string) {
    const args = ['refund', orderNumber, ...(amount ? ['--amount', amount] : [])];
    const output = { out: () => undefined, err: () => undefined };
    const noMail = { send: async () => undefined };
    expect(await runFulfilmentCli(args, { output, open, mail: noMail, env: {} })).toBe(0);
    const [row] = await apiOf().db.query<{ number: string }>(
      `UPDATE refunds SET refunded_at = $2::timestamptz, credit_note_number = ${renumbered('credit_note_number')}
        WHERE id = (SELECT max(r.id) FROM refunds r JOIN orders o ON o.id = r.order_id WHERE o.order_number = $1)
       RETURNING credit_note_number AS number`,
      [orderNumber, at],
    );
    return row!.number;
  }

  return { statements, open, cli, paidAt, refund };
}

/** A line's cells as written: split at each `;` outside quotes (a cell is quoted when it holds one). */
export function cellsOf(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (const char of line) {
    if (char === '"') quoted = !quoted;
    if (char === ';' && !quoted) {
      cells.push(cell);
      cell = '';
    } else cell += char;
  }
  return [...cells, cell];
}
/** The CSV's rows split into cells. */
export const rowsOf = (csv: string) => csv.slice(1).split('\r\n').filter(Boolean).map(cellsOf);
export const cents = (cell: string | undefined) =>
  cell ? Math.round(Number(cell.replace(',', '.')) * 100) : 0;
