import { type LinePrice, linePrice } from '@lp/sdk/contract';
import { couponProblem, discountCents, findCoupon, type LoadedCoupon } from '../coupons/couponRepo';
import { cachedPricedProduct, type PricedProduct } from '../catalogue/productLookup';
import type { Queryable } from '../db/Db';
import type { CartLine } from './cartRepo';
import { cachedLineTiers } from './discountTiers';
import { linePriceCents } from './variantPrice';

/**
 * A cart line with its price at the cart's quantities. `price_cents` is the catalogue's price now (the line's stored
 * price is the one of its add); `offered` is false when the shop no longer sells what the line holds (product
 * removed, hidden, or its variant no longer matches): such a line keeps its stored price and cannot be ordered.
 */
export type PricedLine<L extends CartLine = CartLine> = L & { linePrice: LinePrice; offered: boolean };

/** The coupon stored on a cart, with what it takes off now. */
export interface PricedCoupon {
  loaded: LoadedCoupon;
  discountCents: number;
  problem: ReturnType<typeof couponProblem>;
}

export interface PricedCart<L extends CartLine = CartLine> {
  lines: PricedLine<L>[];
  /** Goods total after quantity discounts: what shipping and the coupon are computed on. */
  goodsCents: number;
  /** Sum of the lines' quantity discounts (already inside goodsCents). */
  quantityDiscountCents: number;
  coupon: PricedCoupon | null;
}

/**
 * The price of each configuration a product's lines have had, per cached product object (so per catalogue read):
 * a full cart is mostly one product in many plate texts, and checking a configuration against every variant for
 * each of 100 lines on every read doubled getCart's time (measured: 2.4 -> 4.8-7.2 ms for 100 lines).
 */
const pricesOf = new WeakMap<PricedProduct, { keys: string[]; prices: Map<string, number | null> }>();

/** The catalogue's price now for a line's product and configuration, or null when it is no longer offered. */
function currentPriceCents(product: PricedProduct | null, item: CartLine): number | null {
  if (!product) return null;
  let memo = pricesOf.get(product);
  if (!memo) {
    // The attributes linePriceCents reads: the product's own and those its variants vary.
    const keys = new Set(Object.keys(product.attributes));
    for (const variant of product.variants)
      for (const key of Object.keys(variant.attributes ?? {})) keys.add(key);
    memo = { keys: [...keys], prices: new Map() };
    pricesOf.set(product, memo);
  }
  const key = JSON.stringify(memo.keys.map((k) => item.attributes[k] ?? null));
  let price = memo.prices.get(key);
  if (price === undefined) {
    // Bounded like every in-memory structure (soak decision): the entry is dropped with the product object anyway.
    if (memo.prices.size >= 1_000) memo.prices.clear();
    try {
      price = linePriceCents(product, item.attributes);
    } catch {
      // The operator changed the variants so the line's configuration matches none: not offered as it stands.
      price = null;
    }
    memo.prices.set(key, price);
  }
  return price;
}

/**
 * Issue 13: the one place the API prices a cart (cart view and saved order alike).
 * 0. Each line at the catalogue's price now, not the price of its add (docs/reference/decisions.md, "Catalogue
 *    changes while a shopper buys"): the cart shows what a save would charge; both read the same 10-second caches.
 * 1. Quantity discounts per line; the tier is chosen by the pieces of the same product (variants count as their
 *    product) across all lines of the cart, so two lines of two plates each reach "ab 4 Kennzeichen".
 * 2. The cart's coupon on the goods total after those discounts (its minimum order is checked on that total too).
 */
export async function priceCart<L extends CartLine>(
  db: Queryable,
  companyId: number,
  items: L[],
  couponCode: string | null | undefined,
): Promise<PricedCart<L>> {
  // Tiers once per distinct line id, not per line: a cart's lines are mostly a few products in many configurations,
  // and pricing a full cart must not cost a lookup (and an await) per line.
  const ids = [...new Set(items.map((i) => i.product_unique_id))];
  const [tiersOf, productOf] = await Promise.all([
    Promise.all(ids.map(async (id) => [id, await cachedLineTiers(db, companyId, id)] as const)).then(
      (entries) => new Map(entries),
    ),
    Promise.all(ids.map(async (id) => [id, await cachedPricedProduct(db, id)] as const)).then(
      (entries) => new Map(entries),
    ),
  ]);
  const pieces = new Map<string, number>();
  const keys = items.map((item) => {
    const key = tiersOf.get(item.product_unique_id)!.productKey.toLowerCase();
    pieces.set(key, (pieces.get(key) ?? 0) + item.quantity);
    return key;
  });
  let goodsCents = 0;
  let quantityDiscountCents = 0;
  const lines = items.map((item, index) => {
    const { tiers } = tiersOf.get(item.product_unique_id)!;
    const current = currentPriceCents(productOf.get(item.product_unique_id)!, item);
    const priceCents = current ?? item.price_cents;
    const price = linePrice(priceCents, item.quantity, tiers, pieces.get(keys[index]!));
    goodsCents += price.totalCents;
    quantityDiscountCents += price.discountCents;
    // Object.assign, not a spread: V8 copies a spread of these row objects ~7x slower (measured: 66 against 9 µs
    // for 100 lines), and a full cart prices 100 of them on every add.
    return Object.assign({}, item, { price_cents: priceCents, linePrice: price, offered: current !== null });
  });
  let coupon: PricedCoupon | null = null;
  const loaded = couponCode ? await findCoupon(db, companyId, couponCode) : null;
  if (loaded) {
    const problem = couponProblem(loaded, goodsCents);
    coupon = { loaded, problem, discountCents: problem ? 0 : discountCents(loaded, goodsCents) };
  }
  return { lines, goodsCents, quantityDiscountCents, coupon };
}
