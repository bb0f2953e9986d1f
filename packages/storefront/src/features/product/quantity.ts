/** The API takes at most 999 pieces per cart line (packages/api cartService MAX_LINE_QUANTITY). */
export const MAX_LINE_QUANTITY = 999;

/**
 * spec 5: the quantity cannot go below the minimum quantity, and the minimum is at least 1; it never goes above
 * what the API accepts per line.
 */
export function clampToMinimum(value: unknown, minimum: number): number {
  const min = Math.min(MAX_LINE_QUANTITY, Math.max(1, Math.floor(Number.isFinite(minimum) ? minimum : 1)));
  const n = Math.floor(Number(value));
  return Number.isFinite(n) && n >= min ? Math.min(n, MAX_LINE_QUANTITY) : min;
}
