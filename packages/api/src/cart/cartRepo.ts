import { createHash, randomUUID } from 'node:crypto';
import type { Attributes } from '@lp/sdk/contract';
import type { Queryable } from '../db/Db';

export interface CartRow extends Record<string, unknown> {
  id: number;
  guid: string;
  company_id: number | null;
  user_id: number | null;
  in_checkout: boolean;
  shipping_address: unknown;
  billing_address: unknown;
  /** Issue 13: the coupon applied to the cart (migrations/014), or null. */
  coupon_code: string | null;
}

export interface CartItemRow extends Record<string, unknown> {
  id: number;
  internal_id: string;
  product_unique_id: string;
  price_cents: number;
  description: string;
  quantity: number;
  alias: string;
  title: string;
  attributes: Attributes;
  attributes_key: string;
}

const CART_COLUMNS =
  'id, guid::text AS guid, company_id, user_id, in_checkout, shipping_address, billing_address, coupon_code';
const ITEM_COLUMNS =
  'id, internal_id::text AS internal_id, product_unique_id, price_cents, description, quantity, alias, title, attributes, attributes_key';

/** Keys of short configurations seen lately (DESIGN 7: most adds repeat a few; a hash each costs ~2 µs). */
const recentKeys = new Map<string, string>();
const RECENT_MAX = 1_000;
const RECENT_LENGTH = 1_000;

/** Attribute maps compare equal regardless of key order: lines with the same configuration merge. */
export function attributesKey(attributes: Attributes): string {
  const canonical = JSON.stringify(
    Object.keys(attributes)
      .sort()
      .map((k) => [k, attributes[k]]),
  );
  const known = recentKeys.get(canonical);
  if (known !== undefined) return known;
  // A hash, so a large design document is not stored and read twice.
  const key = createHash('sha256').update(canonical).digest('hex');
  if (canonical.length <= RECENT_LENGTH) {
    if (recentKeys.size >= RECENT_MAX) recentKeys.clear();
    recentKeys.set(canonical, key);
  }
  return key;
}

export interface NewLine {
  guid: string | undefined;
  companyId: number;
  productUniqueId: string;
  priceCents: number;
  title: string;
  alias: string;
  quantity: number;
  attributes: Attributes;
  attributesKey: string;
  maxQuantity: number;
  maxLines: number;
  /** The request's `Idempotency-Key`: an add the cart saw under this key within 24 hours adds nothing again. */
  requestKey?: string | undefined;
}

/** A line as the cart view shows it. */
export type CartLine = Pick<
  CartItemRow,
  | 'internal_id'
  | 'product_unique_id'
  | 'price_cents'
  | 'description'
  | 'quantity'
  | 'alias'
  | 'title'
  | 'attributes'
>;

export interface AddedLine {
  cart: CartRow;
  items: CartLine[];
}

/** The row of `lp_add_cart_item`: the cart and, as two texts ({@link LINES}), what the view shows of its lines. */
interface AddLineRow extends Record<string, unknown> {
  o_cart_id: number;
  o_cart_guid: string;
  o_company_id: number | null;
  o_user_id: number | null;
  o_coupon_code: string | null;
  o_lines: string | null;
  o_amounts: string | null;
}

/**
 * A cart's lines as two texts, in id order: `lines`, the lines' `line_json` (the columns a line never changes, as a
 * JSON array built by PostgreSQL when the line is written, migrations/016) joined by commas, and `amounts`, their
 * price_cents and quantity as "p,q,p,q,…"; both NULL without lines. The stored texts are joined as they are, not
 * rebuilt per line (migrations/017: half the server's work for a full cart). The same SELECT is inline in
 * `lp_add_cart_item`, so getCart and an add read the lines alike.
 */
const LINES = `SELECT string_agg(l.line_json, ',') AS lines, string_agg(l.price_cents || ',' || l.quantity, ',') AS amounts
  FROM (SELECT i.line_json, i.price_cents, i.quantity FROM cart_items i WHERE i.cart_id = carts.id ORDER BY i.id) l`;

/** One `line_json`. */
type LineArray = [string, string, string, string, string, Attributes];

/** The lines of {@link LINES}: each text parsed at once, then put together line by line. */
function parseLines(lines: string | null, amounts: string | null): CartLine[] {
  if (lines === null || amounts === null) return [];
  const numbers = JSON.parse(`[${amounts}]`) as number[];
  return (JSON.parse(`[${lines}]`) as LineArray[]).map(
    ([internal_id, product_unique_id, description, alias, title, attributes], i) => ({
      internal_id,
      product_unique_id,
      price_cents: numbers[2 * i]!,
      description,
      quantity: numbers[2 * i + 1]!,
      alias,
      title,
      attributes,
    }),
  );
}

