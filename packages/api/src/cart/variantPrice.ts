import type { Attributes } from '@lp/sdk/contract';
import { ATTR } from '@lp/sdk/contract';
import type { PricedProduct } from '../catalogue/productLookup';
import type { Queryable } from '../db/Db';
import { badRequest } from '../http/ApiError';

interface VariantRow extends Record<string, unknown> {
  unique_id: string;
  price_cents: number;
  attributes: Attributes | null;
}

/** The attributes that decide a plate variant's price (a seasonal kind costs a surcharge, spec 9). */
const PRICE_KEYS = [ATTR.plateKind, ATTR.plateSize] as const;

const CACHE_MS = 10_000;
const cache = new WeakMap<object, Map<string, { at: number; rows: VariantRow[] }>>();

/** All variants of the product that `uniqueId` names (the product itself or one of its variants), cached briefly. */
async function siblingVariants(db: Queryable, uniqueId: string): Promise<VariantRow[]> {
  let perDb = cache.get(db.identity);
  if (!perDb) {
    perDb = new Map();
    cache.set(db.identity, perDb);
  }
  const hit = perDb.get(uniqueId);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.rows;
  const rows = await db.query<VariantRow>(
    `SELECT v.unique_id, v.price_cents, v.data->'Attributes' AS attributes
       FROM product_variants v
      WHERE v.product_unique_id = COALESCE(
              (SELECT product_unique_id FROM product_variants WHERE unique_id = $1), $1)
      ORDER BY v.unique_id`,
    [uniqueId],
  );
  perDb.set(uniqueId, { at: Date.now(), rows });
  return rows;
}

/**
 * Security review 4: the unit price of a cart line follows the configuration the line will be printed with, not
 * only the id the client names. For products whose variants differ by Kennzeichen-Art / Kennzeichengröße, the
 * line's values (falling back to the product's defaults) pick the variant and its price: a named variant must
 * agree with the line (400 otherwise), a named parent must match one of its variants (400 otherwise). Products
 * without such variants keep the price `priced` already holds.
 */
export async function linePriceCents(
  db: Queryable,
  priced: PricedProduct,
  attributes: Attributes,
): Promise<number> {
  const variants = (await siblingVariants(db, priced.lineId)).filter((v) =>
    PRICE_KEYS.some((k) => v.attributes?.[k] !== undefined),
  );
  if (variants.length === 0) return priced.priceCents;
  const effective = (key: string) => attributes[key] ?? priced.attributes[key];
  const agrees = (v: VariantRow, keys: readonly string[]) =>
    keys.every((k) => v.attributes?.[k] === undefined || v.attributes[k] === effective(k));
  const named = variants.find((v) => v.unique_id === priced.lineId);
  if (named) {
    if (!agrees(named, PRICE_KEYS)) throw mismatch('The configuration does not match the chosen variant.');
    return named.price_cents;
  }
  const candidates = variants.filter((v) => agrees(v, PRICE_KEYS));
  // Several variants may share kind and size (parking signs differ by Montage): prefer the one whose other
  // attributes agree too, e.g. the product's default mounting.
  const best = candidates.find((v) => agrees(v, Object.keys(v.attributes ?? {}))) ?? candidates[0];
  if (!best) throw mismatch('The configuration does not match any variant of this product.');
  return best.price_cents;
}

const mismatch = (message: string) =>
  badRequest(message, [{ field: ATTR.plateKind, message: 'does not match the variant' }]);
