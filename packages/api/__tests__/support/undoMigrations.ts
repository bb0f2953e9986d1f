import { readdirSync } from 'node:fs';
import type { Db } from '../../src/db/Db';
import { migrationsDir } from '../../src/db/migrate';

/**
 * What each migration from 019 on added, taken away again, for tests that put a database back to an earlier
 * release's state. Every later migration has to be undone too: postgrator would take those for done and skip the one
 * under test. A new migration adds its entry here (`undoMigrationsFrom` stops with a message when one is missing).
 */
const UNDO: Record<number, string> = {
  19: 'ALTER TABLE orders DROP CONSTRAINT orders_customer_fkey; ALTER TABLE carts DROP CONSTRAINT carts_user_fkey;',
  20: 'DROP TABLE order_confirmations;',
  21: 'ALTER TABLE carts DROP COLUMN copied_from;',
  22: `DROP INDEX payments_order; DROP INDEX orders_customer_company; DROP INDEX orders_number_upper;
       DROP INDEX customers_email_lower;`,
  23: 'ALTER TABLE shipping_methods DROP COLUMN delivery_time;',
  24: 'DROP TABLE password_resets;',
  25: `DROP INDEX orders_invoice_number;
       ALTER TABLE orders DROP COLUMN invoice_number, DROP COLUMN invoiced_at, DROP COLUMN vat_rate,
         DROP COLUMN vat_cents;
       ALTER TABLE companies DROP COLUMN vat_rate, DROP COLUMN legal_name, DROP COLUMN street, DROP COLUMN postcode,
         DROP COLUMN city, DROP COLUMN vat_id, DROP COLUMN last_invoice_number;`,
  26: 'DROP INDEX carts_user;',
  27: 'DROP TABLE withdrawals;',
  28: `DROP INDEX withdrawals_receipt_due;
       ALTER TABLE withdrawals DROP COLUMN receipt_attempts, DROP COLUMN receipt_next_attempt_at;`,
  29: 'DROP TABLE shipments;',
  30: 'ALTER TABLE products DROP COLUMN search_text;',
  31: 'DROP TABLE refunds; ALTER TABLE companies DROP COLUMN last_credit_note_number;',
  32: `ALTER TABLE shipments DROP CONSTRAINT shipments_order_parcel; DELETE FROM shipments WHERE parcel > 1;
       ALTER TABLE shipments DROP COLUMN id, DROP COLUMN parcel, DROP COLUMN lines;
       ALTER TABLE shipments ADD PRIMARY KEY (order_id);`,
  33: 'ALTER TABLE companies DROP COLUMN contact_name, DROP COLUMN contact_phone, DROP COLUMN contact_email;',
  34: 'ALTER TABLE orders DROP COLUMN buyer_reference, DROP COLUMN buyer_vat_id;',
  35: 'DELETE FROM email_confirmations WHERE new_email IS NOT NULL; ALTER TABLE email_confirmations DROP COLUMN new_email;',
  36: 'ALTER TABLE shipments DROP COLUMN corrected_at;',
  37: `DROP INDEX orders_billing_email; DROP INDEX withdrawals_email; DROP INDEX outbox_mails_recipient;
       CREATE INDEX orders_guest_email ON orders (lower(billing_person->>'email')) WHERE customer_id IS NULL;
       CREATE INDEX withdrawals_email ON withdrawals (lower(email), received_at);`,
  // 038 changed no schema (its data step composed the stored addresses).
  38: 'SELECT 1;',
  39: 'ALTER TABLE refunds DROP COLUMN lines;',
  40: 'ALTER TABLE withdrawals DROP COLUMN lines;',
  41: 'ALTER TABLE refunds DROP COLUMN pieces;',
  42: `UPDATE withdrawals SET items = left(items, 500) WHERE char_length(items) > 500;
       ALTER TABLE withdrawals DROP CONSTRAINT withdrawals_items_check;
       ALTER TABLE withdrawals ADD CONSTRAINT withdrawals_items_check
         CHECK (items IS NULL OR char_length(items) BETWEEN 1 AND 500);`,
  // 043 changed no schema (its data step stripped the stored uploads' metadata).
  43: 'SELECT 1;',
  44: 'DROP INDEX stored_files_unchecked; ALTER TABLE stored_files DROP COLUMN metadata_checked;',
  // 045 changed no schema (it marked the stored uploads for one more check).
  45: 'SELECT 1;',
  46: 'ALTER TABLE orders DROP COLUMN buyer_written_at;',
  47: 'ALTER TABLE orders DROP COLUMN document_token;',
};

/** Puts `db` back to the schema before migration `first`: the newest migration undone first, then their records. */
export async function undoMigrationsFrom(db: Db, first: number): Promise<void> {
  const versions = readdirSync(migrationsDir())
    .map((file) => Number.parseInt(file, 10))
    .filter((version) => version >= first)
    .sort((a, b) => b - a);
  const missing = versions.filter((version) => !UNDO[version]);
  if (missing.length > 0)
    throw new Error(
      `Add the undo of migration ${missing.join(', ')} to __tests__/support/undoMigrations.ts.`,
    );
  await db.exec(
    `${versions.map((version) => UNDO[version]).join('\n')}\nDELETE FROM schemaversion WHERE version >= ${first};`,
  );
}
