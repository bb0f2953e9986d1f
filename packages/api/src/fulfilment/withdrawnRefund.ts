import { jsonColumn } from '../db/jsonColumn';
import type { Queryable } from '../db/Db';
import type { LineRequest, ParcelLine } from './parcels';
import type { PieceWords } from './refundPieces';

// Session 23, refunds: the amount of a refund after a withdrawal of some lines (or some pieces of a line), computed
// from the order instead of typed (`lp-api orders refund <n> --lines …`). § 357 (1), (2) BGB: the price paid for the
// withdrawn goods, and the standard delivery cost only when the whole contract is withdrawn. The coupon was taken
// off the goods as a whole, so each piece carries a share of it in proportion to its price.

/** An order line as the refund counts it: its number (from 1), pieces and discounted unit price (after tiers). */
export interface RefundableLine {
  line: number;
  quantity: number;
  unitCents: number;
}

/** How a refund of withdrawn lines was computed; `amountCents` = goods − coupon share + shipping. */
export interface WithdrawnRefund {
  /** The pieces this refund pays back, with each line's price of them. */
  lines: (ParcelLine & { unitCents: number; cents: number })[];
  goodsCents: number;
  /** The coupon's share of these pieces (≥ 0), taken off the goods. */
  couponCents: number;
  /** The delivery cost, refunded with the last withdrawn piece only (0 before). */
  shippingCents: number;
  amountCents: number;
  /** Whether every piece of the order is withdrawn with this refund. */
  wholeOrder: boolean;
}

export type WithdrawnRefundAnswer =
  | { kind: 'computed'; refund: WithdrawnRefund }
  /** A line the order does not have, or more pieces than are left of it after earlier refunds. */
  | { kind: 'badLine'; line: number; left: number | null }
  /** The stored lines do not add up to the order's goods (not expected): the amount must be typed. */
  | { kind: 'linesDisagree' };

/**
 * The coupon's share of goods worth `goodsCents` out of `cartCents`: `discountCents` × goods / cart, half up, and
 * exactly the coupon once all goods are counted. Computed on everything withdrawn so far, so a refund's share is
 * share(after) − share(before): the shares of several partial refunds add up to the coupon to the cent.
 */
export function couponShare(discountCents: number, cartCents: number, goodsCents: number): number {
  if (goodsCents >= cartCents) return discountCents;
  // BigInt: 2 × coupon × goods reaches 2 × 10^16 for the largest orders, beyond 2^53.
  const [d, g, c] = [BigInt(discountCents), BigInt(goodsCents), BigInt(cartCents)];
  return Number((2n * d * g + c) / (2n * c));
}

/**
 * The refund of the `requested` pieces of an order of `lines` (a line alone: all of it not refunded before) with
 * `discountCents` off its `cartCents` and `shippingCents`, after earlier refunds paid back `before` (pieces per
 * line). Pure: the caller holds the order row locked.
 */
export function withdrawnRefund(
  order: { lines: RefundableLine[]; cartCents: number; discountCents: number; shippingCents: number },
  before: ParcelLine[],
  requested: LineRequest[],
): WithdrawnRefundAnswer {
  const { lines, cartCents, discountCents, shippingCents } = order;
  if (lines.reduce((sum, l) => sum + l.unitCents * l.quantity, 0) !== cartCents)
    return { kind: 'linesDisagree' };
  const refundedOf = (line: number) =>
    before.filter((b) => b.line === line).reduce((sum, b) => sum + b.quantity, 0);
  const chosen: WithdrawnRefund['lines'] = [];
  for (const request of [...requested].sort((a, b) => a.line - b.line)) {
    const line = lines.find((l) => l.line === request.line);
    if (!line) return { kind: 'badLine', line: request.line, left: null };
    const left = line.quantity - refundedOf(line.line);
    const quantity = request.quantity ?? left;
    if (quantity < 1 || quantity > left) return { kind: 'badLine', line: request.line, left };
    chosen.push({ line: line.line, quantity, unitCents: line.unitCents, cents: line.unitCents * quantity });
  }
  const goodsBefore = lines.reduce((sum, l) => sum + l.unitCents * refundedOf(l.line), 0);
  const goodsCents = chosen.reduce((sum, l) => sum + l.cents, 0);
  const piecesAfter =
    lines.reduce((sum, l) => sum + refundedOf(l.line), 0) + chosen.reduce((sum, l) => sum + l.quantity, 0);
  const wholeOrder = piecesAfter === lines.reduce((sum, l) => sum + l.quantity, 0);
  // The last piece takes the rest of the coupon even if some lines cost nothing (goods then already reach the cart).
  const shareAfter = wholeOrder
    ? discountCents
    : couponShare(discountCents, cartCents, goodsBefore + goodsCents);
  const couponCents = shareAfter - couponShare(discountCents, cartCents, goodsBefore);
  const shipping = wholeOrder ? shippingCents : 0;
  return {
    kind: 'computed',
    refund: {
      lines: chosen,
      goodsCents,
      couponCents,
      shippingCents: shipping,
      amountCents: goodsCents - couponCents + shipping,
      wholeOrder,
    },
  };
}

/**
 * The lines of order `orderId` as the refund counts them (and their words), the pieces its earlier refunds paid back, and the
 * Rechnungskorrekturen of its refunds of a typed amount (they name no pieces).
 */
export async function refundableLines(
  db: Queryable,
  orderId: number,
): Promise<{
  lines: RefundableLine[];
  items: PieceWords[];
  before: ParcelLine[];
  typedCreditNotes: string[];
}> {
  const lines = await db.query<{
    position: number;
    quantity: number;
    unit_cents: number;
    item_id: string;
    business_name: string;
    attributes: Record<string, string> | null;
  }>(
    `SELECT position, quantity, price_cents - unit_discount_cents AS unit_cents, item_id, business_name, attributes
       FROM order_items WHERE order_id = $1 ORDER BY position`,
    [orderId],
  );
  const refunded = await db.query<{ credit_note_number: string; lines: ParcelLine[] | string | null }>(
    'SELECT credit_note_number, lines FROM refunds WHERE order_id = $1 ORDER BY id',
    [orderId],
  );
  return {
    lines: lines.map((l) => ({ line: l.position + 1, quantity: l.quantity, unitCents: l.unit_cents })),
    // The lines' words, for the pieces a refund stores (refundPieces.ts piecesToStore).
    items: lines.map(({ item_id, business_name, attributes }) => ({ item_id, business_name, attributes })),
    before: refunded.flatMap((r) => jsonColumn(r.lines) ?? []),
    typedCreditNotes: refunded.filter((r) => r.lines === null).map((r) => r.credit_note_number),
  };
}
