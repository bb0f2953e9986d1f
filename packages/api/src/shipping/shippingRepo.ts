import type { ShippingMethod } from '@lp/sdk/contract';
import type { Queryable } from '../db/Db';
import { toEuros } from '../money';

export interface StoredMethod {
  id: number;
  name: string;
  /** What the shop owner states as this method's delivery time ('1–3 Werktage'); null when none (migration 023). */
  deliveryTime: string | null;
  rates: { rateCents: number; minOrderCents: number }[];
}

export interface ShippingQuote {
  methodId: number;
  name: string;
  costCents: number;
}

/** Active shipping methods of a company with their rates, both in list order. */
export async function activeMethods(db: Queryable, companyId: number): Promise<StoredMethod[]> {
  const rows = await db.query<{
    id: number;
    name: string;
    delivery_time: string | null;
    rate_cents: number | null;
    min_order_cents: number | null;
  }>(
    `SELECT m.id, m.name, m.delivery_time, r.rate_cents, r.min_order_cents
       FROM shipping_methods m LEFT JOIN shipping_rates r ON r.method_id = m.id
      WHERE m.company_id = $1 AND m.active
      ORDER BY m.position, r.position`,
    [companyId],
  );
  const methods = new Map<number, StoredMethod>();
  for (const row of rows) {
    let method = methods.get(row.id);
    if (!method) {
      method = { id: row.id, name: row.name, deliveryTime: row.delivery_time, rates: [] };
      methods.set(row.id, method);
    }
    if (row.rate_cents !== null && row.min_order_cents !== null) {
      method.rates.push({ rateCents: row.rate_cents, minOrderCents: row.min_order_cents });
    }
  }
  return [...methods.values()];
}

/** The method's cost for a goods total: the first rate, in list order, whose minimum the total reaches. */
export function quote(method: StoredMethod, totalCents: number): ShippingQuote | null {
  const rate = method.rates.find((r) => totalCents >= r.minOrderCents);
  return rate ? { methodId: method.id, name: method.name, costCents: rate.rateCents } : null;
}

/** Shipping rates are catalogue data: cached briefly per database, so every cart view does not re-read them. */
const CACHE_MS = 10_000;
const cache = new WeakMap<object, Map<number, { at: number; methods: Promise<StoredMethod[]> }>>();

export function cachedActiveMethods(db: Queryable, companyId: number): Promise<StoredMethod[]> {
  let perDb = cache.get(db.identity);
  if (!perDb) {
    perDb = new Map();
    cache.set(db.identity, perDb);
  }
  const hit = perDb.get(companyId);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.methods;
  const methods = activeMethods(db, companyId);
  const entries = perDb;
  entries.set(companyId, { at: Date.now(), methods });
  methods.catch(() => entries.delete(companyId));
  return methods;
}

/** spec 4: the first active method's quote is the cart's shipping; 0 (null here) when none applies. */
export async function shippingFor(
  db: Queryable,
  companyId: number,
  totalCents: number,
): Promise<ShippingQuote | null> {
  for (const method of await cachedActiveMethods(db, companyId)) {
    const q = quote(method, totalCents);
    if (q) return q;
  }
  return null;
}

export function toShippingMethod(m: StoredMethod): ShippingMethod {
  return {
    id: m.id,
    name: m.name,
    shippingRates: m.rates.map((r) => ({
      rate: toEuros(r.rateCents),
      minOrderAmount: toEuros(r.minOrderCents),
    })),
    ...(m.deliveryTime ? { deliveryTime: m.deliveryTime } : {}),
  };
}
