import type { Attributes } from '@lp/sdk/contract';
import type { Queryable } from '../db/Db';
import { SHOWN_PRODUCT } from './shownProduct';

export interface PricedProduct {
  /** The product's attributes (plate type and defaults). */
  attributes: Attributes;
  minQuantity: number;
  companyId: number;
  /** The variant's id when a variant was named, else the product's. */
  lineId: string;
  priceCents: number;
  title: string;
  alias: string;
  /** All variants of the product (security review 4 picks the line's price among them), ordered by id. */
  variants: PriceVariant[];
}

/** What a variant's price depends on: its id, price and the attributes that tell it apart. */
export interface PriceVariant {
  unique_id: string;
  price_cents: number;
  attributes: Attributes | null;
}

interface Row extends Record<string, unknown> {
  attributes: Attributes;
  min_quantity: number;
  company_id: number;
  price_cents: number;
  title: string;
  alias: string;
  variants: PriceVariant[] | null;
}

/** The product's variants as one JSON array, so the cached lookup also answers the variant price (no extra trip). */
const VARIANTS = `(SELECT jsonb_agg(jsonb_build_object('unique_id', pv.unique_id, 'price_cents', pv.price_cents,
         'attributes', pv.data->'Attributes') ORDER BY pv.unique_id)
    FROM product_variants pv WHERE pv.product_unique_id = p.unique_id)`;

/**
 * Server-side truth for a cart line (DESIGN 2): a product UniqueId or a variant UniqueId; the price comes from
 * the variant when one is named, else from the product. spec 5: the id lookup trims its input. Only the few
 * fields a cart line needs are read (a product document with its variants is large).
 */
export async function findPricedProduct(db: Queryable, uniqueId: string): Promise<PricedProduct | null> {
  const id = uniqueId.trim();
  const [row] = await db.query<Row>(
    `SELECT p.data->'Attributes' AS attributes, p.min_quantity, p.company_id, p.price_cents, p.data->>'Title' AS title,
            p.alias, ${VARIANTS} AS variants
       FROM products p WHERE p.unique_id = $1 AND ${SHOWN_PRODUCT}
     UNION ALL
     SELECT p.data->'Attributes', p.min_quantity, p.company_id, v.price_cents,
            COALESCE(NULLIF(v.data->>'Title', ''), p.data->>'Title'), p.alias,
            ${VARIANTS}
       FROM product_variants v JOIN products p ON p.unique_id = v.product_unique_id
      WHERE v.unique_id = $1 AND ${SHOWN_PRODUCT}
     LIMIT 1`,
    [id],
  );
  if (!row) return null;
  return {
    attributes: row.attributes ?? {},
    minQuantity: row.min_quantity,
    companyId: row.company_id,
    lineId: id,
    priceCents: row.price_cents,
    title: row.title,
    alias: row.alias,
    variants: row.variants ?? [],
  };
}

/** Catalogue rows change only with a new seed or a migration, so lookups are cached briefly per database. */
const CACHE_MS = 10_000;
interface PerDb {
  hits: Map<string, { at: number; product: PricedProduct }>;
  /** Lookups under way: requests for the same id while one runs share it (no stampede when an entry expires). */
  pending: Map<string, Promise<PricedProduct | null>>;
}
const cache = new WeakMap<object, PerDb>();

/** `findPricedProduct` through a short per-database cache (only hits are kept, so hostile ids cost no memory). */
export async function cachedPricedProduct(db: Queryable, uniqueId: string): Promise<PricedProduct | null> {
  let perDb = cache.get(db.identity);
  if (!perDb) {
    perDb = { hits: new Map(), pending: new Map() };
    cache.set(db.identity, perDb);
  }
  const { hits, pending } = perDb;
  const id = uniqueId.trim();
  const hit = hits.get(id);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.product;
  const running = pending.get(id);
  if (running) return running;
  const lookup = findPricedProduct(db, id)
    .then((product) => {
      if (product) hits.set(id, { at: Date.now(), product });
      return product;
    })
    .finally(() => pending.delete(id));
  pending.set(id, lookup);
  return lookup;
}
