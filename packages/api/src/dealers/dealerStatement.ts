import type { DealerStatement as DealerStatementAnswer } from '@lp/sdk/contract';
import { inMonth } from '../berlinCalendar';
import { counterOf } from '../bookkeeping/invoiceRegister';
import type { Queryable } from '../db/Db';
import { toEuros } from '../money';
import { vatFromGross } from '../orders/invoice';
import { DealerInputError, requireDealer } from './dealerRepo';

/** One paid order credited to the dealer, as the operator's commission statement lists it (amounts in cents). */
export interface StatementOrder {
  invoiceNumber: string;
  orderNumber: string;
  /** The invoice date (the payment's day), Europe/Berlin, YYYY-MM-DD. */
  invoiceDate: string;
  /** Goods after quantity discounts and the coupon, gross; shipping is not the dealer's sale. */
  goodsGrossCents: number;
  /** The same without VAT at the order's own rate (fixed at payment): the usual base of a commission. */
  goodsNetCents: number;
  shippingCents: number;
  totalGrossCents: number;
  vatRate: number;
  /** A declaration of withdrawal names this order (`lp-api withdrawals`): check it before paying commission. */
  withdrawalDeclared: boolean;
}

/**
 * A refund of one of the dealer's orders recorded in the month (`lp-api orders refund`, whatever month the order was
 * invoiced in), as a negative line with its Rechnungskorrektur: no commission is due on what was paid back. The
 * refunded gross is split into goods and shipping in the order's proportion, so a whole refund takes back exactly
 * the order's goods line (amounts in cents, ≤ 0).
 */
export interface StatementRefund {
  creditNoteNumber: string;
  invoiceNumber: string;
  orderNumber: string;
  /** The refund's date, Europe/Berlin, YYYY-MM-DD. */
  refundDate: string;
  goodsGrossCents: number;
  goodsNetCents: number;
  shippingCents: number;
  totalGrossCents: number;
  vatRate: number;
}

export interface DealerStatement {
  dealerId: string;
  /** The calendar month, YYYY-MM, in Europe/Berlin. */
  month: string;
  orders: StatementOrder[];
  /** Refunds recorded in the month of the dealer's orders, negative; the totals include them. */
  refunds: StatementRefund[];
  totals: {
    orders: number;
    refunds: number;
    goodsGrossCents: number;
    goodsNetCents: number;
    totalGrossCents: number;
  };
}

/**
 * The goods' part of `amountCents` refunded after `beforeCents` of an order of `goodsCents` goods and `totalCents`
 * in all: the goods' share of everything refunded after it minus that of everything before (rounded half up), so
 * the parts of a whole refund add up to the goods exactly.
 */
export function refundedGoods(
  goodsCents: number,
  totalCents: number,
  beforeCents: number,
  amountCents: number,
): number {
  const share = (refunded: number) =>
    refunded >= totalCents
      ? goodsCents
      : Math.floor((2 * refunded * goodsCents + totalCents) / (2 * totalCents));
  return share(beforeCents + amountCents) - share(beforeCents);
}

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** Checks a `YYYY-MM` month (2000-2099) and answers it. */
export function checkMonth(month: string): string {
  const match = MONTH.exec(month);
  if (!match || Number(match[1]) < 2000 || Number(match[1]) > 2099) {
    throw new DealerInputError(
      `The month must be written YYYY-MM, e.g. 2026-11; got '${month.slice(0, 40)}'.`,
    );
  }
  return month;
}

/**
 * The dealer's commission statement for a month: every order credited to the dealer and paid (invoiced) in that
 * calendar month in Europe/Berlin, by invoice number (its counter: RE-…-1000000 follows RE-…-999999), with the
 * goods' gross and net amounts. The month is the invoice's, not the order's: an order saved on 31 October and paid
 * on 1 November belongs to November, as in the shop's books. Orders still unpaid, cancelled or paid in other months
 * are not listed.
 */
export async function dealerStatement(
  db: Queryable,
  dealerId: string,
  month: string,
): Promise<DealerStatement> {
  await requireDealer(db, dealerId);
  const rows = await db.query<{
    invoice_number: string;
    order_number: string;
    invoice_date: string;
    cart_cents: number;
    discount_cents: number;
    shipping_cents: number;
    vat_rate: number;
    withdrawal: boolean;
  }>(
    `SELECT o.invoice_number, o.order_number,
            to_char(o.invoiced_at AT TIME ZONE 'Europe/Berlin', 'YYYY-MM-DD') AS invoice_date,
            o.cart_cents, o.discount_cents, o.shipping_cents, o.vat_rate,
            EXISTS (SELECT 1 FROM withdrawals w WHERE w.order_id = o.id) AS withdrawal
       FROM orders o
      WHERE o.dealer_id = $1 AND o.invoice_number IS NOT NULL
        AND ${inMonth('o.invoiced_at', '$2')}
      ORDER BY ${counterOf('o.invoice_number')}, o.invoice_number`,
    [dealerId, checkMonth(month)],
  );
  const orders = rows.map((row): StatementOrder => {
    const goodsGrossCents = Number(row.cart_cents) - Number(row.discount_cents);
    const shippingCents = Number(row.shipping_cents);
    return {
      invoiceNumber: row.invoice_number,
      orderNumber: row.order_number,
      invoiceDate: row.invoice_date,
      goodsGrossCents,
      goodsNetCents: vatFromGross(goodsGrossCents, row.vat_rate).netCents,
      shippingCents,
      totalGrossCents: goodsGrossCents + shippingCents,
      vatRate: row.vat_rate,
      withdrawalDeclared: row.withdrawal,
    };
  });
  const refunds = await monthRefunds(db, dealerId, month);
  const sum = (pick: (line: StatementOrder | StatementRefund) => number) =>
    [...orders, ...refunds].reduce((total, line) => total + pick(line), 0);
  return {
    dealerId,
    month,
    orders,
    refunds,
    totals: {
      orders: orders.length,
      refunds: refunds.length,
      goodsGrossCents: sum((o) => o.goodsGrossCents),
      goodsNetCents: sum((o) => o.goodsNetCents),
      totalGrossCents: sum((o) => o.totalGrossCents),
    },
  };
}

