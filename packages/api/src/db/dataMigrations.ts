import { comparableEmail } from '../validation/comparableEmail';
import type { Queryable } from './Db';

/**
 * Migrations that need JavaScript, by the version of the SQL file they complete: run by `migrate` in the same
 * transaction, after postgrator applied this start's SQL files (all or nothing with them). A step reads and writes
 * only what its file's schema and every later file's schema both have.
 */
export const DATA_MIGRATIONS: Record<number, (tx: Queryable) => Promise<void>> = {
  37: comparableStoredEmails,
};

/** Rows rewritten per statement: bounded parameters however many rows an old database holds. */
const BATCH = 1000;

/**
 * Where an address is kept, as SQL over its table: the key column, the address (a text expression) and the
 * assignment that stores `n.email` back. Constants of this code, never input.
 */
const PLACES = [
  {
    table: 'orders',
    key: 'id',
    keyType: 'int',
    email: "billing_person->>'email'",
    store: "billing_person = jsonb_set(t.billing_person, '{email}', to_jsonb(n.email))",
  },
  { table: 'withdrawals', key: 'id', keyType: 'bigint', email: 'email', store: 'email = n.email' },
  { table: 'outbox_mails', key: 'id', keyType: 'uuid', email: 'recipient', store: 'recipient = n.email' },
];

/**
 * Migration 037: every stored address in its comparable form (validation/comparableEmail.ts). The candidates are
 * found in SQL by what JavaScript may change: surrounding space, a letter ASCII lower-cases (right in every
 * locale), or any non-ASCII character (octets outnumber characters); JavaScript decides each of them. A form
 * longer than a withdrawal's CHECK allows ("İ" grows by one character) stays as typed: no valid address has it.
 */
async function comparableStoredEmails(tx: Queryable): Promise<void> {
  for (const place of PLACES) {
    const { table, key, email } = place;
    const rows = await tx.query<{ key: string; email: string }>(
      `SELECT ${key}::text AS key, ${email} AS email FROM ${table}
        WHERE ${email} <> lower(${email}) OR ${email} <> btrim(${email})
           OR octet_length(${email}) <> char_length(${email})`,
    );
    const changed = rows
      .map((row) => ({ key: row.key, email: comparableEmail(row.email) }))
      .filter((row, i) => row.email !== rows[i]!.email && row.email.length <= 254);
    for (let start = 0; start < changed.length; start += BATCH) {
      const batch = changed.slice(start, start + BATCH);
      await tx.query(
        `UPDATE ${table} t SET ${place.store}
           FROM unnest($1::${place.keyType}[], $2::text[]) AS n(key, email) WHERE t.${key} = n.key`,
        [batch.map((row) => row.key), batch.map((row) => row.email)],
      );
    }
  }
}
