import type { Cart, PriceSummary, ShippingMethod, ShippingRateResult } from '../contract/entities';

/** Rounds a euro amount to cents (spec 9: total rounded to 2 decimals). */
export const roundCents = (value: number): number => Math.round((value + Number.EPSILON) * 100) / 100;

/**
 * spec 4: the item count is the sum of the counts in each item's data.
 *
 * @example
 * countItems(cart); // 3 for lines with addData counts 1 and 2
 */
export function countItems(cart: Cart): number {
  let count = 0;
  for (const item of cart.items ?? []) for (const entry of item.addData ?? []) count += +entry.count || 0;
  return count;
}

/**
 * spec 3/9: cart amount (after quantity discounts), the cart coupon's discount (issue 13), shipping amount and
 * total rounded to 2 decimals.
 *
 * @example
 * priceSummary(cart, 4.9); // { cartAmount: 25, shippingAmount: 4.9, discountAmount: 2.5, total: 27.4 }
 */
export function priceSummary(cart: Cart, shippingAmount: number): PriceSummary {
  const discountAmount = cart.coupon?.discountAmount ?? 0;
  return {
    cartAmount: cart.totalAmount,
    shippingAmount,
    discountAmount,
    total: roundCents(cart.totalAmount - discountAmount + shippingAmount),
  };
}

/**
 * spec 9: free shipping starts at the minOrderAmount of the first rate with rate 0 of the active method (0 if none).
 *
 * @example
 * freeShippingFrom(methods, rate); // 50
 */
export function freeShippingFrom(methods: ShippingMethod[], active: ShippingRateResult | null): number {
  const method = methods.find((m) => m.id === active?.methodId) ?? methods[0];
  return method?.shippingRates.find((r) => r.rate === 0)?.minOrderAmount ?? 0;
}
