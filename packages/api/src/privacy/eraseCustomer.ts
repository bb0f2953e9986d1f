import type { Db, Queryable } from '../db/Db';
import { deleteUploads, unreferenced } from '../uploads/uploadReferences';
import { comparableEmail } from '../validation/comparableEmail';
import { findSubjectRecords, holdsNothing } from './subjectRecords';

/**
 * Whether a kept order's billing contact is the erased person's: the address itself, or the account's own order
 * billed to the account holder by name, whichever address it gave then. Decided here in JavaScript, not by SQL's
 * `lower()`, which under the C locale leaves "Ü" as it is (session 21, mailcase): the report and the rows agree.
 */
const personsContact = (
  order: { customer_id: number | null; billing_person: { email: string; name: string; lastName: string } },
  email: string,
  accounts: { id: number; name: string; last_name: string }[],
) =>
  comparableEmail(order.billing_person.email) === email ||
  accounts.some(
    (account) =>
      order.customer_id === account.id &&
      order.billing_person.name.toLowerCase() === account.name.toLowerCase() &&
      order.billing_person.lastName.toLowerCase() === account.last_name.toLowerCase(),
  );

/** A placed order that stays (DSGVO art. 17(3)(b)), as the erasure reports it. */
export interface KeptOrder {
  orderNumber: string;
  status: string;
  createdAt: string;
  /** The billing e-mail and phone were the erased person's and are removed; false: another billing person's. */
  contactRemoved: boolean;
}

export interface Erasure {
  email: string;
  /** The account was deleted (with its sessions and confirmation links). */
  account: boolean;
  sessions: number;
  /** Carts deleted with their lines. */
  cartsDeleted: number;
  /** Carts of kept orders: their lines, addresses, coupon and account link removed, the row kept for the order. */
  cartsEmptied: number;
  /** Order numbers of checkouts never placed (saved or superseded drafts), deleted. */
  draftOrdersDeleted: string[];
  keptOrders: KeptOrder[];
  /** Sandbox outbox mails deleted. */
  mails: number;
  /** Uploaded images only the deleted carts and orders used, deleted. */
  uploadsDeleted: number;
  /** Uploaded images of this person still used by a kept order or by anybody else's cart or order. */
  uploadsKept: number;
  /**
   * Other accounts' orders that named the address as their billing e-mail: only that e-mail and its phone are removed;
   * the orders, their carts and their accounts' links stay as they are.
   */
  otherAccountsOrders: string[];
  /**
   * Twin accounts deleted with their sessions: the same address stored in another Unicode form (decomposed, left by
   * migration 038 because the composed form was another account's). Only the operator's erasure reaches them.
   */
  twinAccounts: { id: number; sessions: number }[];
}

/**
 * DSGVO art. 17 for one e-mail address (normalised with `subjectEmail`), in one transaction (all or nothing).
 * Deleted: the account, its sessions and confirmation links, its carts and the carts of its orders (lines,
 * addresses, plate texts, dealer attribution), orders never placed, sandbox mails to the address, the uploaded
 * images (designs) no remaining cart or order uses. Kept: placed
 * orders (`PLACED_ORDER`), the shop's sales records that German commercial and tax law requires it to keep
 * (§ 147 AO, § 257 HGB): as they are, with the invoice's name, address, lines and amounts, but no longer linked to
 * an account, and without the billing e-mail and phone when they were this person's (an invoice needs neither).
 * Their carts are emptied (an order references its cart). Answers null, changing nothing, when the shop holds
 * nothing about the address, which is also the answer of a second erasure.
 */
export async function eraseCustomer(db: Db, email: string): Promise<Erasure | null> {
  // With the address's twin accounts: the same mailbox, so the same person (session 22, twin).
  return db.transaction((tx) => eraseIn(tx, email, true));
}

/**
 * "Konto löschen" of a logged-in customer (session 20's settings): the erasure of the account `accountId` under the
 * address the account has when its row is locked, not the one its session read before the password check. A change
 * of address confirmed in between left the account under its new address, logged in, behind an answer saying it was
 * deleted (session 21, hostile). Answers null when the account is gone already (a second click).
 */
export async function eraseAccount(db: Db, accountId: number): Promise<Erasure | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx.query<{ email: string }>('SELECT email FROM customers WHERE id = $1 FOR UPDATE', [
      accountId,
    ]);
    // The stored address itself: accounts keep the comparable form, but a twin registered decomposed, left as it was
    // by migration 038 because its composed form is another account's, must not erase that account (session 22).
    return row ? eraseIn(tx, row.email) : null;
  });
}

