import type { Cart } from '@lp/sdk/contract';
import { priceCart } from '../cart/cartPricing';
import { cartRepo } from '../cart/cartRepo';
import { requireCart, requireNoPaymentRunning } from '../cart/cartService';
import { cartView, DEFAULT_COMPANY_ID } from '../cart/cartView';
import type { Db } from '../db/Db';
import { usableCoupon } from './couponRepo';

/**
 * Issue 13: POST /api/Cart/applyCoupon. The coupon is checked like validate (400 malformed, expired or minimum
 * not reached on the goods total after quantity discounts; 404 unknown) and stored on the cart, replacing the one
 * it had: a cart holds at most one coupon. 409 while the cart's payment runs (it would change the amount paid).
 */
export async function applyCartCoupon(db: Db, guid: string | undefined, code: string): Promise<Cart> {
  return db.transaction(async (tx) => {
    const cart = await requireCart(tx, guid, true);
    await requireNoPaymentRunning(tx, cart.guid);
    const repo = cartRepo(tx);
    const items = await repo.items(cart.id);
    const companyId = cart.company_id ?? DEFAULT_COMPANY_ID;
    const { goodsCents } = await priceCart(tx, companyId, items, null);
    const loaded = await usableCoupon(tx, code, companyId, goodsCents);
    await repo.setCoupon(cart.id, loaded.coupon.code);
    return cartView(tx, { ...cart, coupon_code: loaded.coupon.code }, items);
  });
}

/** Issue 13: POST /api/Cart/removeCoupon. Idempotent: a cart without coupon answers unchanged. */
export async function removeCartCoupon(db: Db, guid: string | undefined): Promise<Cart> {
  return db.transaction(async (tx) => {
    const cart = await requireCart(tx, guid, true);
    if (cart.coupon_code !== null) {
      await requireNoPaymentRunning(tx, cart.guid);
      await cartRepo(tx).setCoupon(cart.id, null);
    }
    return cartView(tx, { ...cart, coupon_code: null });
  });
}
