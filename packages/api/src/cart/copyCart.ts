import type { Cart } from '@lp/sdk/contract';
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/Db';
import { badRequest } from '../http/ApiError';
import { readCart } from './cartService';

const unknownSource = () =>
  badRequest('cart-not-found', 'Unknown cart.', [{ field: 'cartGuid', message: 'names no cart' }]);
const emptySource = () =>
  badRequest('cart-empty', 'The cart to copy has no lines.', [
    { field: 'cartGuid', message: 'names an empty cart' },
  ]);

/**
 * Copies the lines of the cart `sourceGuid` into a new cart and answers the new one (the storefront's handoff of a
 * dealer's cart, decisions.md). The copy keeps what the dealer's page put in: company, dealer (its credit), coupon
 * and each line's product, price, quantity and attributes; it gets a guid and line ids of its own and no addresses
 * or account. The source cart is not changed, so whoever knows its guid (the dealer's page, or whoever sent the
 * link) sees nothing of what the shopper adds afterwards; only a payment of the copy takes the paid plates out of
 * it (payments/paymentRoutes.ts), so the dealer's page does not offer them again.
 *
 * One statement: the cart's row and its lines are written together or not at all.
 */
export async function copyCart(db: Db, sourceGuid: string): Promise<Cart> {
  const guid = randomUUID();
  const [row] = await db.query<{ copied: boolean; lines: number }>(
    `WITH source AS (
       SELECT id, company_id, dealer_id, coupon_code FROM carts WHERE guid = $1::uuid
     ), copy AS (
       INSERT INTO carts (guid, company_id, dealer_id, coupon_code, copied_from)
       SELECT $2::uuid, company_id, dealer_id, coupon_code, id FROM source
        WHERE EXISTS (SELECT 1 FROM cart_items i WHERE i.cart_id = source.id)
       RETURNING id
     ), lines AS (
       INSERT INTO cart_items (cart_id, internal_id, product_unique_id, price_cents, description, quantity, alias,
                               title, attributes, attributes_key)
       SELECT copy.id, gen_random_uuid(), i.product_unique_id, i.price_cents, i.description, i.quantity, i.alias,
              i.title, i.attributes, i.attributes_key
         FROM copy, source JOIN cart_items i ON i.cart_id = source.id
        ORDER BY i.id
       RETURNING 1
     )
     SELECT EXISTS (SELECT 1 FROM source) AS copied, (SELECT count(*)::int FROM lines) AS lines`,
    [sourceGuid, guid],
  );
  if (!row?.copied) throw unknownSource();
  if (row.lines === 0) throw emptySource();
  return readCart(db, guid);
}
