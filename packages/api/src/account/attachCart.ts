import type { Cart } from '@lp/sdk/contract';
import { MAX_CART_LINES } from '@lp/sdk/contract';
import type { FastifyRequest } from 'fastify';
import type { Db, Queryable } from '../db/Db';
import { ApiError } from '../http/ApiError';
import { sessionCustomer, sessionToken } from './sessionCookie';
import { cartRepo, type CartItemRow, type CartRow } from '../cart/cartRepo';
import { maxPieces } from '../cart/cartService';
import { DEFAULT_COMPANY_ID, cartView } from '../cart/cartView';

/** A cart the login weighs: the browser's (CartGuid header) or one of the account's, locked for the transaction. */
interface WeighedCart extends CartRow {
  dealer_id: string | null;
  copied_from: number | null;
  updated_at: Date | string;
  /** How many lines it has. */
  lines: number;
  /** `in_checkout` with a request on the cart within {@link CHECKOUT_IDLE_MINUTES}: a checkout still running. */
  checking_out: boolean;
  /**
   * An order of this cart is placed and not paid yet (`confirmed`, or `paymentPending`: security review 5, its lines
   * must not change): its lines are in that order, a paid one takes them out of the cart.
   */
  placed: boolean;
}

/**
 * A checkout with no request on its cart for this long counts as left (the tab was closed; nothing tells the API):
 * its cart joins another device's at the next login again. What the checkout flag protects is a checkout page still
 * in use, whose order save would take lines the shopper there never saw; entering the checkout and submitting it
 * stamp the cart, typing does not, so the limit is generous to a shopper filling the form with interruptions (looking
 * for the card, a phone call). Too short costs an order with lines the page did not show; too long only keeps two
 * carts apart a while. The payment itself has its own guard (a placed order), whatever the time.
 */
export const CHECKOUT_IDLE_MINUTES = 60;

/** spec 3: the empty default cart, answered when neither the browser nor the account has one. */
const noCart = (): Cart => ({
  id: 0,
  userId: null,
  cartGuid: null,
  deliveryPrice: 0,
  totalAmount: 0,
  items: null,
});

/**
 * A cart that must not change under another device: a checkout runs on it (`startCheckout` until the shopper
 * leaves it, pays, or sends no request for {@link CHECKOUT_IDLE_MINUTES}) or its order is placed and waits for the
 * payment.
 */
const busy = (cart: WeighedCart) => cart.checking_out || cart.placed;

/**
 * A cart a dealer's page filled and holds (a dealer credit, and not the shop's copy of a handoff): never brought to
 * another device of the account, as the dealer's page would then share it with them.
 */
const dealersOwn = (cart: WeighedCart) => cart.dealer_id !== null && cart.copied_from === null;

const newest = (a: WeighedCart, b: WeighedCart) =>
  new Date(b.updated_at).getTime() - new Date(a.updated_at).getTime() || b.id - a.id;

/**
 * Issue 6 and session 16 (decisions.md "One cart on every device"): after the login the browser and the account
 * agree on one cart, answered here (its guid is the one the browser keeps from now on).
 *
 * - The browser has no cart, an empty one, or another account's (never taken, never changed): it takes over the
 *   account's newest open cart (not one whose order is placed and unpaid, not a dealer page's own); without one, its
 *   own cart (if any) becomes the account's, as before, else the empty default cart is answered.
 * - Both have lines: the browser's lines join the account's cart through the cart's merge rule
 *   (`lp_add_cart_item`: the same product and configuration add up, the line and quantity limits hold) and leave
 *   the browser's cart, unless one of the two carts is busy (checkout running, order placed), the browser's carries a
 *   dealer's credit (it stays the dealer's sale) or a limit refuses a line: then the browser keeps its cart, which
 *   becomes the account's, as before.
 *
 * Every cart involved is locked in id order first, so two devices logging in at once cannot deadlock.
 */
