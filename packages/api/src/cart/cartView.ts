import type { Cart } from '@lp/sdk/contract';
import { CURRENCY } from '@lp/sdk/contract';
import type { Queryable } from '../db/Db';
import { toEuros } from '../money';
import { shippingFor } from '../shipping/shippingRepo';
import { priceCart } from './cartPricing';
import { type CartLine, type CartRow, cartRepo } from './cartRepo';

/** Default company of carts created before any product is added (shared decision: lp-de is 1001). */
export const DEFAULT_COMPANY_ID = 1001;

/**
 * The cart as the contract shows it (issue 13): each line with its unit price, quantity discount and line total;
 * the goods total after those discounts; the delivery price from the shipping rates for that total (spec 4: first
 * rate, 0 when none; an empty cart ships nothing, so 0 too); the cart's coupon with what it takes off.
 */
export async function cartView(db: Queryable, cart: CartRow, knownItems?: CartLine[]): Promise<Cart> {
  const items = knownItems ?? (await cartRepo(db).items(cart.id));
  const companyId = cart.company_id ?? DEFAULT_COMPANY_ID;
  const priced = await priceCart(db, companyId, items, cart.coupon_code);
  const shipping = items.length > 0 ? await shippingFor(db, companyId, priced.goodsCents) : null;
  const { coupon } = priced;
  return {
    id: cart.id,
    userId: cart.user_id,
    cartGuid: cart.guid,
    deliveryPrice: toEuros(shipping?.costCents ?? 0),
    totalAmount: toEuros(priced.goodsCents),
    quantityDiscountAmount: toEuros(priced.quantityDiscountCents),
    coupon: coupon && {
      code: coupon.loaded.coupon.code,
      kind: coupon.loaded.coupon.kind,
      value: coupon.loaded.coupon.value,
      minOrderAmount: coupon.loaded.coupon.minOrderAmount,
      discountAmount: toEuros(coupon.discountCents),
      problem: coupon.problem,
    },
    items: priced.lines.map((i) => ({
      itemInternalId: i.internal_id,
      productUniqueId: i.product_unique_id,
      price: toEuros(i.price_cents),
      description: i.description,
      currency: CURRENCY,
      quantity: i.quantity,
      addData: [{ count: i.quantity, info: { Alias: i.alias, Title: i.title, Attributes: i.attributes } }],
      discountPercent: i.linePrice.percent,
      discountLabel: i.linePrice.label,
      discountAmount: toEuros(i.linePrice.discountCents),
      lineTotal: toEuros(i.linePrice.totalCents),
      // Left out of the answer for lines still sold (undefined is not serialised), so a full cart stays as small.
      unavailable: i.offered ? undefined : true,
    })),
  };
}
