import { randomUUID } from 'node:crypto';
import type { Customer, Order, SaveOrderBody } from '@lp/sdk/contract';
import { MAX_ORDER_TOTAL_CENTS } from '@lp/sdk/contract';
import { berlinYear } from '../berlinCalendar';
import { cartRepo } from '../cart/cartRepo';
import { requireCart } from '../cart/cartService';
import { priceCart } from '../cart/cartPricing';
import { DEFAULT_COMPANY_ID } from '../cart/cartView';
import { discountCents, storedCoupon, usableCoupon } from '../coupons/couponRepo';
import type { Db, Queryable } from '../db/Db';
import { ApiError, badRequest, conflict, notFound } from '../http/ApiError';
import { toCents, wholeCents } from '../money';
import { shippingFor } from '../shipping/shippingRepo';
import {
  composed,
  describe,
  type FieldError,
  validateAddress,
  validateBillingPerson,
} from '../validation/validateAddress';
import { comparableEmail } from '../validation/comparableEmail';
import { invoiceReferenceErrors, invoiceReferencesOf } from '../validation/invoiceReferences';
import { loadOrder, ORDER_COLUMNS, type OrderRow, orderByGuid } from './orderRepo';

/** Human-friendly, unique order numbers from a database sequence: LP-2026-000123. */
async function nextOrderNumber(tx: Queryable): Promise<string> {
  const [row] = await tx.query<{ n: number }>("SELECT nextval('order_number_seq')::int AS n");
  // The year of the shop's calendar, as the invoice number's (RE-2027-… for an order at 00:30 on 1 January in Berlin).
  return `LP-${berlinYear(new Date())}-${String(row!.n).padStart(6, '0')}`;
}

export function validateSaveOrder(body: SaveOrderBody): void {
  const errors: FieldError[] = [
    ...validateBillingPerson(body.billingPerson),
    ...validateAddress('shippingAddress', body.shippingAddress),
    ...(body.billingAddress ? validateAddress('billingAddress', body.billingAddress) : []),
    ...invoiceReferenceErrors(body),
  ];
  // Euro with at most two decimals (the schema bounds its range and type): 29.4 is 2940 cents, 29.401 is no amount.
  const expected = body.expectedTotal;
  if (expected !== undefined && wholeCents(expected) === null)
    errors.push({ field: 'expectedTotal', message: 'at most two decimals' });
  if (errors.length > 0) throw badRequest('validation', describe(errors), errors);
}

async function requirePaymentType(tx: Queryable, companyId: number, method: string): Promise<void> {
  const rows = await tx.query('SELECT 1 FROM payment_types WHERE company_id = $1 AND id = $2', [
    companyId,
    method,
  ]);
  if (rows.length === 0) {
    throw badRequest('validation', `The payment method ${method} is not offered.`, [
      { field: 'paymentMethod', message: 'unknown' },
    ]);
  }
}

/**
 * The order a save may rewrite: only the one the caller names by `headerGuid` (proof it saved that order before),
 * and only while it belongs to this cart and is unpaid. Holding a cart guid alone never reaches an existing order
 * (security review 1: a shared `/cart?cartGuid=` link must not hand over somebody else's order).
 */
async function reusableOrder(
  tx: Queryable,
  cartId: number,
  headerGuid: string | undefined,
): Promise<OrderRow | undefined> {
  const pending = await tx.query(
    "SELECT 1 FROM orders WHERE cart_id = $1 AND status = 'paymentPending' LIMIT 1 FOR UPDATE",
    [cartId],
  );
  if (pending.length > 0) throw conflict('payment-running', 'A payment for this order is in progress.');
  if (!headerGuid) return undefined;
  const [existing] = await tx.query<OrderRow>(
    `SELECT ${ORDER_COLUMNS} FROM orders WHERE cart_id = $1 AND header_guid = $2::uuid AND status <> 'paid'
      FOR UPDATE`,
    [cartId, headerGuid],
  );
  return existing;
}

/**
 * DESIGN 2: saves the cart named by CartGuid as an order. Saving again with the `headerGuid` of this cart's unpaid
 * order rewrites that order and puts it back to 'saved'; any other save creates a new order and supersedes the
 * cart's older unpaid ones. The order is linked to a customer only through the session (`customer`), never by the
 * billing email. Prices, quantity discounts, shipping and coupon are recomputed here (cart/cartPricing.ts). The
 * coupon is the cart's (issue 13); a `couponCode` in the body (the older flow) is checked strictly instead.
 */
