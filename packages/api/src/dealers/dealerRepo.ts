import type { DealerOrderList } from '@lp/sdk/contract';
import type { Db, Queryable } from '../db/Db';
import { orderShippedAt } from '../fulfilment/parcels';
import { toEuros } from '../money';
import { dealerKeyHash, newDealerKey } from './dealerKey';
import { normaliseOrigin } from './dealerOrigin';

/** A registered dealer as the operator sees it (the key is never stored, so never listed). */
export interface Dealer {
  id: string;
  name: string;
  origins: string[];
  createdAt: string;
}

/** At most this many origins per dealer: a dealer has a site or a few, not a wildcard's worth. */
export const MAX_ORIGINS_PER_DEALER = 20;

const ID_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The operator's mistake, said plainly (the CLI prints the message, without a stack). */
export class DealerInputError extends Error {
  override readonly name = 'DealerInputError';
}

/** Checks a dealer id (the contract's DealerIdSchema rule) and answers it. */
export function checkDealerId(id: string): string {
  if (id.length < 1 || id.length > 64 || !ID_PATTERN.test(id)) {
    throw new DealerInputError(
      `The dealer id must be 1-64 characters of a-z, 0-9 and single hyphens inside, e.g. autohaus-meyer; got '${id.slice(0, 80)}'.`,
    );
  }
  return id;
}

function checkName(name: string): string {
  const text = name.trim();
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are refused.
  if (text.length < 1 || text.length > 200 || /[\u0000-\u001f\u007f]/.test(text)) {
    throw new DealerInputError('The dealer name must be 1-200 characters without control characters.');
  }
  return text;
}

function origin(input: string): string {
  try {
    return normaliseOrigin(input);
  } catch (error) {
    throw new DealerInputError((error as Error).message);
  }
}

export async function requireDealer(db: Queryable, id: string): Promise<void> {
  const rows = await db.query('SELECT 1 FROM dealers WHERE id = $1', [checkDealerId(id)]);
  if (rows.length === 0) throw new DealerInputError(`No dealer '${id}' is registered (see: dealer list).`);
}

async function originCount(db: Queryable, id: string): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM dealer_origins WHERE dealer_id = $1',
    [id],
  );
  return row?.n ?? 0;
}

/**
 * Registers a dealer with its origins and answers the dealer with its key: the only time the key is seen.
 * @example const { key } = await addDealer(db, { id: 'autohaus-meyer', name: 'Autohaus Meyer', origins: ['https://autohaus-meyer.example'] });
 */
export async function addDealer(
  db: Db,
  input: { id: string; name: string; origins: string[] },
): Promise<Dealer & { key: string }> {
  const id = checkDealerId(input.id);
  const name = checkName(input.name);
  const origins = [...new Set(input.origins.map(origin))];
  if (origins.length > MAX_ORIGINS_PER_DEALER) {
    throw new DealerInputError(`A dealer has at most ${MAX_ORIGINS_PER_DEALER} origins.`);
  }
  const key = newDealerKey();
  // One transaction: a dealer is never seen without the origins it was registered with.
  const createdAt = await db.transaction(async (tx) => {
    const [row] = await tx.query<{ created_at: Date }>(
      `INSERT INTO dealers (id, name, key_sha256) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING
       RETURNING created_at`,
      [id, name, dealerKeyHash(key)],
    );
    if (!row) throw new DealerInputError(`A dealer '${id}' is registered already (see: dealer list).`);
    for (const o of origins) {
      await tx.query('INSERT INTO dealer_origins (dealer_id, origin) VALUES ($1, $2)', [id, o]);
    }
    return row.created_at;
  });
  return { id, name, origins, createdAt: new Date(createdAt).toISOString(), key };
}

