import type { LpClient, RequestOptions } from '../client/createClient';
import type { Cart } from '../contract/entities';
import type {
  AddCartItemBody,
  CartAddressBody,
  RemoveCartItemBody,
  UpdateCartItemBody,
} from '../contract/payloads';
import { cartPaths as path } from '../contract/paths';
import type { LpError } from '../errors';
import { requireObject, requireText } from './requireParam';

/**
 * spec 3: the empty default cart (a fresh object each call).
 *
 * @example
 * emptyCart(); // { id: 0, userId: null, cartGuid: null, deliveryPrice: 0, totalAmount: 0, items: null }
 */
export const emptyCart = (): Cart => ({
  id: 0,
  userId: null,
  cartGuid: null,
  deliveryPrice: 0,
  totalAmount: 0,
  items: null,
});

export type CartService = ReturnType<typeof createCartService>;

/**
 * Cart calls of spec 7. The client adds the CartGuid header from the app state; `getCart` answers the empty
 * default cart when the server says 400 (spec 8). The image upload lives in {@link createCartImageUpload} so the
 * cart-only entry stays small; `sdk.cart` has both.
 *
 * @example
 * const cart = createCartService(client);
 * await cart.addItem({ productUniqueId: 'FKZ-001', quantity: 1, addData: [...] });
 */
export function createCartService(client: LpClient) {
  /** POST with a JSON object body; the check runs inside the promise, so bad input rejects. */
  const send = async <T>(url: string, body: object, headers?: Record<string, string>): Promise<T> =>
    client.request<T>('POST', url, { body: requireObject('body', body), headers });
  /** POST without a body. The cart endpoints answer the cart; the void calls leave it unread (spec 7). */
  const post = <T = void>(url: string): Promise<T> => client.request<T>('POST', url);
  const line = <T extends { itemInternalId: string }>(body: T) => {
    requireText('itemInternalId', requireObject('body', body).itemInternalId);
    return body;
  };

  return {
    /**
     * The current cart; the empty default cart on 400 (unknown or missing guid).
     * @example const current = await sdk.cart.getCart();
     */
    async getCart(options?: Pick<RequestOptions, 'signal' | 'timeoutMs'>): Promise<Cart> {
      // spec 8: "Get cart: status 400 is treated as an empty cart; other errors pass on." The 400 answers nothing,
      // and so does an empty body: one empty cart for both.
      const cart = await client
        .request<Cart>('GET', path.get, options)
        .catch((error: LpError | undefined) => {
          // The client throws only LpErrors; `?.` for a custom app state throwing null.
          if (error?.status !== 400) throw error;
        });
      return cart ?? emptyCart();
    },
    /**
     * Adds a configured line; the server prices it and answers the whole cart. Retried after a network error with
     * the same `Idempotency-Key`, so a lost answer never adds the line twice.
     * @example await sdk.cart.addItem({ productUniqueId: 'FKZ-001', quantity: 2, addData: [{ count: 2, info: { Alias: 'funschild', Title: 'Funschild', Attributes: { Kennzeichen: 'HALLO' } } }] });
     */
    addItem: (body: AddCartItemBody) =>
      // One key per add, the same on the client's retries: an add whose answer was lost is retried and the cart
      // answers the repeat without adding again (docs/reference/http-contract.md). Unique per cart is enough, no
      // secret: Math.random, as crypto.randomUUID exists only in secure contexts and a dealer's page may be plain http.
      send<Cart>(path.addItem, body, { 'Idempotency-Key': `${Math.random()}` }),
    /** @example await sdk.cart.updateItem({ itemInternalId: line.itemInternalId, quantity: 3 }); */
    updateItem: async (body: UpdateCartItemBody) => send<Cart>(path.updateItem, line(body)),
    /** @example await sdk.cart.removeItem({ itemInternalId: line.itemInternalId }); */
    removeItem: async (body: RemoveCartItemBody) => send<Cart>(path.removeItem, line(body)),
    /** spec 7: no response is read. @example await sdk.cart.addShippingAddress(address); */
    addShippingAddress: (address: CartAddressBody) => send<void>(path.addShippingAddress, address),
    /** @example await sdk.cart.addBillingAddress(address); */
    addBillingAddress: (address: CartAddressBody) => send<void>(path.addBillingAddress, address),
    /** @example await sdk.cart.startCheckout(); */
    startCheckout: () => post(path.startCheckout),
    /** @example await sdk.cart.stopCheckout(); */
    stopCheckout: () => post(path.stopCheckout),
    /**
     * spec 4: after a login, the browser's cart and the account's become one and the answer is that cart (with a
     * session the call needs no CartGuid). The browser has none or an empty one: the account's newest open cart;
     * both have lines: the browser's join the account's cart by the add's merge rule (not while either is in
     * checkout or has a confirmed or paying order); else the browser's cart, now the account's. Its `cartGuid` may differ from the stored one: adopt
     * it (`cartStore.getState().adoptCartGuid`), or forget the stored guid when it is null. Without a session the
     * cart is answered unchanged.
     * @example const cart = await sdk.cart.attachToUser();
     */
    attachToUser: () => post<Cart>(path.attachToUser),
    /**
     * Issue 13: puts a coupon on the cart (replacing its coupon) and answers the cart with the coupon's discount.
     * Errors as validate's (coupon-not-found 404, coupon-expired / coupon-minimum-not-reached / validation 400).
     * @example await sdk.cart.applyCoupon('WILLKOMMEN10');
     */
    applyCoupon: async (code: string) => send<Cart>(path.applyCoupon, { code: requireText('code', code) }),
    /** Issue 13: takes the coupon off the cart (answers the cart; harmless without one). @example await sdk.cart.removeCoupon(); */
    removeCoupon: () => post<Cart>(path.removeCoupon),
  };
}
