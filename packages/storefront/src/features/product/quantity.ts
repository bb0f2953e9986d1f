/** spec 5: the quantity cannot go below the minimum quantity, and the minimum is at least 1. */
export function clampToMinimum(value: unknown, minimum: number): number {
  const min = Math.max(1, Math.floor(Number.isFinite(minimum) ? minimum : 1));
  const n = Math.floor(Number(value));
  return Number.isFinite(n) && n >= min ? Math.min(n, 9999) : min;
}