async function eraseIn(tx: Queryable, email: string, twins = false): Promise<Erasure | null> {
  const records = await findSubjectRecords(tx, email, true, twins);
  if (holdsNothing(records)) return null;
  const { account } = records;
  const accounts = [...(account ? [account] : []), ...records.twins.map((twin) => twin.account)];
  const own = records.orders.filter((o) => !o.other_account);
  const othersOrders = records.orders.filter((o) => o.other_account);
  const drafts = own.filter((o) => !o.placed);
  const kept = own.filter((o) => o.placed);
  if (drafts.length > 0) {
    // order_items go with them (ON DELETE CASCADE); a draft has no payments (PLACED_ORDER).
    await tx.query('DELETE FROM orders WHERE id = ANY($1::int[])', [drafts.map((o) => o.id)]);
  }
  if (kept.length > 0) {
    // updated_at stays: the retention of a placed order counts from its last change by the sale (retention.ts).
    // The contact goes when it is the person's: the address's, or on the account's own order one with the account
    // holder's name (an address the account had before an e-mail change); another billing person's stays.
    await tx.query(
      `UPDATE orders SET customer_id = NULL, customer_company_id = NULL, customer_company_group_role_id = NULL,
              billing_person = CASE WHEN id = ANY($2::int[])
                THEN billing_person || '{"email": "", "phone": ""}'::jsonb ELSE billing_person END
        WHERE id = ANY($1::int[])`,
      [kept.map((o) => o.id), kept.filter((o) => personsContact(o, email, accounts)).map((o) => o.id)],
    );
  }
  if (othersOrders.length > 0) {
    await tx.query(
      `UPDATE orders SET billing_person = billing_person || '{"email": "", "phone": ""}'::jsonb
        WHERE id = ANY($1::int[]) AND billing_person->>'email' = $2`,
      [othersOrders.map((o) => o.id), email],
    );
  }
  // A cart another order still references (a kept one, or somebody else's) is emptied; the others are deleted.
  const cartIds = records.carts.map((c) => c.id);
  const referenced = new Set(
    (
      await tx.query<{ cart_id: number }>(
        'SELECT DISTINCT cart_id FROM orders WHERE cart_id = ANY($1::int[])',
        [cartIds],
      )
    ).map((row) => row.cart_id),
  );
  const emptied = cartIds.filter((id) => referenced.has(id));
  const deleted = cartIds.filter((id) => !referenced.has(id));
  if (emptied.length > 0) {
    await tx.query('DELETE FROM cart_items WHERE cart_id = ANY($1::int[])', [emptied]);
    await tx.query(
      `UPDATE carts SET user_id = NULL, shipping_address = NULL, billing_address = NULL, coupon_code = NULL,
              in_checkout = false, updated_at = now()
        WHERE id = ANY($1::int[])`,
      [emptied],
    );
  }
  if (deleted.length > 0) await tx.query('DELETE FROM carts WHERE id = ANY($1::int[])', [deleted]);
  if (accounts.length > 0) {
    // Sessions and confirmation links would go with the account (ON DELETE CASCADE); deleted first to count them.
    const ids = accounts.map((row) => row.id);
    await tx.query('DELETE FROM sessions WHERE customer_id = ANY($1::int[])', [ids]);
    await tx.query('DELETE FROM email_confirmations WHERE customer_id = ANY($1::int[])', [ids]);
    await tx.query('DELETE FROM customers WHERE id = ANY($1::int[])', [ids]);
  }
  // Uploads are content-addressed, so one file can serve several lines (a copied cart, the same logo uploaded by
  // two shoppers): only those no remaining line references go.
  const uploads =
    records.uploads.length === 0
      ? []
      : await tx.query(
          deleteUploads(`SELECT k.key FROM unnest($1::text[]) AS k(key) WHERE ${unreferenced('k')}`),
          [records.uploads.map((file) => file.key)],
        );
  const mails = await tx.query('DELETE FROM outbox_mails WHERE recipient = $1 RETURNING id', [email]);
  return {
    email,
    account: account !== null,
    sessions: records.sessions.length,
    cartsDeleted: deleted.length,
    cartsEmptied: emptied.length,
    draftOrdersDeleted: drafts.map((o) => o.order_number),
    keptOrders: kept.map((o) => ({
      orderNumber: o.order_number,
      status: o.status,
      createdAt: new Date(o.created_at).toISOString(),
      contactRemoved: personsContact(o, email, accounts),
    })),
    mails: mails.length,
    uploadsDeleted: uploads.length,
    uploadsKept: records.uploads.length - uploads.length,
    otherAccountsOrders: othersOrders.map((o) => o.order_number),
    twinAccounts: records.twins.map((twin) => ({ id: twin.account.id, sessions: twin.sessions.length })),
  };
}
