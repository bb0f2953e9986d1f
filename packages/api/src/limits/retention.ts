import type { Queryable } from '../db/Db';

/** How often one process deletes expired rows of a table it writes (an index range on created_at: cheap). */
const SWEEP_EVERY_MS = 60 * 60 * 1000;

/**
 * A bounded retention for a table of personal data (client error reports carry page URLs, the sandbox outbox carries
 * names and addresses): the process that writes the rows deletes those older than `days`, on its first write and
 * then at most once an hour, so nothing is kept for ever and no separate job has to be run. A failed sweep never
 * fails the write; it is retried on the next write an hour later.
 */
export function retentionSweep(
  db: Queryable,
  table: 'client_errors' | 'outbox_mails',
  days: number,
  now: () => number = Date.now,
): () => Promise<void> {
  let nextSweep = 0;
  return async () => {
    if (now() < nextSweep) return;
    nextSweep = now() + SWEEP_EVERY_MS;
    await db
      .query(`DELETE FROM ${table} WHERE created_at < now() - make_interval(days => $1)`, [days])
      .catch(() => {});
  };
}
