import type { Db } from '../db/Db';
import { type AddedLine, type AddLineRow, cartRepo, type NewLine, toAddedLine } from './cartRepo';

/** Enough to amortise the statement; small enough that one batch never holds the database for long. */
const MAX_BATCH = 64;

interface Waiting {
  line: NewLine;
  resolve(value: AddedLine): void;
  reject(error: unknown): void;
}

interface Batcher {
  queue: Waiting[];
  draining: boolean;
}

const batchers = new WeakMap<object, Batcher>();

/**
 * Adds one cart line (DESIGN 7, group commit). PGlite runs one statement at a time on one connection, so adds
 * queue anyway; here the adds waiting together go in as one `lp_add_cart_items` statement (migration 004): one
 * transaction and one round trip instead of one each. The answers are the same as one by one, in arrival order.
 * If the batch fails (e.g. one add exceeds the line maximum), nothing of it was written, and each add is retried
 * alone, so every request gets exactly its own answer or error. A PostgreSQL server runs adds in parallel on its
 * pool instead, so there each add is its own statement.
 */
export function addLine(db: Db, line: NewLine): Promise<AddedLine> {
  if (db.kind !== 'pglite') return cartRepo(db).addLine(line);
  let batcher = batchers.get(db.identity);
  if (!batcher) {
    batcher = { queue: [], draining: false };
    batchers.set(db.identity, batcher);
  }
  const own = batcher;
  return new Promise<AddedLine>((resolve, reject) => {
    own.queue.push({ line, resolve, reject });
    if (!own.draining) {
      own.draining = true;
      // Let the other requests of this event-loop turn join the first batch.
      setImmediate(() => void drain(db, own));
    }
  });
}

async function drain(db: Db, batcher: Batcher): Promise<void> {
  try {
    while (batcher.queue.length > 0) {
      const batch = batcher.queue.splice(0, MAX_BATCH);
      if (batch.length === 1 || !(await runBatch(db, batch))) {
        for (const waiting of batch) {
          await cartRepo(db).addLine(waiting.line).then(waiting.resolve, waiting.reject);
        }
      }
    }
  } finally {
    batcher.draining = false;
  }
}

/** Runs the batch as one statement; false (nothing written) when it failed. */
async function runBatch(db: Db, batch: Waiting[]): Promise<boolean> {
  let rows: (AddLineRow & { o_req: number })[];
  try {
    rows = await db.query('SELECT * FROM lp_add_cart_items($1::jsonb, $2)', [
      JSON.stringify(batch.map((w) => ({ ...w.line, guid: w.line.guid ?? null }))),
      batch[0]!.line.maxQuantity,
    ]);
  } catch {
    return false;
  }
  const perRequest = batch.map((): AddLineRow[] => []);
  for (const row of rows) perRequest[row.o_req]?.push(row);
  for (const [i, waiting] of batch.entries()) {
    const own = perRequest[i]!;
    // The function always answers at least the line just added; anything else is a fault, not a cart.
    if (own.length > 0) waiting.resolve(toAddedLine(own));
    else waiting.reject(new Error('lp_add_cart_items answered no rows for an add.'));
  }
  return true;
}
