import type { Cart } from '@lp/sdk/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/Db';
import { ApiError } from '../http/ApiError';
import { attributeCart } from './dealerRepo';
import type { DealerRegistry } from './dealerRegistry';

/**
 * Issue 12: an add that names a dealer (`dealer` in the body). An unknown dealer refuses the add before it runs
 * (400 `unknown-dealer`); after the add the cart records the dealer unless it has one already: the first dealer
 * keeps the cart. The record is a second statement after the add; if only it fails, the add stands (the shopper's
 * line must not vanish over bookkeeping) and the next add with the dealer records it.
 */
export async function attributedAdd(
  db: Db,
  dealers: DealerRegistry,
  dealer: string | undefined,
  log: FastifyBaseLogger,
  add: () => Promise<Cart>,
): Promise<Cart> {
  if (dealer === undefined) return add();
  if (!(await dealers.isDealer(dealer))) {
    throw new ApiError(
      400,
      'unknown-dealer',
      `No dealer '${dealer}' is registered; ask the shop operator for your dealer id.`,
      [{ field: 'dealer', message: 'is not a registered dealer' }],
    );
  }
  const cart = await add();
  if (cart.cartGuid) {
    await attributeCart(db, cart.cartGuid, dealer).catch((error: unknown) => {
      log.warn({ err: error, dealer }, 'cart not attributed to its dealer');
    });
  }
  return cart;
}
