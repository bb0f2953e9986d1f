import type { Db } from '../db/Db';
import { sqlLiteral } from '../db/sqlLiteral';
import { type AddedLine, cartRepo, type NewLine } from './cartRepo';
import { type BatchAnswer, replayBatch } from './replayBatch';

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
 * queue anyway; here the adds waiting together go in as one `lp_add_cart_lines` statement (migration 008): one
 * transaction, one round trip and one JSON answer instead of one each. The answers are the same as one by one,
 * in arrival order (replayBatch). If the batch fails (e.g. one add exceeds the line maximum), nothing of it was
 * written, and each add is retried alone, so every request gets exactly its own answer or error. A PostgreSQL
 * server runs adds in parallel on its pool instead, so there each add is its own statement.
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
      if (!(await runBatch(db, batch))) {
        for (const waiting of batch) {
          await cartRepo(db).addLine(waiting.line).then(waiting.resolve, waiting.reject);
        }
      }
      // Let the answers go out and the requests that came in meanwhile join the next batch (a poll phase).
      await new Promise((resolve) => setImmediate(resolve));
    }
  } finally {
    batcher.draining = false;
  }
}

/** What the function reads of each add (only these fields cross to the database). */
function batchLine(line: NewLine, ord: number) {
  return {
    guid: line.guid ?? null,
    companyId: line.companyId,
    productUniqueId: line.productUniqueId,
    priceCents: line.priceCents,
    title: line.title,
    quantity: line.quantity,
    alias: line.alias,
    attributes: line.attributes,
    attributesKey: line.attributesKey,
    ord,
  };
}

/**
 * Runs the batch as one statement and answers every add of it; false (nothing written, nobody answered) when a
 * batch of several failed. A lone add's error is its own answer, so it is not run a second time.
 */
async function runBatch(db: Db, batch: Waiting[]): Promise<boolean> {
  let answer: BatchAnswer;
  try {
    const lines = JSON.stringify(batch.map((w, ord) => batchLine(w.line, ord)));
    const max = batch[0]!.line.maxQuantity;
    // PGlite: the batch goes as one literal through the simple protocol, one trip into its WASM instead of five.
    const [row] = db.simpleQuery
      ? await db.simpleQuery<{ answer: string }>(
          `SELECT lp_add_cart_lines(${sqlLiteral(lines)}::jsonb, ${Math.trunc(max)}) AS answer`,
        )
      : await db.query<{ answer: string }>('SELECT lp_add_cart_lines($1::jsonb, $2) AS answer', [lines, max]);
    answer = JSON.parse(row!.answer) as BatchAnswer;
  } catch (error) {
    if (batch.length > 1) return false;
    batch[0]!.reject(error);
    return true;
  }
  let added: AddedLine[];
  try {
    added = replayBatch(
      batch.map((w) => w.line),
      answer,
    );
  } catch (error) {
    // The adds are written but their answers cannot be told apart: a fault, reported to each request.
    for (const waiting of batch) waiting.reject(error);
    return true;
  }
  for (const [i, waiting] of batch.entries()) waiting.resolve(added[i]!);
  return true;
}
