import type { Discount } from './entities';

/**
 * Issue 13 "Prices that add up": the one rule for quantity discounts, used by the API (cart, order) and by pages
 * that show the price at a quantity (the product page's tier table). Money in integer cents.
 *
 * - The tier is the one with the highest `MinQuantity` the quantity reaches (the best percent among those).
 * - The discount is taken off the unit price and rounded to whole cents (half up), so a line is always
 *   quantity × the discounted unit price the shopper sees: the figures add up.
 */

/** The tier a quantity reaches, or null below the first tier (or without tiers). */
export function discountTier(tiers: readonly Discount[], quantity: number): Discount | null {
  let best: Discount | null = null;
  for (const tier of tiers) {
    if (!(tier.Percent > 0 && tier.Percent <= 100) || !(quantity >= tier.MinQuantity)) continue;
    if (!best || tier.MinQuantity > best.MinQuantity) best = tier;
  }
  return best;
}

/** The unit price in cents after `percent` % off, rounded half up to whole cents. */
export function discountedUnitCents(unitCents: number, percent: number): number {
  // Percent in hundredths keeps the product an integer (12.5 % -> 1250), so rounding sees no float noise.
  return unitCents - Math.round((unitCents * Math.round(percent * 100)) / 10_000);
}

/** A line priced at a quantity: unit price before and after the discount, the line's discount and total. */
export interface LinePrice {
  unitCents: number;
  discountedUnitCents: number;
  /** 0 without a tier. */
  percent: number;
  /** The tier's label ("Mengenrabatt: 10 % ab 4 Kennzeichen"), or null. */
  label: string | null;
  discountCents: number;
  totalCents: number;
}

/**
 * Prices `quantity` pieces at `unitCents`; the tier is chosen by `tierQuantity` (the pieces of the same product in
 * the whole cart; the line's own quantity when omitted).
 *
 * @example
 * linePrice(1290, 4, tiers); // { discountedUnitCents: 1161, percent: 10, discountCents: 516, totalCents: 4644, ... }
 */
export function linePrice(
  unitCents: number,
  quantity: number,
  tiers: readonly Discount[],
  tierQuantity = quantity,
): LinePrice {
  const tier = discountTier(tiers, tierQuantity);
  const percent = tier?.Percent ?? 0;
  const discounted = discountedUnitCents(unitCents, percent);
  return {
    unitCents,
    discountedUnitCents: discounted,
    percent,
    label: tier?.Label ?? null,
    discountCents: (unitCents - discounted) * quantity,
    totalCents: discounted * quantity,
  };
}