export async function saveOrder(
  db: Db,
  guid: string | undefined,
  typed: SaveOrderBody,
  customer?: Customer,
): Promise<string> {
  const body: SaveOrderBody = {
    ...typed,
    billingPerson: composed(typed.billingPerson),
    shippingAddress: composed(typed.shippingAddress),
    ...(typed.billingAddress ? { billingAddress: composed(typed.billingAddress) } : {}),
  };
  validateSaveOrder(body);
  return db.transaction(async (tx) => {
    // The account's row before the cart, in the order "Konto löschen" takes them (session 22, hostile): holding the
    // cart and then waiting for the row (the foreign key of `customer_id`) deadlocked with an erasure at the same
    // moment. An account deleted meanwhile has no session any more.
    if (customer) {
      const [holder] = await tx.query('SELECT 1 FROM customers WHERE id = $1 FOR KEY SHARE', [customer.id]);
      if (!holder) throw new ApiError(401, 'unauthorized', 'Not logged in.');
    }
    const cart = await requireCart(tx, guid, true);
    const items = await cartRepo(tx).items(cart.id);
    if (items.length === 0)
      throw badRequest('cart-empty', 'The cart is empty.', [
        { field: 'CartGuid', message: 'cart has no items' },
      ]);
    const companyId = cart.company_id ?? DEFAULT_COMPANY_ID;
    await requirePaymentType(tx, companyId, body.paymentMethod);
    const existing = await reusableOrder(tx, cart.id, body.headerGuid);
    const priced = await priceCart(tx, companyId, items, cart.coupon_code);
    // A line whose product the shop no longer sells (removed, hidden, its variant changed) is not sold: the shopper
    // removes it and orders the rest (docs/reference/decisions.md, "Catalogue changes while a shopper buys").
    const gone = priced.lines.filter((line) => !line.offered);
    if (gone.length > 0) {
      throw new ApiError(
        404,
        'product-not-found',
        'A product in the cart is no longer offered; remove it from the cart and order again.',
        gone.map((line) => ({ field: 'itemInternalId', message: line.internal_id })),
      );
    }
    const cartCents = priced.goodsCents;
    // The goods total must fit the orders' integer cents; a cart over the documented maximum is bad input.
    if (cartCents > MAX_ORDER_TOTAL_CENTS) {
      throw badRequest(
        'order-total-limit',
        `An order may be worth at most ${(MAX_ORDER_TOTAL_CENTS / 100).toFixed(2)} EUR; remove lines or pieces.`,
        [{ field: 'CartGuid', message: 'cart total over the order maximum' }],
      );
    }
    const shipping = await shippingFor(tx, companyId, cartCents);
    // A cart coupon that takes nothing now (minimum not reached, expired) is left out: the cart and checkout
    // totals the shopper saw did not count it either.
    let coupon = priced.coupon && !priced.coupon.problem ? priced.coupon.loaded : null;
    if (body.couponCode) coupon = await usableCoupon(tx, body.couponCode, companyId, cartCents);
    // § 312j (2), (3) BGB: the total shown above the order button is the one owed. A change after that review (a
    // price, tier, coupon or shipping rate) refuses the save, higher or lower, and nothing is written; the current
    // total (what the order and its payment would be) goes back for the client's new review.
    const totalCents =
      cartCents - (coupon ? discountCents(coupon, cartCents) : 0) + (shipping?.costCents ?? 0);
    if (body.expectedTotal !== undefined && toCents(body.expectedTotal) !== totalCents) {
      throw new ApiError(
        409,
        'price-changed',
        'The total changed since it was shown; read the cart and let the shopper review the order again.',
        [{ field: 'expectedTotal', message: (totalCents / 100).toFixed(2) }],
      );
    }
    // Session 20: a company buyer's Leitweg-ID or own order number and USt-IdNr. (checked above), for the invoice.
    const references = invoiceReferencesOf(body);
    const values = [
      companyId,
      customer?.id ?? null,
      customer?.customerCompanyId ?? null,
      customer?.customerCompanyGroupRoleId ?? null,
      cartCents,
      coupon ? discountCents(coupon, cartCents) : 0,
      shipping?.costCents ?? 0,
      shipping?.methodId ?? 0,
      shipping?.name ?? '',
      // Kept in the shop's comparable form (validation/comparableEmail.ts): the export, the erasure, the join into an
      // account and the withdrawal find the order by `= $1`, whatever letters the shopper typed.
      JSON.stringify({ ...body.billingPerson, email: comparableEmail(body.billingPerson.email) }),
      JSON.stringify(body.shippingAddress),
      JSON.stringify(body.billingAddress ?? body.shippingAddress),
      body.paymentMethod,
      coupon ? JSON.stringify(storedCoupon(coupon)) : null,
      references.buyerReference,
      references.buyerVatId,
    ];
    let orderId: number;
    let headerGuid: string;
    if (existing) {
      orderId = existing.id;
      headerGuid = existing.header_guid;
      await tx.query(
        `UPDATE orders SET company_id = $2, customer_id = $3, customer_company_id = $4,
           customer_company_group_role_id = $5, cart_cents = $6, discount_cents = $7, shipping_cents = $8,
           shipping_method_id = $9, shipping_method_name = $10, billing_person = $11::jsonb,
           shipping_address = $12::jsonb, billing_address = $13::jsonb, payment_method = $14, coupon = $15::jsonb,
           buyer_reference = $16, buyer_vat_id = $17, status = 'saved', updated_at = now(),
           buyer_written_at = now()
         WHERE id = $1`,
        [orderId, ...values],
      );
      await tx.query('DELETE FROM order_items WHERE order_id = $1', [orderId]);
    } else {
      headerGuid = randomUUID();
      const [row] = await tx.query<{ id: number }>(
        `INSERT INTO orders (header_guid, order_number, cart_id, status, company_id, customer_id, customer_company_id,
           customer_company_group_role_id, cart_cents, discount_cents, shipping_cents, shipping_method_id,
           shipping_method_name, billing_person, shipping_address, billing_address, payment_method, coupon, buyer_reference,
           buyer_vat_id, document_token)
         VALUES ($1::uuid, $2, $3, 'saved', $4, $5, $6, $7, $8, $9, $10, $11, $12, $13::jsonb, $14::jsonb, $15::jsonb,
           $16, $17::jsonb, $18, $19, gen_random_uuid())
         RETURNING id`,
        [headerGuid, await nextOrderNumber(tx), cart.id, ...values],
      );
      orderId = row!.id;
      // Older unpaid orders of this cart are superseded: nobody may confirm or pay them any more.
      await tx.query(
        `UPDATE orders SET status = 'cancelled', updated_at = now()
          WHERE cart_id = $1 AND id <> $2 AND status IN ('saved', 'confirmed')`,
        [cart.id, orderId],
      );
    }
    for (const [position, item] of priced.lines.entries()) {
      await tx.query(
        `INSERT INTO order_items (order_id, position, item_id, item_internal_id, business_name, price_cents, quantity,
           attributes, discount_percent, unit_discount_cents)
         VALUES ($1, $2, $3, $4::uuid, $5, $6, $7, $8::jsonb, $9, $10)`,
        [
          orderId,
          position,
          item.product_unique_id,
          item.internal_id,
          item.title,
          item.price_cents,
          item.quantity,
          JSON.stringify(item.attributes),
          item.linePrice.percent,
          item.linePrice.unitCents - item.linePrice.discountedUnitCents,
        ],
      );
    }
    return headerGuid;
  });
}

