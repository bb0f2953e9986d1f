// Session 24, calendar: the shop is German, the server runs in UTC and the database session in whatever zone it was
// given (UTC on PGlite; on PostgreSQL the server's `timezone`). A day, month or year a person reads or the law counts
// is Berlin's, at midnight, at the month's end and across the clock changes (25 October 2026 03:00 CEST -> 02:00 CET,
// 28 March 2027 02:00 CET -> 03:00 CEST). Real database (PGlite, and PostgreSQL with TEST_DATABASE_URL).
import type { OrderList } from '@lp/sdk/contract';
import { paths } from '@lp/sdk/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { berlinYear } from '../src/berlinCalendar';
import { invoiceRegister, readOnly } from '../src/bookkeeping/invoiceRegister';
import { date102 } from '../src/einvoice/ciiParts';
import { type Api, call, demoOrderFilter, loginDemo, makeApi, savedOrder } from './support/testApi';
import { invoiceCommands } from './support/invoiceCommands';

let api: Api;
beforeAll(async () => {
  api = await makeApi();
});
afterAll(async () => {
  await api.close();
});
afterEach(() => {
  vi.useRealTimers();
});

const { paidAt, refund } = invoiceCommands(() => api);

/** A saved order of the seeded demo customer, placed at `at` (an instant, UTC). */
async function demoOrderPlacedAt(at: string): Promise<string> {
  const { headerGuid } = await savedOrder(api);
  const [row] = await api.db.query<{ order_number: string }>(
    `UPDATE orders SET customer_id = 1, customer_company_id = 2001, created_at = $2::timestamptz
      WHERE header_guid = $1 RETURNING order_number`,
    [headerGuid, at],
  );
  return row!.order_number;
}

describe('the order history filter (DateFrom, DateTo)', () => {
  it('counts Berlin days, the days the order pages print, at midnight and across the clock change', async () => {
    const session = await loginDemo(api, '10.24.0.1');
    const listed = async (DateFrom: string, DateTo: string) => {
      const res = await call(api, 'POST', paths.order.list, {
        body: demoOrderFilter({ DateFrom, DateTo, RowCount: 100 }),
        headers: session,
      });
      expect(res.status).toBe(200);
      return (res.body as OrderList).items.map((order) => order.orderNumber);
    };
    // 00:30 on 1 December in Berlin (CET), still 30 November in UTC: the order page says 01.12.2026.
    const december = await demoOrderPlacedAt('2026-11-30T23:30:00Z');
    // 23:59 on 30 November in Berlin.
    const november = await demoOrderPlacedAt('2026-11-30T22:59:00Z');
    expect(await listed('2026-12-01', '2026-12-01')).toEqual([december]);
    expect(await listed('2026-11-30', '2026-11-30')).toEqual([november]);
    expect(await listed('2026-11-01', '2026-11-30')).toEqual([november]);
    // Summer time (CEST, UTC+2): 00:30 on 1 April 2027 in Berlin is 22:30 UTC on 31 March.
    const april = await demoOrderPlacedAt('2027-03-31T22:30:00Z');
    expect(await listed('2027-04-01', '2027-04-30')).toEqual([april]);
    expect(await listed('2027-03-01', '2027-03-31')).toEqual([]);
  });

  it('refuses the year 0000, which PostgreSQL does not have (it answered 500), with 400 validation', async () => {
    const session = await loginDemo(api, '10.24.0.2');
    for (const [DateFrom, DateTo] of [
      ['0000-01-01', '2026-12-31'],
      ['2026-01-01', '0000-12-31'],
    ]) {
      const res = await call(api, 'POST', paths.order.list, {
        body: demoOrderFilter({ DateFrom, DateTo }),
        headers: session,
      });
      expect(res.status).toBe(400);
      expect((res.body as { code: string }).code).toBe('validation');
    }
  });
});

describe('the order number', () => {
  it('carries the Berlin year: an order at 00:30 on New Year in Berlin is LP-2027, as its invoice RE-2027', async () => {
    const numberAt = async (instant: string) => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date(instant));
      const { headerGuid } = await savedOrder(api);
      vi.useRealTimers();
      const [row] = await api.db.query<{ order_number: string }>(
        'SELECT order_number FROM orders WHERE header_guid = $1',
        [headerGuid],
      );
      return row!.order_number;
    };
    expect(await numberAt('2026-12-31T23:30:00Z')).toMatch(/^LP-2027-\d{6}$/);
    expect(await numberAt('2026-12-31T22:59:00Z')).toMatch(/^LP-2026-\d{6}$/);
    expect(berlinYear(new Date('2027-12-31T22:59:59Z'))).toBe(2027);
    expect(berlinYear(new Date('2027-12-31T23:00:00Z'))).toBe(2028);
  });
});

