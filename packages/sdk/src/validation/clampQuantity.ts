const minimumOf = (min: unknown): number =>
  typeof min === 'number' && Number.isFinite(min) ? Math.max(1, Math.floor(min)) : 1;

/**
 * spec 5: a quantity never goes below the minimum quantity, and the minimum is at least 1. Fractions are cut
 * off; anything that is not a finite number becomes the minimum.
 *
 * @example
 * clampQuantity(0, 1); // 1
 * clampQuantity(3, 5); // 5
 * clampQuantity(7.9, 2); // 7
 */
export function clampQuantity(quantity: unknown, min: unknown = 1): number {
  const floor = minimumOf(min);
  if (typeof quantity !== 'number' || !Number.isFinite(quantity)) return floor;
  return Math.max(floor, Math.floor(quantity));
}

/**
 * spec 5: a whole number at or above the minimum quantity (at least 1).
 *
 * @example
 * isValidQuantity(2, 1); // true
 * isValidQuantity(0); // false
 */
export const isValidQuantity = (quantity: unknown, min: unknown = 1): boolean =>
  typeof quantity === 'number' && Number.isSafeInteger(quantity) && quantity >= minimumOf(min);
