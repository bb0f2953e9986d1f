import { comparableEmail } from '../validation/comparableEmail';
import type { Queryable } from './Db';

/**
 * Migrations that need JavaScript, by the version of the SQL file they complete: run by `migrate` in the same
 * transaction, after postgrator applied this start's SQL files (all or nothing with them). A step reads and writes
 * only what its file's schema and every later file's schema both have.
 */
export const DATA_MIGRATIONS: Record<number, (tx: Queryable) => Promise<void>> = {
  37: comparableStoredEmails,
  38: composedStoredEmails,
  // 043's cleaning of the stored uploads runs after the start, in batches (migration 044, stripStoredUploads.ts).
};

/** Rows rewritten per statement: bounded parameters however many rows an old database holds. */
const BATCH = 1000;

interface Place {
  table: string;
  key: string;
  keyType: string;
  email: string;
  store: string;
}

/**
 * Where an address is kept, as SQL over its table: the key column, the address (a text expression) and the
 * assignment that stores `n.email` back. Constants of this code, never input.
 */
const PLACES: Place[] = [
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
    await rewrite(
      tx,
      place,
      `${place.email} <> lower(${place.email}) OR ${place.email} <> btrim(${place.email})
        OR octet_length(${place.email}) <> char_length(${place.email})`,
    );
  }
}

/** Rewrites the candidates (`where`, SQL over the place's table) whose comparable form differs. */
async function rewrite(tx: Queryable, place: Place, where: string): Promise<void> {
  const { table, key, email } = place;
  const rows = await tx.query<{ key: string; email: string }>(
    `SELECT ${key}::text AS key, ${email} AS email FROM ${table} WHERE ${where}`,
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

/** Only a non-ASCII address can change its Unicode form. */
const nonAscii = (email: string) => `octet_length(${email}) <> char_length(${email})`;

/**
 * Migration 038 (session 22, hostile): every stored address composed (NFC), the form comparableEmail now keeps. An
 * account's address is unique, so one whose composed form another account has already (a twin registered
 * decomposed, which looked the same) keeps its address: rewriting it would break the unique key, and merging two
 * accounts is no migration's decision. Such a twin can no longer log in (the login finds the composed account), and
 * its session's download and deletion go by its own stored address (privacy/eraseCustomer.ts, accountSettingsRoutes.ts).
 */
async function composedStoredEmails(tx: Queryable): Promise<void> {
  for (const place of PLACES) await rewrite(tx, place, nonAscii(place.email));
  await rewrite(
    tx,
    {
      table: 'email_confirmations',
      key: 'token_hash',
      keyType: 'text',
      email: 'new_email',
      store: 'new_email = n.email',
    },
    `new_email IS NOT NULL AND ${nonAscii('new_email')}`,
  );
  const accounts = await tx.query<{ id: number; email: string }>(
    `SELECT id, email FROM customers WHERE ${nonAscii('email')} ORDER BY id`,
  );
  const taken = new Set(accounts.map((row) => row.email));
  const free = new Map<string, number>();
  for (const row of accounts) {
    const email = comparableEmail(row.email);
    if (email !== row.email && !taken.has(email) && !free.has(email)) free.set(email, row.id);
  }
  // The NOT EXISTS is the unique key's own check, so a clash the candidates did not show cannot fail the upgrade.
  const changes = [...free];
  for (let start = 0; start < changes.length; start += BATCH) {
    const batch = changes.slice(start, start + BATCH);
    await tx.query(
      `UPDATE customers t SET email = n.email
         FROM unnest($1::int[], $2::text[]) AS n(id, email)
        WHERE t.id = n.id AND NOT EXISTS (SELECT 1 FROM customers c WHERE c.email = n.email)`,
      [batch.map(([, id]) => id), batch.map(([email]) => email)],
    );
  }
}
