import type { Discount } from '@lp/sdk/contract';
import type { Queryable } from '../db/Db';

/** What a cart line's product id (a product or one of its variants) brings to the price: its key and tiers. */
export interface LineTiers {
  /** The product's UniqueId: a variant counts as its product (KFZ-001-520x110-STD is KFZ-001). */
  productKey: string;
  /** The quantity discounts of get-discounts for that key, in seed order. */
  tiers: Discount[];
}

/**
 * One statement: the product key of a line id and the discounts of that key (the same rows get-discounts answers:
 * company and key, the key compared case-insensitively).
 */
async function findLineTiers(db: Queryable, companyId: number, lineId: string): Promise<LineTiers> {
  const [row] = await db.query<{ product_key: string; tiers: Discount[] }>(
    `WITH k AS (SELECT coalesce((SELECT product_unique_id FROM product_variants WHERE unique_id = $2), $2) AS key)
     SELECT k.key AS product_key,
            (SELECT coalesce(json_agg(d.data ORDER BY d.position), '[]') FROM discounts d
              WHERE d.company_id = $1 AND lower(d.product_key) = lower(k.key)) AS tiers
       FROM k`,
    [companyId, lineId],
  );
  return { productKey: row?.product_key ?? lineId, tiers: row?.tiers ?? [] };
}

/**
 * Discounts change only with a new seed, so they are cached briefly per database like the product lookup
 * (catalogue/productLookup.ts): getCart, the shop's most frequent call, prices its lines without a query.
 */
const CACHE_MS = 10_000;
const MAX_ENTRIES = 5_000;
const cache = new WeakMap<object, Map<string, { at: number; value: Promise<LineTiers> }>>();

export function cachedLineTiers(db: Queryable, companyId: number, lineId: string): Promise<LineTiers> {
  let perDb = cache.get(db.identity);
  if (!perDb) {
    perDb = new Map();
    cache.set(db.identity, perDb);
  }
  const key = `${companyId}|${lineId}`;
  const hit = perDb.get(key);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.value;
  // Line ids come from cart rows (existing products), so the map stays small; the bound is a safety net.
  if (perDb.size >= MAX_ENTRIES) perDb.clear();
  const value = findLineTiers(db, companyId, lineId);
  const entries = perDb;
  entries.set(key, { at: Date.now(), value });
  value.catch(() => entries.delete(key));
  return value;
}
