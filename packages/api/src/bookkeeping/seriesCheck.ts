import type { Queryable } from '../db/Db';
import { refundVat } from '../fulfilment/refunds';
import { counterOf } from './invoiceRegister';

/** One thing a Prüfer would ask about (GoBD: completeness and correctness of the invoice records). */
export interface SeriesFinding {
  series: 'RE' | 'RK';
  kind: 'gap' | 'duplicate' | 'notHeldBelow' | 'counter' | 'year' | 'totals' | 'uninvoiced';
  text: string;
}

export interface SeriesCheck {
  invoices: { count: number; first: string | null; last: string | null; counter: number };
  corrections: { count: number; first: string | null; last: string | null; counter: number };
  findings: SeriesFinding[];
}

type Series = { series: 'RE' | 'RK'; table: string; column: string; at: string; counterColumn: string };
const SERIES: Series[] = [
  {
    series: 'RE',
    table: 'orders',
    column: 'invoice_number',
    at: 'invoiced_at',
    counterColumn: 'last_invoice_number',
  },
  {
    series: 'RK',
    table: 'refunds',
    column: 'credit_note_number',
    at: 'refunded_at',
    counterColumn: 'last_credit_note_number',
  },
];

/** Findings past this many per kind are counted, not listed: a broken counter must not print a million lines. */
const LISTED = 50;

async function checkSeries(tx: Queryable, s: Series, findings: SeriesFinding[]) {
  const add = (kind: SeriesFinding['kind'], text: string) => findings.push({ series: s.series, kind, text });
  const held = `SELECT company_id, ${s.column} AS number, ${counterOf(s.column)} AS counter, ${s.at} AS at
                  FROM ${s.table} WHERE ${s.column} IS NOT NULL`;
  // Neighbours in counter order: a step of 0 is a counter used twice, a step over 1 numbers no document holds.
  const steps = await tx.query<{ prev: string; number: string; step: string; missing: string }>(
    `SELECT prev, number, counter - prev_counter AS step, counter - prev_counter - 1 AS missing
       FROM (SELECT number, counter, lag(number) OVER w AS prev, lag(counter) OVER w AS prev_counter
               FROM (${held}) h WINDOW w AS (PARTITION BY company_id ORDER BY counter, number)) s
      WHERE prev_counter IS NOT NULL AND counter - prev_counter <> 1
      ORDER BY counter LIMIT ${LISTED * 2 + 1}`,
  );
  let gaps = 0;
  let duplicates = 0;
  for (const row of steps) {
    if (Number(row.step) === 0) {
      if (++duplicates <= LISTED) add('duplicate', `${row.prev} and ${row.number} have the same counter.`);
    } else if (++gaps <= LISTED) {
      add('gap', `No document holds the ${row.missing} number(s) between ${row.prev} and ${row.number}.`);
    }
  }
  if (steps.length > LISTED * 2) add('gap', `More gaps or duplicates than listed: the series is broken.`);
  const ends = await tx.query<{
    company_id: number;
    counter: number;
    first: string | null;
    last: string | null;
    low: string | null;
    high: string | null;
    count: string;
    first_date: string | null;
  }>(
    `SELECT c.id AS company_id, c.${s.counterColumn} AS counter, min(h.counter) AS low, max(h.counter) AS high,
            count(h.number) AS count,
            (array_agg(h.number ORDER BY h.counter, h.number))[1] AS first,
            (array_agg(h.number ORDER BY h.counter DESC, h.number DESC))[1] AS last,
            to_char((array_agg(h.at ORDER BY h.counter, h.number))[1] AT TIME ZONE 'Europe/Berlin', 'DD.MM.YYYY')
              AS first_date
       FROM companies c LEFT JOIN (${held}) h ON h.company_id = c.id
      GROUP BY c.id ORDER BY c.id`,
  );
  for (const end of ends) {
    const counter = Number(end.counter);
    const low = end.low === null ? null : Number(end.low);
    const high = end.high === null ? 0 : Number(end.high);
    if (low !== null && low > 1) {
      add(
        'notHeldBelow',
        `The ${low - 1} number(s) before ${end.first} (of ${end.first_date}) are not held: right only if the retention deleted them (10 years after the end of their year, § 147 AO).`,
      );
    }
    if (counter > high) {
      add(
        'counter',
        `The counter stands at ${counter} but the highest number held is ${high === 0 ? 'none' : end.last}: ${counter - high} number(s) issued and not held.`,
      );
    } else if (counter < high) {
      add(
        'counter',
        `The counter stands at ${counter}, below the highest number held (${end.last}): the next document would repeat a number.`,
      );
    }
  }
  const years = await tx.query<{ number: string; year: string }>(
    `SELECT number, to_char(at AT TIME ZONE 'Europe/Berlin', 'YYYY') AS year FROM (${held}) h
      WHERE substring(number from '^R[EK]-([0-9]{4})-') <> to_char(at AT TIME ZONE 'Europe/Berlin', 'YYYY')
      ORDER BY counter LIMIT ${LISTED}`,
  );
  for (const row of years)
    add('year', `${row.number} is dated in ${row.year}, not in the year its number names.`);
  const total = ends.reduce((sum, end) => sum + Number(end.count), 0);
  return {
    count: total,
    first: ends[0]?.first ?? null,
    last: ends.at(-1)?.last ?? null,
    counter: ends.reduce((sum, end) => sum + Number(end.counter), 0),
  };
}

