import type {
  AddCartItemBody,
  Address,
  Cart,
  RemoveCartItemBody,
  UpdateCartItemBody,
} from '@lp/sdk/contract';
import { paths } from '@lp/sdk/contract';
import type { FastifyInstance } from 'fastify';
import { attachCart } from '../account/attachCart';
import { sessionCustomer } from '../account/sessionCookie';
import type { ApiContext } from '../context';
import { badRequest } from '../http/ApiError';
import { describe, validateAddress } from '../validation/validateAddress';
import { cartGuidOf } from './cartGuid';
import { cartRepo } from './cartRepo';
import { addCartItemSchema, addressSchema, removeCartItemSchema, updateCartItemSchema } from './cartSchemas';
import { addItem, removeItem, requireCart, updateItem } from './cartService';
import { cartView } from './cartView';

/** spec 7 cart endpoints; the cart is always named by the CartGuid header (DESIGN 2). */
export async function cartRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  const { db, cartCache } = ctx;

  /** Runs a cart mutation, then drops the cached view (after commit; also after a failure, which is harmless). */
  async function mutate(guid: string | undefined, run: () => Promise<Cart>): Promise<Cart> {
    let result: Cart | undefined;
    try {
      result = await run();
      return result;
    } finally {
      if (guid) cartCache.invalidate(guid);
      if (result?.cartGuid && result.cartGuid !== guid) cartCache.invalidate(result.cartGuid);
    }
  }

  app.get(paths.cart.get, async (request) => {
    const guid = cartGuidOf(request);
    if (!guid) return cartView(db, await requireCart(db, guid));
    return cartCache.load(guid, async () => cartView(db, await requireCart(db, guid)));
  });

  app.post(paths.cart.addItem, { schema: { body: addCartItemSchema } }, async (request) => {
    const guid = cartGuidOf(request);
    return mutate(guid, () => addItem(db, guid, request.body as AddCartItemBody));
  });

  app.post(paths.cart.updateItem, { schema: { body: updateCartItemSchema } }, async (request) => {
    const guid = cartGuidOf(request);
    return mutate(guid, () => updateItem(db, guid, request.body as UpdateCartItemBody));
  });

  app.post(paths.cart.removeItem, { schema: { body: removeCartItemSchema } }, async (request) => {
    const guid = cartGuidOf(request);
    return mutate(guid, () => removeItem(db, guid, (request.body as RemoveCartItemBody).itemInternalId));
  });

  for (const [path, kind] of [
    [paths.cart.addShippingAddress, 'shipping'],
    [paths.cart.addBillingAddress, 'billing'],
  ] as const) {
    app.post(path, { schema: { body: addressSchema } }, async (request) => {
      const address = request.body as Address;
      const errors = validateAddress('address', address);
      if (errors.length > 0) throw badRequest(describe(errors), errors);
      const guid = cartGuidOf(request);
      return mutate(guid, () =>
        db.transaction(async (tx) => {
          const cart = await requireCart(tx, guid, true);
          await cartRepo(tx).touch(cart.id, { [kind]: address });
          return cartView(tx, cart);
        }),
      );
    });
  }

  for (const [path, inCheckout] of [
    [paths.cart.startCheckout, true],
    [paths.cart.stopCheckout, false],
  ] as const) {
    // spec 4: checkout can start only once a cart with a guid exists.
    app.post(path, async (request) => {
      const guid = cartGuidOf(request);
      return mutate(guid, () =>
        db.transaction(async (tx) => {
          const cart = await requireCart(tx, guid, true);
          await cartRepo(tx).touch(cart.id, { inCheckout });
          return cartView(tx, { ...cart, in_checkout: inCheckout });
        }),
      );
    });
  }

  // spec 4 / issue 6: with a session the cart becomes the customer's (userId); without one it answers unchanged.
  app.post(paths.cart.attachToUser, async (request) => {
    const guid = cartGuidOf(request);
    const customer = await sessionCustomer(db, request);
    if (!customer) return cartView(db, await requireCart(db, guid));
    return mutate(guid, () => attachCart(db, guid, customer.id));
  });
}
