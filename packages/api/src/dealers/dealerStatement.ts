import type { Queryable } from '../db/Db';
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

export interface DealerStatement {
  dealerId: string;
  /** The calendar month, YYYY-MM, in Europe/Berlin. */
  month: string;
  orders: StatementOrder[];
  totals: { orders: number; goodsGrossCents: number; goodsNetCents: number; totalGrossCents: number };
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
 * calendar month in Europe/Berlin, by invoice number, with the goods' gross and net amounts. The month is the
 * invoice's, not the order's: an order saved on 31 October and paid on 1 November belongs to November, as in the
 * shop's books. Orders still unpaid, cancelled or paid in other months are not listed.
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
        AND o.invoiced_at >= (to_date($2, 'YYYY-MM')::timestamp AT TIME ZONE 'Europe/Berlin')
        AND o.invoiced_at < ((to_date($2, 'YYYY-MM') + interval '1 month')::timestamp AT TIME ZONE 'Europe/Berlin')
      ORDER BY o.invoice_number`,
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
  const sum = (pick: (order: StatementOrder) => number) => orders.reduce((total, o) => total + pick(o), 0);
  return {
    dealerId,
    month,
    orders,
    totals: {
      orders: orders.length,
      goodsGrossCents: sum((o) => o.goodsGrossCents),
      goodsNetCents: sum((o) => o.goodsNetCents),
      totalGrossCents: sum((o) => o.totalGrossCents),
    },
  };
}
