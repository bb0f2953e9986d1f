import type { CartItem, OrderItem } from '@lp/sdk/contract';

/** What a shopper reads about a line's price, the server's figures only (issue 13: prices that add up). */
export interface LineFigures {
  quantity: number;
  /** Catalogue unit price, euro. */
  unitPrice: number;
  /** Quantity discount of the line, euro (0 without one). */
  discount: number;
  percent: number;
  /** Why ("10 % ab 4 Kennzeichen"), or null. */
  reason: string | null;
  /** What the line costs, euro. */
  total: number;
}

/** The tier label without its "Mengenrabatt:" head, as the reason after "Mengenrabatt". */
const reasonOf = (label: string | null | undefined, percent: number) =>
  label ? label.replace(/^Mengenrabatt:\s*/, '') : percent > 0 ? `${percent} %` : null;

/** A cart line's figures; an API without issue 13's fields reads as undiscounted. */
export function cartLineFigures(item: CartItem): LineFigures {
  const percent = item.discountPercent ?? 0;
  return {
    quantity: item.quantity,
    unitPrice: item.price,
    discount: item.discountAmount ?? 0,
    percent,
    reason: reasonOf(item.discountLabel, percent),
    total: item.lineTotal ?? Math.round(item.price * item.quantity * 100) / 100,
  };
}

/** An order line's figures (thank-you page, account history). */
export function orderLineFigures(item: OrderItem): LineFigures {
  const percent = item.discountPercent ?? 0;
  return {
    quantity: item.itemQuantity,
    unitPrice: item.price,
    discount: item.discountAmount ?? 0,
    percent,
    reason: reasonOf(null, percent),
    total: item.lineTotal ?? Math.round(item.price * item.itemQuantity * 100) / 100,
  };
}

/** Sum of the lines' quantity discounts, euro (cents-exact). */
export const quantityDiscountOf = (lines: LineFigures[]): number =>
  lines.reduce((sum, line) => sum + Math.round(line.discount * 100), 0) / 100;
