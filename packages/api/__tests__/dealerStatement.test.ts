// The shop owner pays dealers a commission on the sales their pages brought (issue 12's credit). `lp-api dealer
// statement --id … --month YYYY-MM` lists the dealer's paid orders invoiced in that calendar month in Berlin, with
// the goods' gross and net amounts; nothing of other dealers, of the shop alone, unpaid or of other months.
// Real database (PGlite, and PostgreSQL with TEST_DATABASE_URL), real payments through the sandbox.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dealerPaths, paths, withdrawalPaths } from '@lp/sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/Db';
import { runDealerCli } from '../src/dealers/dealerCli';
import { addDealer } from '../src/dealers/dealerRepo';
import { runFulfilmentCli } from '../src/fulfilment/fulfilmentCli';
import { dealerStatement, statementAnswer } from '../src/dealers/dealerStatement';
import { type Api, addBody, call, expectError, makeApi, payCart, saveBody } from './support/testApi';

let api: Api;
beforeAll(async () => {
  api = await makeApi();
  await addDealer(api.db, { id: 'autohaus-meyer', name: 'Autohaus Meyer', origins: [] });
  await addDealer(api.db, { id: 'schulze-kfz', name: 'Schulze KFZ', origins: [] });
});
afterAll(() => api.close());

/** A paid order of `quantity` holders (4.90 EUR each) credited to `dealer` (or to nobody), invoiced at `at`. */
async function paidSale(dealer: string | null, quantity: number, at: string) {
  const body = { ...addBody('KZH-001', quantity), ...(dealer ? { dealer } : {}) };
  const cart = await call(api, 'POST', paths.cart.addItem, { body });
  expect(cart.status).toBe(200);
  const order = await payCart(api, (cart.body as { cartGuid: string }).cartGuid);
  await api.db.query('UPDATE orders SET invoiced_at = $2::timestamptz WHERE header_guid = $1::uuid', [
    order.headerGuid,
    at,
  ]);
  const [row] = await api.db.query<{ invoice_number: string; shipping_cents: number }>(
    'SELECT invoice_number, shipping_cents FROM orders WHERE header_guid = $1::uuid',
    [order.headerGuid],
  );
  return { ...order, invoiceNumber: row!.invoice_number, shippingCents: Number(row!.shipping_cents) };
}