// What holds (checked, kept as guards): the books' month is Berlin's at both ends and on both sides of a clock change.
describe("the books' month (lp-api invoices, DATEV, XRechnung dates)", () => {
  it('takes documents by Berlin month in the months of the clock changes, with their Berlin day', async () => {
    const september = await paidAt('2026-09-30T21:59:00Z'); // 23:59 CEST on 30 September
    const octoberFirst = await paidAt('2026-09-30T22:00:00Z'); // 00:00 CEST on 1 October
    // 02:30 on 25 October happens twice in Berlin: first in summer time (00:30 UTC), then in winter time (01:30 UTC).
    const twiceSummer = await paidAt('2026-10-25T00:30:00Z');
    const twiceWinter = await paidAt('2026-10-25T01:30:00Z');
    const octoberLast = await paidAt('2026-10-31T22:59:00Z'); // 23:59 CET on 31 October
    const november = await paidAt('2026-10-31T23:00:00Z'); // 00:00 CET on 1 November
    // A refund at 00:30 on 1 December in Berlin of a November invoice is December's Rechnungskorrektur.
    const correction = await refund(november.orderNumber, '1,00', '2026-11-30T23:30:00Z');

    const october = await readOnly(api.db, (tx) => invoiceRegister(tx, '2026-10'));
    expect(october.entries.map((e) => [e.number, e.date])).toEqual([
      [octoberFirst.invoiceNumber, '2026-10-01'],
      [twiceSummer.invoiceNumber, '2026-10-25'],
      [twiceWinter.invoiceNumber, '2026-10-25'],
      [octoberLast.invoiceNumber, '2026-10-31'],
    ]);
    const septemberBook = await readOnly(api.db, (tx) => invoiceRegister(tx, '2026-09'));
    expect(septemberBook.entries.map((e) => [e.number, e.date])).toEqual([
      [september.invoiceNumber, '2026-09-30'],
    ]);
    const novemberBook = await readOnly(api.db, (tx) => invoiceRegister(tx, '2026-11'));
    expect(novemberBook.entries.map((e) => e.number)).toEqual([november.invoiceNumber]);
    const decemberBook = await readOnly(api.db, (tx) => invoiceRegister(tx, '2026-12'));
    expect(decemberBook.entries.map((e) => [e.kind, e.number, e.date])).toEqual([
      ['correction', correction, '2026-12-01'],
    ]);

    // Spring: 28 March 2027 02:00 CET -> 03:00 CEST; 1 April 00:00 CEST is 22:00 UTC on 31 March.
    const marchLast = await paidAt('2027-03-31T21:59:00Z');
    const aprilFirst = await paidAt('2027-03-31T22:00:00Z');
    const marchFirst = await paidAt('2027-02-28T23:00:00Z'); // 00:00 CET on 1 March
    const march = await readOnly(api.db, (tx) => invoiceRegister(tx, '2027-03'));
    expect(march.entries.map((e) => [e.number, e.date])).toEqual([
      [marchLast.invoiceNumber, '2027-03-31'],
      [marchFirst.invoiceNumber, '2027-03-01'],
    ]);
    const april = await readOnly(api.db, (tx) => invoiceRegister(tx, '2027-04'));
    expect(april.entries.map((e) => [e.number, e.date])).toEqual([[aprilFirst.invoiceNumber, '2027-04-01']]);
  });

  it("dates an XRechnung (format 102) on the Berlin day, also in summer time and in the clock change's hour", () => {
    expect(date102(new Date('2026-11-30T23:30:00Z'))).toBe('20261201');
    expect(date102(new Date('2026-11-30T22:59:00Z'))).toBe('20261130');
    expect(date102(new Date('2027-03-31T22:00:00Z'))).toBe('20270401');
    expect(date102(new Date('2026-10-25T01:30:00Z'))).toBe('20261025');
  });
});