export function attachCart(db: Db, guid: string | undefined, customerId: number): Promise<Cart> {
  return db.transaction(async (tx) => {
    // The account's row before the carts, in the order an erasure takes them (session 21, hostile): holding the carts
    // and then waiting for the row (the foreign key of `user_id`) deadlocked with a "Konto löschen" at the same moment.
    // An account deleted meanwhile has no session any more.
    const [holder] = await tx.query('SELECT 1 FROM customers WHERE id = $1 FOR KEY SHARE', [customerId]);
    if (!holder) throw new ApiError(401, 'unauthorized', 'Not logged in.');
    const carts = await tx.query<WeighedCart>(
      `SELECT id, guid::text AS guid, company_id, user_id, in_checkout, shipping_address, billing_address,
              coupon_code, dealer_id, copied_from, updated_at,
              (SELECT count(*)::int FROM cart_items i WHERE i.cart_id = carts.id) AS lines,
              in_checkout AND updated_at > now() - make_interval(mins => $3) AS checking_out,
              EXISTS (SELECT 1 FROM orders o
                       WHERE o.cart_id = carts.id AND o.status IN ('confirmed', 'paymentPending')) AS placed
         FROM carts WHERE user_id = $2 OR guid = $1::uuid ORDER BY id FOR UPDATE`,
      [guid ?? null, customerId, CHECKOUT_IDLE_MINUTES],
    );
    const browser = carts.find((cart) => cart.guid === guid);
    const own = browser && (browser.user_id === null || browser.user_id === customerId) ? browser : undefined;
    const [account] = carts
      .filter((cart) => cart !== browser && cart.user_id === customerId && !cart.placed && !dealersOwn(cart))
      .sort(newest);

    if (own && own.lines > 0) {
      if (account && account.lines > 0 && own.dealer_id === null && !busy(own) && !busy(account)) {
        if (await merged(tx, own, account))
          return cartView(tx, { ...account, coupon_code: account.coupon_code ?? own.coupon_code });
      }
      return attached(tx, own, customerId);
    }
    if (account) return cartView(tx, account);
    if (own) return attached(tx, own, customerId);
    return noCart();
  });
}

/** The browser's cart becomes the account's (issue 6); a checkout it was left in ends (as in {@link merged}). */
async function attached(tx: Queryable, cart: WeighedCart, customerId: number): Promise<Cart> {
  await tx.query(
    'UPDATE carts SET user_id = $2, in_checkout = in_checkout AND $3, updated_at = now() WHERE id = $1',
    [cart.id, customerId, cart.checking_out],
  );
  return cartView(tx, { ...cart, user_id: customerId });
}

/**
 * Adds every line of `from` to `into` as an add would (`lp_add_cart_item`, the one place of the merge rule), at
 * the price the line has, then empties `from`; `into` keeps its coupon, or takes `from`'s. False (and nothing
 * changed) when a limit refuses a line.
 */
async function merged(tx: Queryable, from: WeighedCart, into: WeighedCart): Promise<boolean> {
  const repo = cartRepo(tx);
  const lines: CartItemRow[] = await repo.items(from.id);
  await tx.query('SAVEPOINT lp_merge');
  try {
    for (const line of lines) {
      await repo.addLine({
        guid: into.guid,
        companyId: into.company_id ?? DEFAULT_COMPANY_ID,
        productUniqueId: line.product_unique_id,
        priceCents: line.price_cents,
        title: line.title,
        alias: line.alias,
        quantity: line.quantity,
        attributes: line.attributes,
        attributesKey: line.attributes_key,
        maxQuantity: maxPieces(line.price_cents),
        maxLines: MAX_CART_LINES,
      });
    }
  } catch (error) {
    if (!(error instanceof Error && error.message.includes('lp:'))) throw error;
    await tx.query('ROLLBACK TO SAVEPOINT lp_merge');
    return false;
  }
  await tx.query('DELETE FROM cart_items WHERE cart_id = $1', [from.id]);
  // Neither cart was busy, so a checkout flag either still has is an abandoned one: it ends here, else the stamp
  // of this change would make it count as running again.
  await tx.query('UPDATE carts SET in_checkout = false, updated_at = now() WHERE id = $1', [from.id]);
  await tx.query(
    `UPDATE carts SET coupon_code = COALESCE(coupon_code, $2), in_checkout = false, updated_at = now()
      WHERE id = $1`,
    [into.id, from.coupon_code],
  );
  return true;
}

/**
 * A cart an add or a handoff copy just made while the shopper is logged in is the account's from the start, so
 * another device's login finds it (decisions.md "One cart on every device"). Only a request that brought a session
 * cookie costs the look-up.
 */
export async function claimNewCart(db: Db, request: FastifyRequest, cart: Cart): Promise<Cart> {
  if (!cart.cartGuid || cart.userId !== null || !sessionToken(request)) return cart;
  const customer = await sessionCustomer(db, request);
  if (!customer) return cart;
  await db.query('UPDATE carts SET user_id = $2 WHERE guid = $1::uuid AND user_id IS NULL', [
    cart.cartGuid,
    customer.id,
  ]);
  return { ...cart, userId: customer.id };
}
