import type { CustomerRow } from '../account/sessionStore';
import type { Queryable } from '../db/Db';
import { comparableEmail } from '../validation/comparableEmail';
import type { OutboxMailRow } from '../outbox/sandboxOutbox';
import { ORDER_COLUMNS, type OrderRow, PLACED_ORDER } from '../orders/orderRepo';
import { uploadKeysIn } from '../uploads/uploadReferences';

export interface AccountRow extends CustomerRow {
  created_at: Date | string;
  email_confirmed_at: Date | string | null;
}

export interface SubjectOrderRow extends OrderRow {
  updated_at: Date | string;
  dealer_id: string | null;
  placed: boolean;
  /**
   * Another account's order that names the address as its billing e-mail (a colleague entered a shared
   * `buchhaltung@…`): that account's record, of which only the address's contact details are the person's.
   */
  other_account: boolean;
}

export interface SubjectCartRow extends Record<string, unknown> {
  id: number;
  user_id: number | null;
  created_at: Date | string;
  updated_at: Date | string;
  in_checkout: boolean;
  shipping_address: unknown;
  billing_address: unknown;
  coupon_code: string | null;
  dealer_id: string | null;
}

export type SubjectMailRow = OutboxMailRow;

export interface SubjectUploadRow extends Record<string, unknown> {
  key: string;
  content_type: string;
  size: number;
  created_at: Date | string;
}

/** A declaration of withdrawal made with the address (migration 027, session 16). */
export interface SubjectWithdrawalRow extends Record<string, unknown> {
  received_at: Date | string;
  name: string;
  order_number: string;
  items: string | null;
  /** Session 24 (migration 040): the order's lines the declaration named, with their words; null: none named. */
  lines: unknown[] | string | null;
}

/** Login sessions of an account (only hashes of their tokens are stored). */
export type SessionDates = { created_at: Date | string; expires_at: Date | string }[];

/**
 * An account stored under another Unicode form of the same address: registered decomposed before session 22 and
 * left so by migration 038 because another account holds the composed form (a "twin"; same mailbox, same person).
 */
export interface TwinAccount {
  account: AccountRow;
  sessions: SessionDates;
  confirmations: number;
}

/** Every row that holds personal data of one e-mail address (tables of migrations 001-017, and 027). */
export interface SubjectRecords {
  account: AccountRow | null;
  /** Login sessions (only hashes of their tokens are stored). */
  sessions: SessionDates;
  /** Open confirmation links (hashes). */
  confirmations: number;
  /** Twin accounts of the address, found only for the operator (`twins`); their orders and carts are listed too. */
  twins: TwinAccount[];
  /**
   * Orders of the account, and orders whose billing e-mail is the address (any case): guest checkouts, and other
   * accounts' orders (`other_account`), which neither an erasure nor the customer's own download may take.
   */
  orders: SubjectOrderRow[];
  /** Carts of the account, and the carts its own and the guest orders were placed from. */
  carts: SubjectCartRow[];
  /** Sandbox outbox mails to the address. */
  mails: SubjectMailRow[];
  /** Uploaded images (designs, pictures) the lines of those orders and carts reference, without their bytes. */
  uploads: SubjectUploadRow[];
  /** Declarations of withdrawal made with the address ("Vertrag widerrufen"); an erasure keeps them. */
  withdrawals: SubjectWithdrawalRow[];
}

/**
 * The account stored under `email` and, with `twins`, the accounts whose stored address has `email` as its
 * comparable form (twins of migration 038), in one statement ordered by id, so two erasures lock them alike. Only a
 * non-ASCII stored address can be a twin; the comparison is JavaScript's NFC, as everywhere (comparableEmail.ts).
 */
async function accountsOf(db: Queryable, email: string, lock: boolean, twins: boolean) {
  const candidates = twins
    ? await db.query<{ id: number; email: string }>(
        'SELECT id, email FROM customers WHERE octet_length(email) <> char_length(email) AND lower(email) <> $1',
        [email],
      )
    : [];
  const twinIds = candidates.filter((row) => comparableEmail(row.email) === email).map((row) => row.id);
  const rows = await db.query<AccountRow>(
    `SELECT id, email, name, last_name, customer_company_id, customer_company_group_role_id, created_at,
            email_confirmed_at
       FROM customers WHERE lower(email) = $1 OR id = ANY($2::int[]) ORDER BY id${lock ? ' FOR UPDATE' : ''}`,
    [email, twinIds],
  );
  const isTwin = (row: AccountRow) => twinIds.includes(row.id);
  return {
    account: rows.find((row) => !isTwin(row)) ?? null,
    // Checked again once locked: a twin's address may have changed since it was read.
    twins: rows.filter((row) => isTwin(row) && comparableEmail(row.email) === email),
  };
}

