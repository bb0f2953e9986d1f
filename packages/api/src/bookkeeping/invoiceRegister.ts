import type { Db, Queryable } from '../db/Db';
import { inMonth } from '../berlinCalendar';

/**
 * One document of the month's Rechnungsausgangsbuch: an invoice (`RE-<year>-<n>`, the order confirmation fixed at
 * payment, orders/invoice.ts) or a Rechnungskorrektur (`RK-<year>-<n>`, a refund, fulfilment/refunds.ts). Amounts
 * in cents as stored; a correction's are negative (it reduces the month's sales and VAT, § 17 UStG).
 */
export interface RegisterEntry {
  kind: 'invoice' | 'correction';
  number: string;
  /** The document's date, Europe/Berlin, YYYY-MM-DD (invoice: the payment; correction: the refund). */
  date: string;
  orderNumber: string;
  /** The invoice recipient as the invoice names it: the billing address's first and last name, and company. */
  name: string;
  company: string;
  /** Session 20 (migration 034): the buyer's USt-IdNr. and own order number or Leitweg-ID; '' or absent: none. */
  buyerVatId?: string;
  buyerReference?: string;
  /** The payment type's name as the shopper chose it ('PayPal'), else its id. */
  paymentMethod: string;
  /** A correction: the invoice it corrects; null for an invoice. */
  corrects: string | null;
  vatRate: number;
  netCents: number;
  vatCents: number;
  grossCents: number;
}

/** The sums of one VAT rate (corrections included, so negative amounts reduce them). */
export interface RateTotal {
  rate: number;
  netCents: number;
  vatCents: number;
  grossCents: number;
}

/** The month's consecutive run of one number series, as a Prüfer asks for it. */
export interface MonthSeries {
  first: string | null;
  last: string | null;
  count: number;
  /** Numbers between `first` and `last` held by no document of the month (issued in another month, or missing). */
  missing: number;
}

export interface InvoiceRegister {
  /** YYYY-MM, Europe/Berlin. */
  month: string;
  entries: RegisterEntry[];
  invoices: MonthSeries;
  corrections: MonthSeries;
  /** By rate, highest first; the standard rate of the shop when the month holds nothing. */
  rates: RateTotal[];
  totals: { netCents: number; vatCents: number; grossCents: number };
}

/** The counter of an `RE-`/`RK-<year>-<counter>` number, for number order (the counter outgrows 6 digits). */
export const counterOf = (column: string) => `substring(${column} from '[0-9]+$')::bigint`;

/**
 * Runs `read` in one read-only transaction with one snapshot (REPEATABLE READ): the rows and the sums it reads
 * agree although the API keeps taking payments (PostgreSQL), and nothing it runs can write.
 */
export function readOnly<T>(db: Db, read: (tx: Queryable) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    return read(tx);
  });
}

type EntryRow = {
  number: string;
  date: string;
  order_number: string;
  first_name: string | null;
  last_name: string | null;
  company: string | null;
  buyer_vat_id: string | null;
  buyer_reference: string | null;
  payment: string;
  corrects: string | null;
  vat_rate: number;
  vat_cents: number;
  gross_cents: number;
};

const CUSTOMER = `o.billing_address->>'name' AS first_name, o.billing_address->>'lastName' AS last_name,
  o.billing_address->>'company' AS company, o.buyer_vat_id, o.buyer_reference, COALESCE(p.name, o.payment_method) AS payment`;
const PAYMENT_JOIN = 'LEFT JOIN payment_types p ON p.company_id = o.company_id AND p.id = o.payment_method';

function entryOf(kind: RegisterEntry['kind'], row: EntryRow): RegisterEntry {
  const sign = kind === 'invoice' ? 1 : -1;
  const gross = Number(row.gross_cents);
  const vat = Number(row.vat_cents);
  return {
    kind,
    number: row.number,
    date: row.date,
    orderNumber: row.order_number,
    name: [row.first_name, row.last_name].filter(Boolean).join(' '),
    company: row.company ?? '',
    buyerVatId: row.buyer_vat_id ?? '',
    buyerReference: row.buyer_reference ?? '',
    paymentMethod: row.payment,
    corrects: row.corrects,
    vatRate: Number(row.vat_rate),
    netCents: sign * (gross - vat),
    vatCents: sign * vat,
    grossCents: sign * gross,
  };
}

