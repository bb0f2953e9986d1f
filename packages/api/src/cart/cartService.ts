import type { AddCartItemBody, Attributes, Cart, UpdateCartItemBody } from '@lp/sdk/contract';
import { ATTR, MAX_CART_LINES, MAX_LINE_TOTAL_CENTS } from '@lp/sdk/contract';
import { cachedPricedProduct } from '../catalogue/productLookup';
import type { Db, Queryable } from '../db/Db';
import { ApiError, badRequest, conflict, notFound } from '../http/ApiError';
import { type AddedLine, attributesKey, type CartRow, cartRepo } from './cartRepo';
import { MAX_DESIGN_DEPTH, readDesignDocument } from './readDesignDocument';
import { cartView } from './cartView';
import { linePriceCents } from './variantPrice';
import { validateConfiguration } from './validateConfiguration';

export const MAX_LINE_QUANTITY = 999;

const tooManyPieces = () =>
  badRequest('quantity-out-of-range', `A cart line holds at most ${MAX_LINE_QUANTITY} pieces.`, [
    { field: 'quantity', message: `must be <= ${MAX_LINE_QUANTITY}` },
  ]);

/**
 * The most pieces of one line at this unit price: MAX_LINE_QUANTITY, fewer for an article so dear that the line
 * would be worth more than MAX_LINE_TOTAL_CENTS (the order total must fit the database's integer cents).
 */
export const maxPieces = (priceCents: number) =>
  priceCents > 0
    ? Math.min(MAX_LINE_QUANTITY, Math.floor(MAX_LINE_TOTAL_CENTS / priceCents))
    : MAX_LINE_QUANTITY;

const lineTooDear = () =>
  badRequest(
    'order-total-limit',
    `A cart line may be worth at most ${(MAX_LINE_TOTAL_CENTS / 100).toFixed(2)} EUR; order fewer pieces.`,
    [
      {
        field: 'quantity',
        message: `quantity x price must be <= ${(MAX_LINE_TOTAL_CENTS / 100).toFixed(2)} EUR`,
      },
    ],
  );

/** A line over its maximum: too many pieces, or (for a dear article) worth too much. */
const overMaximum = (priceCents: number) =>
  maxPieces(priceCents) < MAX_LINE_QUANTITY ? lineTooDear() : tooManyPieces();

/** spec 5: quantity between the product's minimum (at least 1) and the line maximum. */
function checkQuantity(quantity: number, minQuantity: number, priceCents: number): void {
  const min = Math.max(1, minQuantity);
  if (quantity < min) {
    throw badRequest('quantity-out-of-range', `The quantity must be at least ${min}.`, [
      { field: 'quantity', message: `must be >= ${min}` },
    ]);
  }
  if (quantity > maxPieces(priceCents)) throw overMaximum(priceCents);
}