/** Cart tables (plain SQL). `lock` takes the row lock that serialises concurrent mutations of one cart. */
export function cartRepo(db: Queryable) {
  return {
    async byGuid(guid: string, lock = false): Promise<CartRow | null> {
      const [row] = await db.query<CartRow>(
        `SELECT ${CART_COLUMNS} FROM carts WHERE guid = $1::uuid${lock ? ' FOR UPDATE' : ''}`,
        [guid],
      );
      return row ?? null;
    },
    /**
     * The cart and what the view shows of its lines in one round trip (the lines as two texts, in id order, like
     * `lp_add_cart_item` answers them): getCart is the shop's most frequent call.
     */
    async withLines(guid: string): Promise<AddedLine | null> {
      const [row] = await db.query<CartRow & { lines: string | null; amounts: string | null }>(
        `SELECT ${CART_COLUMNS}, l.lines, l.amounts FROM carts CROSS JOIN LATERAL (${LINES}) l
          WHERE guid = $1::uuid`,
        [guid],
      );
      if (!row) return null;
      const { lines, amounts, ...cart } = row;
      return { cart, items: parseLines(lines, amounts) };
    },
    /** Locks the cart row for this transaction (and stamps it) in one round trip. */
    async lock(guid: string): Promise<CartRow | null> {
      const [row] = await db.query<CartRow>(
        `UPDATE carts SET updated_at = now() WHERE guid = $1::uuid RETURNING ${CART_COLUMNS}`,
        [guid],
      );
      return row ?? null;
    },

    /**
     * Adds or merges one line in a single round trip (`lp_add_cart_item`, migrations/010 and 016, the one place of the
     * merge rule): locks the cart row (or creates one under a new guid) and answers the cart with all its lines. A
     * repeated request key (migrations/018) answers the cart without adding.
     */
    async addLine(line: NewLine): Promise<AddedLine> {
      const [row] = await db.query<AddLineRow>(
        'SELECT * FROM lp_add_cart_item($1::uuid, $2::uuid, $3, $4::uuid, $5, $6, $7, $8, $9, $10, $11::jsonb, $12, $13, $14, $15)',
        [
          line.guid ?? null,
          randomUUID(),
          line.companyId,
          randomUUID(),
          line.productUniqueId,
          line.priceCents,
          line.title,
          line.quantity,
          line.alias,
          line.title,
          JSON.stringify(line.attributes),
          line.attributesKey,
          line.maxQuantity,
          line.maxLines,
          line.requestKey ?? null,
        ],
      );
      const { o_cart_id, o_cart_guid, o_company_id, o_user_id, o_coupon_code, o_lines, o_amounts } = row!;
      // The view of an add needs only these cart columns (cartView).
      return {
        cart: {
          id: o_cart_id,
          guid: o_cart_guid,
          company_id: o_company_id,
          user_id: o_user_id,
          in_checkout: false,
          shipping_address: null,
          billing_address: null,
          coupon_code: o_coupon_code,
        },
        items: parseLines(o_lines, o_amounts),
      };
    },
    async items(cartId: number): Promise<CartItemRow[]> {
      return db.query<CartItemRow>(`SELECT ${ITEM_COLUMNS} FROM cart_items WHERE cart_id = $1 ORDER BY id`, [
        cartId,
      ]);
    },

    async setQuantity(itemId: number, quantity: number, priceCents: number): Promise<void> {
      await db.query('UPDATE cart_items SET quantity = $2, price_cents = $3 WHERE id = $1', [
        itemId,
        quantity,
        priceCents,
      ]);
    },
    /** Issue 13: stores (or with null clears) the cart's coupon code. */
    async setCoupon(cartId: number, code: string | null): Promise<void> {
      await db.query('UPDATE carts SET coupon_code = $2, updated_at = now() WHERE id = $1', [cartId, code]);
    },
    async deleteItem(itemId: number): Promise<void> {
      await db.query('DELETE FROM cart_items WHERE id = $1', [itemId]);
    },

    async touch(
      cartId: number,
      changes: { inCheckout?: boolean; shipping?: unknown; billing?: unknown; companyId?: number },
    ) {
      await db.query(
        `UPDATE carts SET updated_at = now(),
           in_checkout = COALESCE($2, in_checkout),
           shipping_address = COALESCE($3::jsonb, shipping_address),
           billing_address = COALESCE($4::jsonb, billing_address),
           company_id = COALESCE(company_id, $5)
         WHERE id = $1`,
        [
          cartId,
          changes.inCheckout ?? null,
          changes.shipping === undefined ? null : JSON.stringify(changes.shipping),
          changes.billing === undefined ? null : JSON.stringify(changes.billing),
          changes.companyId ?? null,
        ],
      );
    },
  };
}
