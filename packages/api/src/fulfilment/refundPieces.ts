import type { Queryable } from '../db/Db';
import { lineArticle } from '../withdrawals/orderLineWords';
import type { ParcelLine } from './parcels';
import { withdrawnRefund } from './withdrawnRefund';

/** A piece line of a Rechnungskorrektur: the order line, its pieces, the article, their price after tiers (cents). */
export interface RefundPiece {
  line: number;
  quantity: number;
  article: string;
  item_id: string;
  cents: number;
}

/** What a refund of withdrawn lines paid back, as its documents name it; `amountCents` = goods − coupon + shipping. */
export interface RefundPieces {
  pieces: RefundPiece[];
  couponCents: number;
  shippingCents: number;
}

const parsed = (lines: ParcelLine[] | string | null): ParcelLine[] | null =>
  typeof lines === 'string' ? JSON.parse(lines) : lines;

/**
 * Session 24, withdrawpick: the pieces refund `refundId` paid back (`lp-api orders refund --lines`, migration 039),
 * for its Erstattungsbestätigung and XRechnung credit note, computed again as the command computed them
 * (withdrawnRefund.ts with the pieces of the order's earlier refunds), so the documents split the recorded amount
 * into pieces, coupon share and delivery cost to the cent. Null: a refund of a typed amount (it names no pieces), or
 * a computation that no longer gives the recorded amount (an order changed by hand): the document keeps one line.
 */
export async function refundPieces(db: Queryable, refundId: number): Promise<RefundPieces | null> {
  const rows = await db.query<{
    id: number;
    amount_cents: number;
    lines: ParcelLine[] | string | null;
    cart_cents: number;
    discount_cents: number;
    shipping_cents: number;
  }>(
    `SELECT e.id, e.amount_cents, e.lines, o.cart_cents, o.discount_cents, o.shipping_cents
       FROM refunds r JOIN refunds e ON e.order_id = r.order_id AND e.id <= r.id JOIN orders o ON o.id = r.order_id
      WHERE r.id = $1 ORDER BY e.id`,
    [refundId],
  );
  const refund = rows.at(-1);
  const lines = refund ? parsed(refund.lines) : null;
  if (!refund || refund.id !== refundId || !lines) return null;
  const items = await db.query<{
    item_id: string;
    business_name: string;
    attributes: Record<string, string> | null;
    quantity: number;
    unit_cents: number;
  }>(
    `SELECT i.item_id, i.business_name, i.attributes, i.quantity, i.price_cents - i.unit_discount_cents AS unit_cents
       FROM order_items i JOIN refunds r ON r.order_id = i.order_id WHERE r.id = $1 ORDER BY i.position`,
    [refundId],
  );
  const answer = withdrawnRefund(
    {
      lines: items.map((i, n) => ({ line: n + 1, quantity: i.quantity, unitCents: i.unit_cents })),
      cartCents: refund.cart_cents,
      discountCents: refund.discount_cents,
      shippingCents: refund.shipping_cents,
    },
    rows.slice(0, -1).flatMap((row) => parsed(row.lines) ?? []),
    lines,
  );
  if (answer.kind !== 'computed' || answer.refund.amountCents !== refund.amount_cents) return null;
  return {
    pieces: answer.refund.lines.map((l) => ({
      line: l.line,
      quantity: l.quantity,
      article: lineArticle(items[l.line - 1]!),
      item_id: items[l.line - 1]!.item_id,
      cents: l.cents,
    })),
    couponCents: answer.refund.couponCents,
    shippingCents: answer.refund.shippingCents,
  };
}