function seriesOf(entries: RegisterEntry[]): MonthSeries {
  if (entries.length === 0) return { first: null, last: null, count: 0, missing: 0 };
  const counter = (number: string) => Number(/[0-9]+$/.exec(number)?.[0]);
  const first = entries[0]!.number;
  const last = entries.at(-1)!.number;
  const distinct = new Set(entries.map((entry) => counter(entry.number))).size;
  return {
    first,
    last,
    count: entries.length,
    missing: counter(last) - counter(first) + 1 - distinct,
  };
}

/**
 * The month's Rechnungsausgangsbuch: every invoice dated in the Berlin calendar month `month` (YYYY-MM, checked by
 * the caller), then every Rechnungskorrektur dated in it, each series in number order, with the sums per VAT rate.
 * An invoice belongs to the month of its date (the payment), a correction to the month of the refund, whatever month
 * its invoice has (§ 17 (1) UStG: corrected in the period of the change).
 */
export async function invoiceRegister(tx: Queryable, month: string): Promise<InvoiceRegister> {
  const invoices = await tx.query<EntryRow>(
    `SELECT o.invoice_number AS number,
            to_char(o.invoiced_at AT TIME ZONE 'Europe/Berlin', 'YYYY-MM-DD') AS date, o.order_number, ${CUSTOMER},
            NULL AS corrects, o.vat_rate, o.vat_cents, o.cart_cents - o.discount_cents + o.shipping_cents AS gross_cents
       FROM orders o ${PAYMENT_JOIN}
      WHERE o.invoice_number IS NOT NULL AND ${inMonth('o.invoiced_at', '$1')}
      ORDER BY ${counterOf('o.invoice_number')}, o.invoice_number`,
    [month],
  );
  const corrections = await tx.query<EntryRow>(
    `SELECT r.credit_note_number AS number,
            to_char(r.refunded_at AT TIME ZONE 'Europe/Berlin', 'YYYY-MM-DD') AS date, o.order_number, ${CUSTOMER},
            o.invoice_number AS corrects, r.vat_rate, r.vat_cents, r.amount_cents AS gross_cents
       FROM refunds r JOIN orders o ON o.id = r.order_id ${PAYMENT_JOIN}
      WHERE ${inMonth('r.refunded_at', '$1')}
      ORDER BY ${counterOf('r.credit_note_number')}, r.credit_note_number`,
    [month],
  );
  const invoiceEntries = invoices.map((row) => entryOf('invoice', row));
  const correctionEntries = corrections.map((row) => entryOf('correction', row));
  const entries = [...invoiceEntries, ...correctionEntries];
  const byRate = new Map<number, RateTotal>();
  for (const entry of entries) {
    const total = byRate.get(entry.vatRate) ?? {
      rate: entry.vatRate,
      netCents: 0,
      vatCents: 0,
      grossCents: 0,
    };
    total.netCents += entry.netCents;
    total.vatCents += entry.vatCents;
    total.grossCents += entry.grossCents;
    byRate.set(entry.vatRate, total);
  }
  if (byRate.size === 0) {
    const [shop] = await tx.query<{ vat_rate: number }>('SELECT vat_rate FROM companies ORDER BY id LIMIT 1');
    const rate = Number(shop?.vat_rate ?? 19);
    byRate.set(rate, { rate, netCents: 0, vatCents: 0, grossCents: 0 });
  }
  const rates = [...byRate.values()].sort((a, b) => b.rate - a.rate);
  const sum = (pick: (total: RateTotal) => number) => rates.reduce((all, total) => all + pick(total), 0);
  return {
    month,
    entries,
    invoices: seriesOf(invoiceEntries),
    corrections: seriesOf(correctionEntries),
    rates,
    totals: {
      netCents: sum((t) => t.netCents),
      vatCents: sum((t) => t.vatCents),
      grossCents: sum((t) => t.grossCents),
    },
  };
}