/** Reads an order by guid for change, or answers 404. */
export async function requireOrder(tx: Queryable, headerGuid: string, lock = false): Promise<OrderRow> {
  const order = await orderByGuid(tx, headerGuid, lock);
  if (!order) throw notFound('not-found', 'Order not found.');
  return order;
}

/**
 * DESIGN 2: confirmOrder freezes a saved order; confirming twice is harmless, a paid one cannot go back. With the row
 * (its `personal_shown`), as the caller names the order by its guid alone (personalWindow.ts).
 */
export async function confirmOrder(db: Db, headerGuid: string): Promise<{ row: OrderRow; order: Order }> {
  return db.transaction(async (tx) => {
    const order = await requireOrder(tx, headerGuid, true);
    if (order.status === 'paid' || order.status === 'cancelled') {
      throw conflict('order-state', `The order is ${order.status} and cannot be confirmed.`);
    }
    if (order.status === 'saved') {
      await tx.query("UPDATE orders SET status = 'confirmed', updated_at = now() WHERE id = $1", [order.id]);
      order.status = 'confirmed';
    }
    return { row: order, order: await loadOrder(tx, order) };
  });
}

function requireChangeable(order: OrderRow): void {
  if (order.status !== 'saved' && order.status !== 'confirmed') {
    throw conflict('order-state', `The order is ${order.status}; its coupon can no longer change.`);
  }
}

/** spec 7 POST /api/Order/coupon: 201 with the order (and its row, as confirmOrder), 409 when one is applied. */
export async function applyCoupon(
  db: Db,
  headerGuid: string,
  code: string,
): Promise<{ row: OrderRow; order: Order }> {
  return db.transaction(async (tx) => {
    const order = await requireOrder(tx, headerGuid, true);
    const coupon = await usableCoupon(tx, code, order.company_id, order.cart_cents);
    if (order.coupon) throw conflict('coupon-already-applied', 'A coupon is already applied to this order.');
    requireChangeable(order);
    const discount = discountCents(coupon, order.cart_cents);
    const stored = storedCoupon(coupon);
    await tx.query(
      'UPDATE orders SET coupon = $2::jsonb, discount_cents = $3, updated_at = now() WHERE id = $1',
      [order.id, JSON.stringify(stored), discount],
    );
    const row = { ...order, coupon: stored, discount_cents: discount };
    return { row, order: await loadOrder(tx, row) };
  });
}

/** spec 7 DELETE /api/Order/{headerGuid}/coupon: 204, 404 when the order or its coupon is missing. */
export async function removeCoupon(db: Db, headerGuid: string): Promise<void> {
  await db.transaction(async (tx) => {
    const order = await requireOrder(tx, headerGuid, true);
    if (!order.coupon) throw notFound('coupon-not-applied', 'The order has no coupon.');
    requireChangeable(order);
    await tx.query('UPDATE orders SET coupon = NULL, discount_cents = 0, updated_at = now() WHERE id = $1', [
      order.id,
    ]);
  });
}