/**
 * The amounts a Prüfer recomputes: an invoice's VAT from its gross at its rate (orders/invoice.ts `vatFromGross`,
 * half up: tax = floor((2 × gross × rate + 100 + rate) / (2 × (100 + rate))), exact integers for amounts ≥ 0), a
 * paid order without an invoice, and each Rechnungskorrektur against its invoice (rate, cumulative VAT share as
 * fulfilment/refunds.ts `refundVat`, never more refunded than paid).
 */
async function checkTotals(tx: Queryable, findings: SeriesFinding[]) {
  const invoices = await tx.query<{ number: string; gross: string; vat_cents: number; expected: string }>(
    `SELECT number, gross, vat_cents, expected FROM (
       SELECT invoice_number AS number, cart_cents - discount_cents + shipping_cents AS gross, vat_cents,
              CASE WHEN cart_cents - discount_cents + shipping_cents < 0 THEN NULL
                   ELSE (2 * (cart_cents - discount_cents + shipping_cents)::bigint * vat_rate + 100 + vat_rate)
                        / (2 * (100 + vat_rate)) END AS expected
         FROM orders WHERE invoice_number IS NOT NULL) i
      WHERE expected IS DISTINCT FROM vat_cents
      ORDER BY ${counterOf('number')} LIMIT ${LISTED}`,
  );
  for (const row of invoices) {
    findings.push({
      series: 'RE',
      kind: 'totals',
      text:
        row.expected === null
          ? `${row.number}: the gross (${row.gross} ct) is negative.`
          : `${row.number}: VAT ${row.vat_cents} ct stored, ${row.expected} ct from the gross ${row.gross} ct.`,
    });
  }
  const uninvoiced = await tx.query<{ order_number: string; status: string; invoice_number: string | null }>(
    `SELECT order_number, status, invoice_number FROM orders
      WHERE (status = 'paid') <> (invoice_number IS NOT NULL) ORDER BY id LIMIT ${LISTED}`,
  );
  for (const row of uninvoiced) {
    findings.push({
      series: 'RE',
      kind: 'uninvoiced',
      text: row.invoice_number
        ? `${row.invoice_number} belongs to order ${row.order_number}, which is ${row.status}, not paid.`
        : `Order ${row.order_number} is paid but has no invoice.`,
    });
  }
  const refunds = await tx.query<{
    number: string;
    invoice_number: string | null;
    amount_cents: number;
    vat_cents: number;
    refund_rate: number;
    order_rate: number | null;
    order_vat: number | null;
    gross: number;
    before: string;
  }>(
    `SELECT r.credit_note_number AS number, o.invoice_number, r.amount_cents, r.vat_cents, r.vat_rate AS refund_rate,
            o.vat_rate AS order_rate, o.vat_cents AS order_vat,
            o.cart_cents - o.discount_cents + o.shipping_cents AS gross,
            COALESCE(sum(r.amount_cents) OVER (PARTITION BY r.order_id ORDER BY r.id
                                               ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS before
       FROM refunds r JOIN orders o ON o.id = r.order_id
      ORDER BY ${counterOf('r.credit_note_number')}`,
  );
  let listed = 0;
  for (const row of refunds) {
    const before = Number(row.before);
    const amount = Number(row.amount_cents);
    const gross = Number(row.gross);
    let text: string | null = null;
    if (row.invoice_number === null || row.order_rate === null || row.order_vat === null) {
      text = `${row.number} corrects an order without an invoice.`;
    } else if (Number(row.refund_rate) !== Number(row.order_rate)) {
      text = `${row.number}: rate ${row.refund_rate} %, its invoice ${row.invoice_number} has ${row.order_rate} %.`;
    } else if (before + amount > gross) {
      text = `${row.number}: refunds of ${row.invoice_number} reach ${before + amount} ct, more than its ${gross} ct.`;
    } else {
      const expected = refundVat(
        { orderGross: gross, orderVat: Number(row.order_vat), rate: Number(row.order_rate) },
        before,
        amount,
      );
      if (expected !== Number(row.vat_cents))
        text = `${row.number}: VAT ${row.vat_cents} ct stored, ${expected} ct as the share of ${amount} ct of ${row.invoice_number}.`;
    }
    if (text !== null && ++listed <= LISTED) findings.push({ series: 'RK', kind: 'totals', text });
  }
}

/**
 * `lp-api invoices check`: whether the invoice (RE) and Rechnungskorrektur (RK) series are complete and their stored
 * amounts add up, over every document the database holds: counters used twice, numbers no document holds (inside
 * the series, below the oldest held, or up to the company's counter), numbers whose year is not their date's, paid
 * orders without an invoice, VAT that does not follow from the gross, corrections that do not fit their invoice.
 */
export async function seriesCheck(tx: Queryable): Promise<SeriesCheck> {
  const findings: SeriesFinding[] = [];
  const [invoices, corrections] = [
    await checkSeries(tx, SERIES[0]!, findings),
    await checkSeries(tx, SERIES[1]!, findings),
  ];
  await checkTotals(tx, findings);
  return { invoices, corrections, findings };
}