/** The refunds of the dealer's orders recorded in `month` (Berlin), by Rechnungskorrektur number. */
async function monthRefunds(db: Queryable, dealerId: string, month: string): Promise<StatementRefund[]> {
  const rows = await db.query<{
    credit_note_number: string;
    invoice_number: string;
    order_number: string;
    refund_date: string;
    amount_cents: number;
    before_cents: number;
    cart_cents: number;
    discount_cents: number;
    shipping_cents: number;
    vat_rate: number;
  }>(
    `SELECT r.credit_note_number, o.invoice_number, o.order_number,
            to_char(r.refunded_at AT TIME ZONE 'Europe/Berlin', 'YYYY-MM-DD') AS refund_date, r.amount_cents,
            (SELECT COALESCE(sum(e.amount_cents), 0)::int FROM refunds e WHERE e.order_id = r.order_id AND e.id < r.id)
              AS before_cents,
            o.cart_cents, o.discount_cents, o.shipping_cents, r.vat_rate
       FROM refunds r JOIN orders o ON o.id = r.order_id
      WHERE o.dealer_id = $1
        AND ${inMonth('r.refunded_at', '$2')}
      ORDER BY r.id`,
    [dealerId, month],
  );
  return rows.map((row): StatementRefund => {
    const goods = Number(row.cart_cents) - Number(row.discount_cents);
    const total = goods + Number(row.shipping_cents);
    const before = Number(row.before_cents);
    const amount = Number(row.amount_cents);
    const goodsGrossCents = refundedGoods(goods, total, before, amount);
    // The net of the goods refunded, as the order line's net is taken back: net of all goods refunded after minus before.
    const goodsBefore = refundedGoods(goods, total, 0, before);
    const goodsNetCents =
      vatFromGross(goodsBefore + goodsGrossCents, row.vat_rate).netCents -
      vatFromGross(goodsBefore, row.vat_rate).netCents;
    return {
      creditNoteNumber: row.credit_note_number,
      invoiceNumber: row.invoice_number,
      orderNumber: row.order_number,
      refundDate: row.refund_date,
      goodsGrossCents: -goodsGrossCents,
      goodsNetCents: -goodsNetCents,
      shippingCents: -(amount - goodsGrossCents),
      totalGrossCents: -amount,
      vatRate: row.vat_rate,
    };
  });
}

/** A month, YYYY-MM, as the calendar in Berlin shows it at `now`. */
function berlinMonth(now: Date): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Berlin',
    year: 'numeric',
    month: '2-digit',
  }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value;
  return `${part('year')}-${part('month')}`;
}

/**
 * The statement as the dealer reads it over HTTP (GET /api/dealer/statement): the contract's euro amounts, and
 * whether the month is over in Berlin at `now` (until then more orders and refunds may come).
 */
export function statementAnswer(statement: DealerStatement, now: Date): DealerStatementAnswer {
  const amounts = (line: StatementOrder | StatementRefund) => ({
    goodsGross: toEuros(line.goodsGrossCents),
    goodsNet: toEuros(line.goodsNetCents),
    shipping: toEuros(line.shippingCents),
    total: toEuros(line.totalGrossCents),
    vatRate: line.vatRate,
  });
  const { totals } = statement;
  return {
    month: statement.month,
    closed: statement.month < berlinMonth(now),
    orders: statement.orders.map((o) => ({
      invoiceNumber: o.invoiceNumber,
      orderNumber: o.orderNumber,
      invoiceDate: o.invoiceDate,
      ...amounts(o),
      withdrawalDeclared: o.withdrawalDeclared,
    })),
    refunds: statement.refunds.map((r) => ({
      creditNoteNumber: r.creditNoteNumber,
      invoiceNumber: r.invoiceNumber,
      orderNumber: r.orderNumber,
      refundDate: r.refundDate,
      ...amounts(r),
    })),
    totals: {
      orders: totals.orders,
      refunds: totals.refunds,
      goodsGross: toEuros(totals.goodsGrossCents),
      goodsNet: toEuros(totals.goodsNetCents),
      total: toEuros(totals.totalGrossCents),
    },
  };
}
