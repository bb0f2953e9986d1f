import type { CustomerRow } from '../account/sessionStore';
import type { Queryable } from '../db/Db';
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
}

/** Every row that holds personal data of one e-mail address (tables of migrations 001-017, and 027). */
export interface SubjectRecords {
  account: AccountRow | null;
  /** Login sessions (only hashes of their tokens are stored). */
  sessions: { created_at: Date | string; expires_at: Date | string }[];
  /** Open confirmation links (hashes). */
  confirmations: number;
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
 * Finds what the shop holds about `email` (already {@link subjectEmail}-normalised). With `lock`, the account row is
 * locked for the transaction, so a second erasure of the same person waits for the first.
 */
export async function findSubjectRecords(
  db: Queryable,
  email: string,
  lock = false,
): Promise<SubjectRecords> {
  const [account] = await db.query<AccountRow>(
    `SELECT id, email, name, last_name, customer_company_id, customer_company_group_role_id, created_at,
            email_confirmed_at
       FROM customers WHERE lower(email) = $1${lock ? ' FOR UPDATE' : ''}`,
    [email],
  );
  const accountId = account?.id ?? null;
  const orders = await db.query<SubjectOrderRow>(
    `SELECT ${ORDER_COLUMNS}, updated_at, dealer_id, ${PLACED_ORDER} AS placed,
            (o.customer_id IS NOT NULL AND o.customer_id IS DISTINCT FROM $2::int) AS other_account
       FROM orders o
      WHERE o.billing_person->>'email' = $1 OR o.customer_id = $2::int
      ORDER BY o.created_at, o.id${lock ? ' FOR UPDATE OF o' : ''}`,
    [email, accountId],
  );
  const carts = await db.query<SubjectCartRow>(
    `SELECT id, user_id, created_at, updated_at, in_checkout, shipping_address, billing_address, coupon_code, dealer_id
       FROM carts WHERE user_id = $1::int OR id = ANY($2::int[])
      ORDER BY created_at, id${lock ? ' FOR UPDATE' : ''}`,
    [accountId, orders.filter((o) => !o.other_account).map((o) => o.cart_id)],
  );
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
    `SELECT received_at, name, order_number, items FROM withdrawals
      WHERE email = $1 ORDER BY received_at, id`,
    [email],
  );
  const sessions = accountId
    ? await db.query<{ created_at: Date; expires_at: Date }>(
        'SELECT created_at, expires_at FROM sessions WHERE customer_id = $1 ORDER BY created_at',
        [accountId],
      )
    : [];
  const [confirmations] = accountId
    ? await db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM email_confirmations WHERE customer_id = $1',
        [accountId],
      )
    : [];
  return {
    account: account ?? null,
    sessions,
    confirmations: confirmations?.n ?? 0,
    orders,
    carts,
    mails,
    uploads,
    withdrawals,
  };
}

/** True when the shop holds nothing about the address. */
export const holdsNothing = (records: SubjectRecords): boolean =>
  !records.account && records.orders.length === 0 && records.carts.length === 0 && records.mails.length === 0;