const sessionsOf = (db: Queryable, accountId: number) =>
  db.query<{ created_at: Date; expires_at: Date }>(
    'SELECT created_at, expires_at FROM sessions WHERE customer_id = $1 ORDER BY created_at',
    [accountId],
  );

const confirmationsOf = async (db: Queryable, accountId: number) =>
  (
    await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM email_confirmations WHERE customer_id = $1',
      [accountId],
    )
  )[0]?.n ?? 0;

/**
 * Finds what the shop holds about `email` (already {@link subjectEmail}-normalised). With `lock`, the account rows
 * are locked for the transaction, so a second erasure of the same person waits for the first. With `twins` (the
 * operator's commands, not an account's own download or deletion: a twin's session must not reach its look-alike),
 * the twin accounts of the address too.
 */
export async function findSubjectRecords(
  db: Queryable,
  email: string,
  lock = false,
  twins = false,
): Promise<SubjectRecords> {
  const { account, twins: twinRows } = await accountsOf(db, email, lock, twins);
  const accountIds = [...(account ? [account.id] : []), ...twinRows.map((row) => row.id)];
  const selectOrders = (locked: boolean) =>
    db.query<SubjectOrderRow>(
      `SELECT ${ORDER_COLUMNS}, updated_at, dealer_id, ${PLACED_ORDER} AS placed,
              (o.customer_id IS NOT NULL AND NOT o.customer_id = ANY($2::int[])) AS other_account
         FROM orders o
        WHERE o.billing_person->>'email' = $1 OR o.customer_id = ANY($2::int[])
        ORDER BY o.created_at, o.id${locked ? ' FOR UPDATE OF o' : ''}`,
      [email, accountIds],
    );
  const ownCarts = (rows: SubjectOrderRow[]) => rows.filter((o) => !o.other_account).map((o) => o.cart_id);
  const selectCarts = (rows: SubjectOrderRow[]) =>
    db.query<SubjectCartRow>(
      `SELECT id, user_id, created_at, updated_at, in_checkout, shipping_address, billing_address, coupon_code, dealer_id
         FROM carts WHERE user_id = ANY($1::int[]) OR id = ANY($2::int[])
        ORDER BY created_at, id${lock ? ' FOR UPDATE' : ''}`,
      [accountIds, ownCarts(rows)],
    );
  // With `lock`, the carts before their orders: the lock order of the save, the add and the payment (account, cart,
  // order, payment). Locking the orders first deadlocked with a guest's save of a cart whose draft was billed to the
  // address (session 22, locks). The orders are read once without a lock to find their carts.
  let orders = await selectOrders(false);
  let carts = await selectCarts(orders);
  if (lock) {
    orders = await selectOrders(true);
    // An order saved from another cart between the two reads (a guest's first save with the address): its cart too,
    // after its order this once.
    const held = new Set(carts.map((c) => c.id));
    if (ownCarts(orders).some((id) => !held.has(id))) carts = await selectCarts(orders);
  }
  const uploads = await db.query<SubjectUploadRow>(
    `SELECT key, content_type, size, created_at FROM stored_files
      WHERE key IN (${uploadKeysIn(
        `SELECT attributes FROM order_items WHERE order_id = ANY($1::int[])
         UNION ALL SELECT attributes FROM cart_items WHERE cart_id = ANY($2::int[])`,
      )})
      ORDER BY created_at, key${lock ? ' FOR UPDATE' : ''}`,
    [orders.filter((o) => !o.other_account).map((o) => o.id), carts.map((c) => c.id)],
  );
  const mails = await db.query<SubjectMailRow>(
    `SELECT id::text AS id, recipient, subject, body, link, created_at FROM outbox_mails
      WHERE recipient = $1 ORDER BY created_at, id`,
    [email],
  );
  const withdrawals = await db.query<SubjectWithdrawalRow>(
    `SELECT received_at, name, order_number, items, lines FROM withdrawals
      WHERE email = $1 ORDER BY received_at, id`,
    [email],
  );
  const twinAccounts: TwinAccount[] = [];
  for (const row of twinRows) {
    twinAccounts.push({
      account: row,
      sessions: await sessionsOf(db, row.id),
      confirmations: await confirmationsOf(db, row.id),
    });
  }
  return {
    account,
    sessions: account ? await sessionsOf(db, account.id) : [],
    confirmations: account ? await confirmationsOf(db, account.id) : 0,
    twins: twinAccounts,
    orders,
    carts,
    mails,
    uploads,
    withdrawals,
  };
}

/** True when the shop holds nothing about the address. */
export const holdsNothing = (records: SubjectRecords): boolean =>
  !records.account &&
  records.twins.length === 0 &&
  records.orders.length === 0 &&
  records.carts.length === 0 &&
  records.mails.length === 0;
