import type { Queryable } from '../db/Db';
import { PLACED_ORDER } from '../orders/orderRepo';
import { deleteUploads, unreferenced } from '../uploads/uploadReferences';

/** How often one process deletes expired rows of a table it writes (an index range on created_at: cheap). */
const SWEEP_EVERY_MS = 60 * 60 * 1000;

/** Carts, draft orders or uploads deleted per sweep at most (each takes its lines along), so no write waits long. */
export const SWEEP_BATCH = 1_000;

/** What expires in each table; `$1` is the number of days. */
const EXPIRED = {
  client_errors: 'DELETE FROM client_errors WHERE created_at < now() - make_interval(days => $1)',
  outbox_mails: 'DELETE FROM outbox_mails WHERE created_at < now() - make_interval(days => $1)',
  // A cart is stale when nothing changed it for `days` (every change stamps updated_at) and no order was placed
  // from it (an order keeps its cart: orders.cart_id). Its lines go with it (ON DELETE CASCADE). The conditions are
  // checked again on the row deleted, so a cart a shopper changes while the sweep runs stays (PostgreSQL re-reads
  // a row changed meanwhile against the outer conditions only). No index on updated_at: that would cost every add
  // an index write; the sweep costs one scan an hour.
  carts: `DELETE FROM carts c
    WHERE c.id IN (SELECT s.id FROM carts s WHERE s.updated_at < now() - make_interval(days => $1)
                      AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.cart_id = s.id) LIMIT ${SWEEP_BATCH})
      AND c.updated_at < now() - make_interval(days => $1)
      AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.cart_id = c.id)
    RETURNING c.id`,
  // Orders never placed (abandoned checkouts: saved drafts and drafts a later save superseded, with the buyer's
  // e-mail, phone and addresses) nothing changed for `days`; their lines go with them, and their carts then fall
  // under the carts' rule. Placed orders are sales records and stay (PLACED_ORDER).
  orders: `DELETE FROM orders o
    WHERE o.id IN (SELECT o.id FROM orders o WHERE o.updated_at < now() - make_interval(days => $1)
                      AND NOT ${PLACED_ORDER} LIMIT ${SWEEP_BATCH})
      AND o.updated_at < now() - make_interval(days => $1)
      AND NOT ${PLACED_ORDER}
    RETURNING o.id`,
  // Uploaded images (a shopper's design, photo or logo) that no cart line and no order line (placed or draft)
  // references and that nobody uploaded for `days`: an upload is referenced only once a line is added, and a
  // picture picked in the editor waits unreferenced in the shopper's saved draft until the design is ordered.
  // Files of placed orders stay with the order. The age is checked again on the row deleted, so a file uploaded
  // again meanwhile (put renews created_at) stays. One pass over the lines' design attributes finds every
  // reference (uploads/uploadReferences.ts).
  stored_files: deleteUploads(
    `SELECT s.key FROM stored_files s WHERE s.created_at < now() - make_interval(days => $1)
        AND ${unreferenced('s')} LIMIT ${SWEEP_BATCH}`,
    'f.created_at < now() - make_interval(days => $1)',
  ),
} as const;

/**
 * A bounded retention for a table of personal data (client error reports carry page URLs, the sandbox outbox carries
 * names and addresses, carts carry plate numbers, addresses and dealer attribution, abandoned checkouts the buyer's
 * contact data, uploads the shopper's designs): the process that writes the
 * rows deletes those older than `days`, on its first write and then at most once an hour, so nothing is kept for
 * ever and no separate job has to be run. A failed sweep never fails the write; it is retried on the next write an
 * hour later. Carts, draft orders and uploads are deleted {@link SWEEP_BATCH} at a time; a full batch lets the next write sweep again,
 * so a backlog (the first start after an upgrade) drains over a few writes instead of stalling one.
 */
export function retentionSweep(
  db: Queryable,
  table: keyof typeof EXPIRED,
  days: number,
  now: () => number = Date.now,
): () => Promise<void> {
  let nextSweep = 0;
  return async () => {
    if (now() < nextSweep) return;
    nextSweep = now() + SWEEP_EVERY_MS;
    const deleted = await db.query(EXPIRED[table], [days]).catch(() => undefined);
    if (deleted?.length === SWEEP_BATCH) nextSweep = 0;
  };
}
