import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { cartCopyPath, paths } from '@lp/sdk/contract';
import {
  AddCartItemBodySchema,
  AddressSchema,
  CartSchema,
  CopyCartBodySchema,
  RemoveCartItemBodySchema,
  UpdateCartItemBodySchema,
} from '@lp/sdk/contract/schemas';
import type { FastifyInstance } from 'fastify';
import { attachCart, claimNewCart } from '../account/attachCart';
import { sessionCustomer } from '../account/sessionCookie';
import type { ApiContext } from '../context';
import { attributedAdd } from '../dealers/attributedAdd';
import { badRequest } from '../http/ApiError';
import { responses } from '../http/schemas';
import { retentionSweep } from '../limits/retention';
import { composed, describe, validateAddress } from '../validation/validateAddress';
import { cartGuidOf } from './cartGuid';
import { cartRepo } from './cartRepo';
import { copyCart } from './copyCart';
import { idempotencyKeyOf } from './idempotencyKey';
import { addItem, readCart, removeItem, requireCart, updateItem } from './cartService';
import { cartView } from './cartView';
import { noStore } from '../http/noStore';

/**
 * Carts nothing changed for this many days, and from which no order was placed, are deleted (their lines carry plate
 * numbers, their addresses names; docs/learn/run-in-production.md, "Personal data"). The cart reminder (spec 4)
 * greets a shopper who comes back after 24 hours; a quarter of a year also keeps the cart of one who configures a
 * plate before a registration appointment weeks away (docs/reference/decisions.md, cart retention).
 */
export const CART_RETENTION_DAYS = 90;

/** spec 7 cart endpoints; the cart is always named by the CartGuid header (DESIGN 2). */
export async function cartRoutes(fastify: FastifyInstance, ctx: ApiContext): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  // Every cart endpoint answers the cart (spec 7).
  const response = responses({ 200: CartSchema });
  const { db } = ctx;
  // The writes that create carts (an add without a known cart, a copy) delete the stale ones.
  const sweep = retentionSweep(db, 'carts', CART_RETENTION_DAYS);
  // The add's keys answer repeats for a day (migrations/018); the adds that write them delete the older ones.
  const sweepKeys = retentionSweep(db, 'cart_add_keys', 1);
  // Every answer is one shopper's cart.
  app.addHook('onRequest', noStore);

  app.get(paths.cart.get, { schema: { response } }, async (request) => {
    return readCart(db, cartGuidOf(request));
  });

  app.post(paths.cart.addItem, { schema: { body: AddCartItemBodySchema, response } }, async (request) => {
    const guid = cartGuidOf(request);
    // A repeated key answers the cart without adding (an SDK retrying an add whose answer was lost).
    const key = idempotencyKeyOf(request);
    await sweep();
    if (key) await sweepKeys();
    // Issue 12: `dealer` credits the cart to a registered dealer (dealers/attributedAdd.ts).
    const cart = await attributedAdd(db, ctx.dealers, request.body.dealer, request.log, () =>
      addItem(db, guid, request.body, key),
    );
    return cart.cartGuid === guid ? cart : claimNewCart(db, request, cart);
  });

  // The storefront's handoff of a dealer's cart (/cart?cartGuid=): the shopper continues in a copy of their own.
  app.post(cartCopyPath, { schema: { body: CopyCartBodySchema, response } }, async (request) => {
    await sweep();
    return claimNewCart(db, request, await copyCart(db, request.body.cartGuid.toLowerCase()));
  });

  app.post(
    paths.cart.updateItem,
    { schema: { body: UpdateCartItemBodySchema, response } },
    async (request) => {
      const guid = cartGuidOf(request);
      return updateItem(db, guid, request.body);
    },
  );

  app.post(
    paths.cart.removeItem,
    { schema: { body: RemoveCartItemBodySchema, response } },
    async (request) => {
      const guid = cartGuidOf(request);
      return removeItem(db, guid, request.body.itemInternalId);
    },
  );

  for (const [path, kind] of [
    [paths.cart.addShippingAddress, 'shipping'],
    [paths.cart.addBillingAddress, 'billing'],
  ] as const) {
    app.post(path, { schema: { body: AddressSchema, response } }, async (request) => {
      const address = composed(request.body);
      const errors = validateAddress('address', address);
      if (errors.length > 0) throw badRequest('validation', describe(errors), errors);
      const guid = cartGuidOf(request);
      return db.transaction(async (tx) => {
        const cart = await requireCart(tx, guid, true);
        await cartRepo(tx).touch(cart.id, { [kind]: address });
        return cartView(tx, cart);
      });
    });
  }

  for (const [path, inCheckout] of [
    [paths.cart.startCheckout, true],
    [paths.cart.stopCheckout, false],
  ] as const) {
    // spec 4: checkout can start only once a cart with a guid exists.
    app.post(path, { schema: { response } }, async (request) => {
      const guid = cartGuidOf(request);
      return db.transaction(async (tx) => {
        const cart = await requireCart(tx, guid, true);
        await cartRepo(tx).touch(cart.id, { inCheckout });
        return cartView(tx, { ...cart, in_checkout: inCheckout });
      });
    });
  }

  // spec 4 / issue 6: with a session the browser and the account agree on one cart (account/attachCart.ts), which is
  // answered, also without a CartGuid; without a session the cart answers unchanged (400 without one).
  app.post(paths.cart.attachToUser, { schema: { response } }, async (request) => {
    const guid = cartGuidOf(request);
    const customer = await sessionCustomer(db, request);
    if (!customer) return cartView(db, await requireCart(db, guid));
    return attachCart(db, guid, customer.id);
  });
}
