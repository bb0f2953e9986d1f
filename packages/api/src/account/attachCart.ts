import type { Cart } from '@lp/sdk/contract';
import { requireCart } from '../cart/cartService';
import { cartView } from '../cart/cartView';
import type { Db } from '../db/Db';

/** Issue 6: links the cart named by `guid` to the logged-in customer and answers it (userId set). */
export function attachCart(db: Db, guid: string | undefined, customerId: number): Promise<Cart> {
  return db.transaction(async (tx) => {
    const cart = await requireCart(tx, guid, true);
    await tx.query('UPDATE carts SET user_id = $2, updated_at = now() WHERE id = $1', [cart.id, customerId]);
    return cartView(tx, { ...cart, user_id: customerId });
  });
}
