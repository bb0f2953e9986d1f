import type { Queryable } from '../db/Db';
import { PLACED_ORDER, PLACED_ORDER_RETENTION_YEARS } from '../orders/orderRepo';
import { deleteUploads, unreferenced } from '../uploads/uploadReferences';

/** How often one process deletes expired rows of a table it writes (an index range on created_at: cheap). */
const SWEEP_EVERY_MS = 60 * 60 * 1000;

/** Carts, draft orders or uploads deleted per sweep at most (each takes its lines along), so no write waits long. */
export const SWEEP_BATCH = 1_000;

/** What expires in each table; `$1` is the number of days (of years for withdrawals). */
const EXPIRED = {
  client_errors: 'DELETE FROM client_errors WHERE created_at < now() - make_interval(days => $1)',
  outbox_mails: 'DELETE FROM outbox_mails WHERE created_at < now() - make_interval(days => $1)',
  // The cart add's Idempotency-Keys (migration 018): a key answers repeats for 24 hours, then it is only a row. No
  // index on created_at: the table holds about a day of keyed adds, one scan an hour (as for carts).
  cart_add_keys: 'DELETE FROM cart_add_keys WHERE created_at < now() - make_interval(days => $1)',
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
  // e-mail, phone and addresses) nothing changed for `days`, and placed orders whose retention as sales records has
  // run out: 10 years after the end of the calendar year of their last change (PLACED_ORDER_RETENTION_YEARS; the
  // year in the shop's time zone). Their lines go with them (ON DELETE CASCADE), a placed order's payments in the
  // same statement (they are part of the record), and their carts then fall under the carts' rule. The rows are
  // locked first (a row a shopper changes meanwhile is checked again, one locked by a request is left for the next
  // sweep), so payments never go without their order.
  orders: `WITH expired AS (
      SELECT o.id FROM orders o
       WHERE (o.updated_at < now() - make_interval(days => $1) AND NOT ${PLACED_ORDER})
          OR o.updated_at < date_trunc('year', now(), 'Europe/Berlin')
                            - make_interval(years => ${PLACED_ORDER_RETENTION_YEARS})
       LIMIT ${SWEEP_BATCH} FOR UPDATE OF o SKIP LOCKED),
    payments_gone AS (DELETE FROM payments p WHERE p.order_id IN (SELECT id FROM expired))
    DELETE FROM orders o WHERE o.id IN (SELECT id FROM expired)
    RETURNING o.id`,
  // Declarations of withdrawal (migration 027) no placed order matched, `$1` years after the end of the calendar
  // year of their receipt (UNMATCHED_WITHDRAWAL_RETENTION_YEARS; the year in the shop's time zone). Matched ones go
  // with their order (ON DELETE CASCADE), so they are kept as long as the sales record.
  withdrawals: `DELETE FROM withdrawals WHERE order_id IS NULL
      AND received_at < date_trunc('year', now(), 'Europe/Berlin') - make_interval(years => $1)`,
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
 * contact data, placed orders once the law no longer requires them, uploads the shopper's designs): the process
 * that writes the rows deletes those older than `days`, on its first write and then at most once an hour, so nothing is kept for
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