/** Every registered dealer with its origins, by id. */
export async function listDealers(db: Queryable): Promise<Dealer[]> {
  const rows = await db.query<{ id: string; name: string; created_at: Date; origins: string[] | null }>(
    `SELECT d.id, d.name, d.created_at,
            array_remove(array_agg(o.origin ORDER BY o.origin), NULL) AS origins
       FROM dealers d LEFT JOIN dealer_origins o ON o.dealer_id = d.id
      GROUP BY d.id ORDER BY d.id`,
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    origins: r.origins ?? [],
    createdAt: new Date(r.created_at).toISOString(),
  }));
}

/** Allows one more origin for a dealer; answers the stored (normalised) origin. Adding it twice is harmless. */
export async function addDealerOrigin(db: Queryable, id: string, input: string): Promise<string> {
  const o = origin(input);
  await requireDealer(db, id);
  if ((await originCount(db, id)) >= MAX_ORIGINS_PER_DEALER) {
    throw new DealerInputError(`A dealer has at most ${MAX_ORIGINS_PER_DEALER} origins; remove one first.`);
  }
  await db.query('INSERT INTO dealer_origins (dealer_id, origin) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
    id,
    o,
  ]);
  return o;
}

/** Withdraws an origin of a dealer; says so when the dealer did not have it. */
export async function removeDealerOrigin(db: Queryable, id: string, input: string): Promise<string> {
  const o = origin(input);
  await requireDealer(db, id);
  const rows = await db.query('DELETE FROM dealer_origins WHERE dealer_id = $1 AND origin = $2 RETURNING 1', [
    id,
    o,
  ]);
  if (rows.length === 0) throw new DealerInputError(`Dealer '${id}' has no origin ${o}.`);
  return o;
}

/** Replaces a dealer's key (the old one stops working at once) and answers the new one: shown once. */
export async function rotateDealerKey(db: Queryable, id: string): Promise<string> {
  await requireDealer(db, id);
  const key = newDealerKey();
  await db.query('UPDATE dealers SET key_sha256 = $2 WHERE id = $1', [id, dealerKeyHash(key)]);
  return key;
}

/** The dealer a key belongs to, or undefined (also for anything not shaped like a key). */
export async function dealerByKey(db: Queryable, key: string): Promise<string | undefined> {
  const hash = dealerKeyHash(key);
  if (!hash) return undefined;
  const [row] = await db.query<{ id: string }>('SELECT id FROM dealers WHERE key_sha256 = $1', [hash]);
  return row?.id;
}

/** The first dealer recorded on a cart keeps it (docs/reference/dealers.md): a later one changes nothing. */
export async function attributeCart(db: Queryable, cartGuid: string, dealerId: string): Promise<void> {
  await db.query('UPDATE carts SET dealer_id = $2 WHERE guid = $1::uuid AND dealer_id IS NULL', [
    cartGuid,
    dealerId,
  ]);
}

/** One page of a dealer's attributed orders, newest first; no customer data leaves this query. */
export async function dealerOrders(
  db: Queryable,
  dealerId: string,
  page: { limit: number; offset: number },
): Promise<DealerOrderList> {
  const [count] = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM orders WHERE dealer_id = $1',
    [dealerId],
  );
  const rows = await db.query<{
    order_number: string;
    created_at: Date;
    total_cents: number;
    status: DealerOrderList['items'][number]['status'];
    shipped_at: Date | string | null;
  }>(
    `SELECT order_number, created_at, cart_cents - discount_cents + shipping_cents AS total_cents, status,
            ${orderShippedAt('orders')} AS shipped_at
       FROM orders WHERE dealer_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
    [dealerId, page.limit, page.offset],
  );
  return {
    items: rows.map((r) => ({
      orderNumber: r.order_number,
      createdAt: new Date(r.created_at).toISOString(),
      totalAmount: toEuros(Number(r.total_cents)),
      status: r.status,
      shippedAt: r.shipped_at === null ? null : new Date(r.shipped_at).toISOString(),
    })),
    limit: page.limit,
    offset: page.offset,
    totalCount: count?.n ?? 0,
  };
}
