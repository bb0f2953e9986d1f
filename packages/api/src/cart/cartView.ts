import type { Cart } from '@lp/sdk/contract';
import { CURRENCY } from '@lp/sdk/contract';
import type { Queryable } from '../db/Db';
import { toEuros } from '../money';
import { shippingFor } from '../shipping/shippingRepo';
import { type CartLine, type CartRow, cartRepo } from './cartRepo';

/** Default company of carts created before any product is added (shared decision: lp-de is 1001). */
export const DEFAULT_COMPANY_ID = 1001;

export function cartTotalCents(items: CartLine[]): number {
  return items.reduce((sum, i) => sum + i.price_cents * i.quantity, 0);
}

/**
 * The cart as the contract shows it: goods total from server prices, delivery price from the shipping rates for
 * that total (spec 4: first rate, 0 when none; an empty cart ships nothing, so 0 too).
 */
export async function cartView(db: Queryable, cart: CartRow, knownItems?: CartLine[]): Promise<Cart> {
  const items = knownItems ?? (await cartRepo(db).items(cart.id));
  const totalCents = cartTotalCents(items);
  const shipping =
    items.length > 0 ? await shippingFor(db, cart.company_id ?? DEFAULT_COMPANY_ID, totalCents) : null;
  return {
    id: cart.id,
    userId: cart.user_id,
    cartGuid: cart.guid,
    deliveryPrice: toEuros(shipping?.costCents ?? 0),
    totalAmount: toEuros(totalCents),
    items: items.map((i) => ({
      itemInternalId: i.internal_id,
      productUniqueId: i.product_unique_id,
      price: toEuros(i.price_cents),
      description: i.description,
      currency: CURRENCY,
      quantity: i.quantity,
      addData: [{ count: i.quantity, info: { Alias: i.alias, Title: i.title, Attributes: i.attributes } }],
    })),
  };
}
