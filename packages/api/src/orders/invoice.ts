import type { Queryable } from '../db/Db';
import type { OrderRow } from './orderRepo';

/**
 * The VAT a gross amount contains at `rate` percent, in cents, as German invoices compute it from gross prices: per
 * rate on the invoice's total, tax = gross × rate / (100 + rate), rounded half up to the cent; the net amount is the
 * gross minus that tax, so net + tax = gross exactly. Integer arithmetic: 2 × gross × rate stays far below 2^53 for
 * every order up to MAX_ORDER_TOTAL_CENTS. Migration 025 computes the same for orders paid before it
 * (round(numeric), half away from zero, the same for amounts ≥ 0).
 */
export function vatFromGross(grossCents: number, rate: number): { netCents: number; vatCents: number } {
  if (!Number.isSafeInteger(grossCents) || grossCents < 0)
    throw new RangeError('gross must be whole cents ≥ 0');
  if (!Number.isInteger(rate) || rate < 0 || rate > 99) throw new RangeError('rate must be 0 to 99 percent');
  const divisor = 100 + rate;
  const vatCents = Math.floor((2 * grossCents * rate + divisor) / (2 * divisor));
  return { netCents: grossCents - vatCents, vatCents };
}

/** What the buyer pays for an order, in cents: goods after quantity discounts, minus the coupon, plus shipping. */
export const grossCents = (row: Pick<OrderRow, 'cart_cents' | 'discount_cents' | 'shipping_cents'>): number =>
  row.cart_cents - row.discount_cents + row.shipping_cents;

/**
 * In the transaction that marks the order paid: fixes its invoice (§ 14 (4) UStG) once. The next number of the
 * company's counter (the company row is locked until the commit, so numbers are unique and without gaps: a payment
 * rolled back takes its number back), today's date, the company's standard VAT rate of this moment and the VAT of
 * the order's gross at that rate. Later changes of the rate leave the order as it was paid. An order that already
 * has an invoice keeps it.
 */
export async function issueInvoice(tx: Queryable, orderId: number): Promise<void> {
  const [order] = await tx.query<{
    company_id: number;
    cart_cents: number;
    discount_cents: number;
    shipping_cents: number;
    invoice_number: string | null;
  }>(
    `SELECT company_id, cart_cents, discount_cents, shipping_cents, invoice_number FROM orders WHERE id = $1
       FOR UPDATE`,
    [orderId],
  );
  if (!order || order.invoice_number !== null) return;
  const [company] = await tx.query<{ number: number; vat_rate: number; year: string }>(
    `UPDATE companies SET last_invoice_number = last_invoice_number + 1 WHERE id = $1
     RETURNING last_invoice_number AS number, vat_rate, to_char(now() AT TIME ZONE 'Europe/Berlin', 'YYYY') AS year`,
    [order.company_id],
  );
  // An order of a company the database does not hold (not reachable: orders are saved for a seeded company).
  if (!company) throw new Error(`Company ${order.company_id} not found.`);
  const { vatCents } = vatFromGross(grossCents(order), company.vat_rate);
  await tx.query(
    `UPDATE orders SET invoice_number = $2, invoiced_at = now(), vat_rate = $3, vat_cents = $4 WHERE id = $1`,
    [orderId, `RE-${company.year}-${String(company.number).padStart(6, '0')}`, company.vat_rate, vatCents],
  );
}