async function cli(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const open = async () => ({ ...api.db, close: async () => undefined }) as unknown as Db;
  const code = await runDealerCli(args, {
    output: { out: (text) => out.push(text), err: (text) => err.push(text) },
    open,
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('lp-api dealer statement', () => {
  it("lists the month's paid orders of the dealer by Berlin invoice date, with goods gross and net", async () => {
    // 31 October 23:30 in Berlin (CET) is October; 1 November 00:30 in Berlin is still 31 October in UTC.
    const october = await paidSale('autohaus-meyer', 1, '2026-10-31T23:30:00+01:00');
    const first = await paidSale('autohaus-meyer', 2, '2026-11-01T00:30:00+01:00');
    const second = await paidSale('autohaus-meyer', 1, '2026-11-30T23:59:00+01:00');
    await paidSale('schulze-kfz', 3, '2026-11-10T12:00:00+01:00');
    await paidSale(null, 1, '2026-11-10T12:00:00+01:00');
    // Saved but never paid: no invoice, not the dealer's sale yet.
    const unpaid = await call(api, 'POST', paths.cart.addItem, {
      body: { ...addBody('KZH-001', 5), dealer: 'autohaus-meyer' },
    });
    const cartGuid = (unpaid.body as { cartGuid: string }).cartGuid;
    expect((await call(api, 'POST', paths.order.save, { body: saveBody(), cartGuid })).status).toBe(200);

    const statement = await dealerStatement(api.db, 'autohaus-meyer', '2026-11');
    expect(statement.orders.map((o) => [o.orderNumber, o.invoiceDate])).toEqual([
      [first.orderNumber, '2026-11-01'],
      [second.orderNumber, '2026-11-30'],
    ]);
    // 2 x 4.90 = 9.80 gross at 19 %: 1.56 VAT, 8.24 net; 4.90: 0.78 VAT, 4.12 net.
    expect(statement.orders[0]).toMatchObject({
      invoiceNumber: first.invoiceNumber,
      goodsGrossCents: 980,
      goodsNetCents: 824,
      shippingCents: first.shippingCents,
      totalGrossCents: 980 + first.shippingCents,
      vatRate: 19,
      withdrawalDeclared: false,
    });
    expect(statement.totals).toEqual({
      orders: 2,
      refunds: 0,
      goodsGrossCents: 1470,
      goodsNetCents: 824 + 412,
      totalGrossCents: 1470 + first.shippingCents + second.shippingCents,
    });
    const octoberStatement = await dealerStatement(api.db, 'autohaus-meyer', '2026-10');
    expect(octoberStatement.orders.map((o) => o.orderNumber)).toEqual([october.orderNumber]);

    const text = await cli(['statement', '--id', 'autohaus-meyer', '--month', '2026-11']);
    expect(text.code).toBe(0);
    expect(text.out).toContain('Statement for dealer autohaus-meyer, 2026-11');
    expect(text.out).toMatch(
      new RegExp(`${first.invoiceNumber} +${first.orderNumber} +2026-11-01 +9\\.80 +8\\.24`),
    );
    expect(text.out).toContain('2 order(s): goods 14.70 gross, 12.36 net');
    const json = JSON.parse(
      (await cli(['statement', '--id', 'autohaus-meyer', '--month', '2026-11', '--json'])).out,
    );
    expect(json).toEqual(statement);
  });

  it('marks an order a withdrawal was declared for', async () => {
    const sale = await paidSale('schulze-kfz', 1, '2026-12-05T10:00:00+01:00');
    const withdrawn = await call(api, 'POST', withdrawalPaths.withdraw, {
      body: { name: 'Erika Musterfrau', orderNumber: sale.orderNumber, email: 'erika@example.de' },
    });
    expect(withdrawn.status).toBe(201);
    const statement = await dealerStatement(api.db, 'schulze-kfz', '2026-12');
    expect(statement.orders).toMatchObject([{ orderNumber: sale.orderNumber, withdrawalDeclared: true }]);
    expect((await cli(['statement', '--id', 'schulze-kfz', '--month', '2026-12'])).out).toContain(
      `Withdrawal declared for ${sale.orderNumber}`,
    );
  });

  // The refund's Rechnungskorrektur in the text as in --json: the text's totals included refunds the lines left out.
  it('prints a refund recorded in the month as a negative line, and the totals that include it', async () => {
    await addDealer(api.db, { id: 'kfz-erstattung', name: 'KFZ Erstattung', origins: [] });
    const sale = await paidSale('kfz-erstattung', 1, '2027-01-05T10:00:00+01:00');
    const noMail = { send: async () => undefined };
    const open = async () => ({ ...api.db, close: async () => undefined }) as unknown as Db;
    const output = { out: () => undefined, err: () => undefined };
    expect(
      await runFulfilmentCli(['refund', sale.orderNumber], { output, open, mail: noMail, env: {} }),
    ).toBe(0);
    const [refund] = await api.db.query<{ number: string; month: string }>(
      `SELECT r.credit_note_number AS number,
              to_char(r.refunded_at AT TIME ZONE 'Europe/Berlin', 'YYYY-MM') AS month
         FROM refunds r JOIN orders o ON o.id = r.order_id WHERE o.order_number = $1`,
      [sale.orderNumber],
    );
    const text = (await cli(['statement', '--id', 'kfz-erstattung', '--month', refund!.month])).out;
    expect(text).toMatch(
      new RegExp(`${refund!.number} +${sale.orderNumber} +\\d{4}-\\d\\d-\\d\\d +-4\\.90 +-4\\.12`),
    );
    expect(text).toContain(
      '0 order(s), 1 refund(s) (Rechnungskorrektur, negative lines): goods -4.90 gross, -4.12 net',
    );
  });

  it('lists invoices in number order when the counter outgrows six digits', async () => {
    await addDealer(api.db, { id: 'zaehler-kfz', name: 'Zähler KFZ', origins: [] });
    const low = await paidSale('zaehler-kfz', 1, '2027-03-10T12:00:00+01:00');
    const high = await paidSale('zaehler-kfz', 1, '2027-03-11T12:00:00+01:00');
    // RE-2027-999999 and the next one, RE-2027-1000000 (the counter is padded to six digits, not cut).
    for (const [sale, number] of [
      [low, 'RE-2027-999999'],
      [high, 'RE-2027-1000000'],
    ] as const)
      await api.db.query('UPDATE orders SET invoice_number = $2 WHERE header_guid = $1::uuid', [
        sale.headerGuid,
        number,
      ]);
    const statement = await dealerStatement(api.db, 'zaehler-kfz', '2027-03');
    expect(statement.orders.map((o) => o.invoiceNumber)).toEqual(['RE-2027-999999', 'RE-2027-1000000']);
  });

  it('says so for a month without sales, and refuses an unknown dealer or a malformed month', async () => {
    expect((await cli(['statement', '--id', 'autohaus-meyer', '--month', '2025-01'])).out).toContain(
      'No paid orders or refunds credited to this dealer in 2025-01.',
    );
    expect(await cli(['statement', '--id', 'niemand', '--month', '2026-11'])).toMatchObject({
      code: 1,
      err: "No dealer 'niemand' is registered (see: dealer list).",
    });
    for (const month of ['2026-13', '26-11', '2026-1', "2026-11'; DROP TABLE orders; --", '１９９９-01']) {
      const result = await cli(['statement', '--id', 'autohaus-meyer', '--month', month]);
      expect(result.code).toBe(1);
      expect(result.err).toContain('The month must be written YYYY-MM');
    }
    expect((await cli(['statement', '--id', 'autohaus-meyer'])).code).toBe(2);
  });

  // Session 18 review: the statement opened its database as `dealer add` does, creating a missing PGlite folder. A
  // mistyped DATA_DIR made a new, empty shop there (40 MB) and answered "No dealer … is registered".
  // Session 19: `dealer list` (and the commands that change a registered dealer) did the same.
  it('refuses a data folder that holds no shop, and creates nothing there', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lp-statement-'));
    try {
      const dataDir = join(dir, 'pglite-typo');
      for (const args of [
        ['statement', '--id', 'autohaus-meyer', '--month', '2026-11'],
        ['list'],
        ['add-origin', '--id', 'autohaus-meyer', '--origin', 'https://autohaus-meyer.example'],
        ['remove-origin', '--id', 'autohaus-meyer', '--origin', 'https://autohaus-meyer.example'],
        ['rotate-key', '--id', 'autohaus-meyer'],
      ]) {
        const err: string[] = [];
        const code = await runDealerCli(args, {
          env: { DATA_DIR: dataDir },
          output: { out: () => undefined, err: (text) => err.push(text) },
        });
        expect({ args, code }).toEqual({ args, code: 1 });
        expect(err.join('\n')).toContain(`No shop data in ${dataDir}`);
        expect(existsSync(dataDir)).toBe(false);
      }
      // Dealers are registered before a first start: `add` makes the folder, and the others then work on it.
      const out: string[] = [];
      const quiet = {
        env: { DATA_DIR: dataDir },
        output: { out: (text: string) => out.push(text), err: () => undefined },
      };
      expect(await runDealerCli(['add', '--id', 'autohaus-neu', '--name', 'Autohaus Neu'], quiet)).toBe(0);
      expect(await runDealerCli(['list'], quiet)).toBe(0);
      expect(out.at(-1)).toContain('autohaus-neu  Autohaus Neu');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

// Session 19: the dealer reads the same statement with its key, in the contract's euro amounts.
describe('GET /api/dealer/statement', () => {
  const read = (query: string, key?: string) =>
    call(api, 'GET', `${dealerPaths.statement}${query}`, {
      headers: key === undefined ? {} : { authorization: `Bearer ${key}` },
    });

  it("answers the key's dealer the operator's statement of a month, in euro, and nothing of other dealers", async () => {
    const { key } = await addDealer(api.db, { id: 'autohaus-api', name: 'Autohaus API', origins: [] });
    const other = await addDealer(api.db, { id: 'andere-api', name: 'Andere API', origins: [] });
    const first = await paidSale('autohaus-api', 2, '2026-09-03T09:00:00+02:00');
    await paidSale('autohaus-api', 1, '2026-09-30T23:30:00+02:00');
    await paidSale('andere-api', 4, '2026-09-10T12:00:00+02:00');

    const answer = await read('?month=2026-09', key);
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.body).toEqual(
      statementAnswer(await dealerStatement(api.db, 'autohaus-api', '2026-09'), new Date()),
    );
    expect(answer.body).toMatchObject({
      month: '2026-09',
      closed: true,
      orders: [
        {
          invoiceNumber: first.invoiceNumber,
          orderNumber: first.orderNumber,
          invoiceDate: '2026-09-03',
          goodsGross: 9.8,
          goodsNet: 8.24,
          shipping: first.shippingCents / 100,
          total: (980 + first.shippingCents) / 100,
          vatRate: 19,
          withdrawalDeclared: false,
        },
        { invoiceDate: '2026-09-30', goodsGross: 4.9, goodsNet: 4.12 },
      ],
      refunds: [],
      totals: { orders: 2, refunds: 0, goodsGross: 14.7, goodsNet: 12.36 },
    });
    const theirs = await read('?month=2026-09', other.key);
    expect(theirs.body).toMatchObject({ totals: { orders: 1, goodsGross: 19.6 } });
    expect(JSON.stringify(theirs.body)).not.toContain(first.orderNumber);
    expect((await read('?month=2026-08', key)).body).toMatchObject({ closed: true, orders: [], refunds: [] });
  });

  it('says whether the month is over in Berlin', () => {
    const empty = {
      dealerId: 'x',
      month: '2026-11',
      orders: [],
      refunds: [],
      totals: { orders: 0, refunds: 0, goodsGrossCents: 0, goodsNetCents: 0, totalGrossCents: 0 },
    };
    // 30 November 23:30 UTC is 1 December 00:30 in Berlin.
    expect(statementAnswer(empty, new Date('2026-11-30T22:59:00Z')).closed).toBe(false);
    expect(statementAnswer(empty, new Date('2026-11-30T23:00:00Z')).closed).toBe(true);
    expect(statementAnswer({ ...empty, month: '2027-01' }, new Date('2026-12-31T12:00:00Z')).closed).toBe(
      false,
    );
  });

  it('refuses a missing or wrong key with 401 and a malformed month with 400 validation', async () => {
    const { key } = await addDealer(api.db, { id: 'monat-api', name: 'Monat API', origins: [] });
    const none = await read('?month=2026-09');
    expectError(none, 401, 'unauthorized');
    expect(none.headers['www-authenticate']).toBe('Bearer realm="dealer"');
    const wrong = await read('?month=2026-09', `lpdk_${'Z'.repeat(43)}`);
    expectError(wrong, 401, 'unauthorized');
    const missing = await read('', key);
    expectError(missing, 400, 'parameter-missing');
    for (const query of [
      '?month=',
      '?month=2026-13',
      '?month=26-11',
      '?month=2026-1',
      '?month=1999-12',
      '?month=2026-11-01',
      `?month=${encodeURIComponent("2026-11'; DROP TABLE orders; --")}`,
      `?month=${'2026-11'.repeat(5000)}`,
      '?month=2026-11&month=2026-12',
      '?month=%EF%BC%92%EF%BC%90%EF%BC%92%EF%BC%96-11',
    ]) {
      const answer = await read(query, key);
      expect(answer.status, query.slice(0, 40)).toBe(400);
      expectError(answer, 400, 'validation');
    }
  });
});
