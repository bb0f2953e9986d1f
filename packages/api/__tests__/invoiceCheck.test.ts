// Session 19, books (split from invoiceExport.test.ts in session 20): `lp-api invoices check`, the Betriebsprüfer's
// question whether both number series (RE invoices, RK corrections) are complete and every stored amount adds up.
// Real database (PGlite, and PostgreSQL with TEST_DATABASE_URL), orders placed and paid through the API.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceCommands, rowsOf } from './support/invoiceCommands';
import { type Api, makeApi } from './support/testApi';

let api: Api;
beforeAll(async () => {
  api = await makeApi();
});
afterAll(async () => {
  await api.close();
});

const { cli, paidAt, refund } = invoiceCommands(() => api);

describe('lp-api invoices check', () => {
  it('finds both series complete and every amount adding up', async () => {
    const result = await cli(['check']);
    expect(result.out).toContain('Both series are complete and every stored amount adds up.');
    expect(result.code).toBe(0);
  });

  it('names gaps, duplicates, the counter, a wrong year and amounts that do not add up (exit 1)', async () => {
    const a = await paidAt('2031-12-10T10:00:00+01:00');
    const b = await paidAt('2031-12-11T10:00:00+01:00');
    const c = await paidAt('2031-12-12T10:00:00+01:00');
    const d = await paidAt('2031-12-13T10:00:00+01:00');
    const counter = (number: string) => number.slice(-6);
    // b's invoice lost: a gap in the series and a paid order without invoice.
    await api.db.query(
      `UPDATE orders SET invoice_number = NULL, invoiced_at = NULL, vat_rate = NULL, vat_cents = NULL
        WHERE order_number = $1`,
      [b.orderNumber],
    );
    // d numbered again with c's counter under another year: the counter used twice.
    await api.db.query('UPDATE orders SET invoice_number = $2 WHERE order_number = $1', [
      d.orderNumber,
      `RE-2030-${counter(c.invoiceNumber)}`,
    ]);
    await api.db.query('UPDATE orders SET vat_cents = vat_cents + 1 WHERE order_number = $1', [
      a.orderNumber,
    ]);
    const rk = await refund(a.orderNumber, '2,00', '2031-12-20T10:00:00+01:00');
    await api.db.query('UPDATE refunds SET vat_cents = vat_cents + 3 WHERE credit_note_number = $1', [rk]);

    const result = await cli(['check']);
    expect(result.code).toBe(1);
    const text = result.out;
    expect(text).toContain(
      `RE gap: No document holds the 1 number(s) between ${a.invoiceNumber} and RE-2030-${counter(c.invoiceNumber)}.`,
    );
    expect(text).toContain(
      `RE duplicate: RE-2030-${counter(c.invoiceNumber)} and ${c.invoiceNumber} have the same counter.`,
    );
    expect(text).toContain(
      `RE year: RE-2030-${counter(c.invoiceNumber)} is dated in 2031, not in the year its number names.`,
    );
    expect(text).toContain(
      `RE counter: The counter stands at ${Number(counter(d.invoiceNumber))} but the highest number held is ${c.invoiceNumber}: 1 number(s) issued and not held.`,
    );
    expect(text).toContain(`RE uninvoiced: Order ${b.orderNumber} is paid but has no invoice.`);
    expect(text).toMatch(
      new RegExp(
        `RE totals: ${a.invoiceNumber}: VAT \\d+ ct stored, \\d+ ct from the gross ${a.gross} ct\\.`,
      ),
    );
    expect(text).toMatch(
      new RegExp(
        `RK totals: ${rk}: VAT \\d+ ct stored, \\d+ ct as the share of 200 ct of ${a.invoiceNumber}\\.`,
      ),
    );
    const json = JSON.parse((await cli(['check', '--json'])).out);
    expect(json.findings.map((f: { kind: string }) => f.kind).sort()).toEqual(
      ['counter', 'duplicate', 'gap', 'totals', 'totals', 'uninvoiced', 'year'].sort(),
    );
  });
});

describe('lp-api invoices check after the retention', () => {
  // A shop of its own: the series above hold the findings their test made on purpose.
  let shop: Api;
  beforeAll(async () => {
    shop = await makeApi();
  });
  afterAll(async () => {
    await shop.close();
  });
  const books = invoiceCommands(() => shop);

  it('names the numbers below the oldest invoice held, with the retention as their only good reason', async () => {
    const oldest = await books.paidAt('2031-09-10T10:00:00+02:00');
    const next = await books.paidAt('2031-09-11T10:00:00+02:00');
    expect((await books.cli(['check'])).code).toBe(0);
    // As the retention sweep deletes an expired sales record: its payments, then the order with what cascades.
    const [row] = await shop.db.query<{ id: number }>('SELECT id FROM orders WHERE order_number = $1', [
      oldest.orderNumber,
    ]);
    await shop.db.query('DELETE FROM payments WHERE order_id = $1', [row!.id]);
    await shop.db.query('DELETE FROM orders WHERE id = $1', [row!.id]);
    const result = await books.cli(['check']);
    expect(result.code).toBe(1);
    expect(result.out).toMatch(
      new RegExp(
        `RE notHeldBelow: The 1 number\\(s\\) before ${next.invoiceNumber} \\(of \\d\\d\\.\\d\\d\\.\\d{4}\\) are not held: right only if the retention deleted them`,
      ),
    );
  });
});

describe('number order', () => {
  it('orders by the counter once it outgrows six digits (RE-…-999999 before RE-…-1000000)', async () => {
    const low = await paidAt('2032-01-10T10:00:00+01:00');
    const high = await paidAt('2032-01-05T10:00:00+01:00');
    await api.db.query('UPDATE orders SET invoice_number = $2 WHERE order_number = $1', [
      low.orderNumber,
      'RE-2032-999999',
    ]);
    await api.db.query('UPDATE orders SET invoice_number = $2 WHERE order_number = $1', [
      high.orderNumber,
      'RE-2032-1000000',
    ]);
    const rows = rowsOf((await cli(['--month', '2032-01'])).data as string).slice(1);
    expect(rows.map((row) => row[0])).toEqual(['RE-2032-999999', 'RE-2032-1000000']);
  });
});