function checkDesignAttributes(attributes: Attributes): void {
  const image = attributes[ATTR.designImage];
  if (image !== undefined && !/^(https?:\/\/[^\s"'<>]+|\/uploads\/[a-f0-9]{64}\.(png|jpg))$/.test(image)) {
    throw badRequest('validation', 'Design-Bild must be the URL of an uploaded image.', [
      { field: ATTR.designImage, message: 'must be an http(s) URL' },
    ]);
  }
  const document = attributes[ATTR.designDocument];
  if (document !== undefined && readDesignDocument(document) === undefined) {
    throw badRequest(
      'validation',
      `Design-Dokument must be a JSON document nested at most ${MAX_DESIGN_DEPTH} levels deep.`,
      [{ field: ATTR.designDocument, message: 'must be JSON' }],
    );
  }
}

const missingGuid = () =>
  badRequest('parameter-missing', 'The CartGuid header is missing.', [
    { field: 'CartGuid', message: 'is required' },
  ]);
const unknownCart = () =>
  badRequest('cart-not-found', 'Unknown cart.', [{ field: 'CartGuid', message: 'names no cart' }]);

/** Reads the cart named by the CartGuid header, or answers 400 (DESIGN 2: the SDK reads 400 as "no cart"). */
export async function requireCart(db: Queryable, guid: string | undefined, lock = false): Promise<CartRow> {
  if (!guid) throw missingGuid();
  const repo = cartRepo(db);
  const cart = lock ? await repo.lock(guid) : await repo.byGuid(guid);
  if (!cart) throw unknownCart();
  return cart;
}

/** GET getCart: the cart and its lines in one statement, with the same 400s as {@link requireCart}. */
export async function readCart(db: Queryable, guid: string | undefined): Promise<Cart> {
  if (!guid) throw missingGuid();
  const found = await cartRepo(db).withLines(guid);
  if (!found) throw unknownCart();
  return cartView(db, found.cart, found.items);
}

const paymentRunning = () => conflict('payment-running', 'A payment for this cart is under way.');

/** A cart holds at most MAX_CART_LINES distinct lines (a bounded cart keeps every add cheap); merging still works. */
const tooManyLines = () =>
  badRequest(
    'cart-line-limit',
    `A cart holds at most ${MAX_CART_LINES} different lines; change the quantity of a line or remove one first.`,
    [{ field: 'productUniqueId', message: `the cart already has ${MAX_CART_LINES} lines` }],
  );

/**
 * Security review 5: while the cart's order waits for its payment, the lines that payment covers must not change
 * (the shopper would pay for one thing and get another).
 */
export async function requireNoPaymentRunning(db: Queryable, guid: string): Promise<void> {
  const rows = await db.query(
    `SELECT 1 FROM orders o JOIN carts c ON c.id = o.cart_id
      WHERE c.guid = $1::uuid AND o.status = 'paymentPending' LIMIT 1`,
    [guid],
  );
  if (rows.length > 0) throw paymentRunning();
}

/**
 * Adds a configured product (DESIGN 2). Creates the cart when no guid (or an unknown one) is sent; merges lines
 * with the same product and attributes. The cart row lock makes concurrent adds to one cart lose nothing. With a
 * `requestKey` (the `Idempotency-Key` header) the cart answers a key it saw within 24 hours as it is, adding nothing.
 */
export async function addItem(
  db: Db,
  guid: string | undefined,
  body: AddCartItemBody,
  requestKey?: string,
): Promise<Cart> {
  const entry = body.addData[0];
  if (body.addData.length !== 1 || !entry) {
    throw badRequest('validation', 'addData must hold exactly one entry.', [
      { field: 'addData', message: 'needs exactly 1 entry' },
    ]);
  }
  if (entry.count !== body.quantity) {
    throw badRequest('validation', 'addData[0].count must equal quantity.', [
      { field: 'addData.0.count', message: 'must equal quantity' },
    ]);
  }
  const typed = entry.info.Attributes;
  checkDesignAttributes(typed);
  const priced = await cachedPricedProduct(db, body.productUniqueId);
  if (!priced)
    throw notFound('product-not-found', `Product ${body.productUniqueId.trim().slice(0, 100)} not found.`);
  const check = validateConfiguration(priced.attributes, typed);
  if (!check.ok)
    throw new ApiError(400, 'plate-invalid', check.message, [
      { field: ATTR.plateText, message: check.message },
    ]);
  // The line holds the plate text as it is pressed ('oehr ab 12' becomes 'ÖHR-AB 12', 'BAB123' 'BA-B 123'): the
  // cart, the order and its confirmation mail ("Sie werden genau so geprägt") show what the print file shows, and
  // two spellings of one plate are one line.
  const attributes = check.text === undefined ? typed : { ...typed, [ATTR.plateText]: check.text };
  const priceCents = linePriceCents(priced, attributes);
  checkQuantity(body.quantity, priced.minQuantity, priceCents);
  // Security review 5 and the line limit are checked inside the add statement (migrations/010), under the cart
  // row lock.

  let added: AddedLine;
  try {
    added = await cartRepo(db).addLine({
      guid,
      companyId: priced.companyId,
      productUniqueId: priced.lineId,
      priceCents,
      title: priced.title,
      alias: priced.alias,
      quantity: body.quantity,
      attributes,
      attributesKey: attributesKey(attributes),
      maxQuantity: maxPieces(priceCents),
      maxLines: MAX_CART_LINES,
      requestKey,
    });
  } catch (error) {
    if (error instanceof Error && error.message.includes('lp:max-quantity')) throw overMaximum(priceCents);
    if (error instanceof Error && error.message.includes('lp:payment-pending')) throw paymentRunning();
    if (error instanceof Error && error.message.includes('lp:line-limit')) throw tooManyLines();
    throw error;
  }
  // The function answers the cart and all its lines, so the view needs no further query.
  return cartView(db, added.cart, added.items);
}

export async function updateItem(db: Db, guid: string | undefined, body: UpdateCartItemBody): Promise<Cart> {
  return db.transaction(async (tx) => {
    const cart = await requireCart(tx, guid, true);
    await requireNoPaymentRunning(tx, cart.guid);
    const repo = cartRepo(tx);
    const items = await repo.items(cart.id);
    const item = items.find((i) => i.internal_id === body.itemInternalId.toLowerCase());
    if (!item) throw notFound('not-found', 'Cart item not found.');
    const priced = await cachedPricedProduct(tx, item.product_unique_id);
    if (!priced) throw notFound('product-not-found', 'The product of this cart item no longer exists.');
    // The line keeps the variant price its configuration chose (security review 4).
    const priceCents = linePriceCents(priced, item.attributes);
    checkQuantity(body.quantity, priced.minQuantity, priceCents);
    await repo.setQuantity(item.id, body.quantity, priceCents);
    item.quantity = body.quantity;
    item.price_cents = priceCents;
    return cartView(tx, cart, items);
  });
}

export async function removeItem(db: Db, guid: string | undefined, itemInternalId: string): Promise<Cart> {
  return db.transaction(async (tx) => {
    const cart = await requireCart(tx, guid, true);
    await requireNoPaymentRunning(tx, cart.guid);
    const repo = cartRepo(tx);
    const items = await repo.items(cart.id);
    const item = items.find((i) => i.internal_id === itemInternalId.toLowerCase());
    if (!item) throw notFound('not-found', 'Cart item not found.');
    await repo.deleteItem(item.id);
    return cartView(
      tx,
      cart,
      items.filter((i) => i !== item),
    );
  });
}
