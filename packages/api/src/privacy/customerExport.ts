import { jsonColumn } from '../db/jsonColumn';
import { cartRepo } from '../cart/cartRepo';
import { CART_RETENTION_DAYS } from '../cart/cartRoutes';
import { CLIENT_ERROR_RETENTION_DAYS } from '../clientErrors/clientErrorRoutes';
import type { Queryable } from '../db/Db';
import { toEuros } from '../money';
import { orderItems, toOrder } from '../orders/orderRepo';
import { UPLOAD_RETENTION_DAYS } from '../uploads/uploadRoutes';
import { type AccountRow, findSubjectRecords, holdsNothing, type SessionDates } from './subjectRecords';

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/**
 * What the shop stores but a person cannot be found by, said in the export (DSGVO art. 15 asks for the categories
 * too), so the answer is complete without listing other people's rows.
 */
export const EXPORT_NOTES = [
  'Passwords are stored only as a salted hash, login sessions and confirmation links only as hashes of their tokens: none of them is part of this export.',
  'The shop keeps no address book and no wish list: addresses are stored with the carts and orders listed here.',
  "Order and cart keys (the guids in the shop's links) are left out: they give access to the order or cart.",
  `Client error reports keep a page's route without query, guids, tokens or addresses and are deleted after ${CLIENT_ERROR_RETENTION_DAYS} days: they cannot be tied to a person.`,
  'Rate-limit counters and request logs (LOG=1) carry network addresses, not e-mail addresses, and cannot be tied to this address.',
  `Carts without an account or order cannot be tied to an e-mail address; they are deleted after ${CART_RETENTION_DAYS} days without a change.`,
  'Mails sent through SMTP_URL are not kept by the shop; the sandbox outbox mails are listed under "mails".',
  'Uploaded images (rendered designs, pictures added to them) that the orders and carts listed here use are listed under "uploads" without their bytes: each is served by the shop\'s API at its "path" (the URL in the line\'s "Design-Bild" attribute or design document).',
  `Uploaded images no cart or order uses (a design not ordered yet) cannot be tied to a person; they are deleted ${UPLOAD_RETENTION_DAYS} days after their last upload.`,
];

const accountDocument = (account: AccountRow, sessions: SessionDates, openConfirmationLinks: number) => ({
  id: account.id,
  email: account.email,
  name: account.name,
  lastName: account.last_name,
  customerCompanyId: account.customer_company_id,
  customerCompanyGroupRoleId: account.customer_company_group_role_id,
  createdAt: iso(account.created_at),
  emailConfirmedAt: iso(account.email_confirmed_at),
  openConfirmationLinks,
  sessions: sessions.map((s) => ({ createdAt: iso(s.created_at), expiresAt: iso(s.expires_at) })),
});

/**
 * DSGVO art. 15: every piece of personal data the shop holds about `email` (normalised with `subjectEmail`), as one
 * JSON-ready document: the account (without the password hash), session dates, orders of the account or of guests with
 * this billing e-mail (addresses, lines, payments), the contact details only of other accounts' orders that name it, the carts of the account or of those orders (addresses, lines) and
 * the sandbox mails to the address, the uploaded images those orders and carts use (key, type, size, date; the
 * bytes are served at their path), and the declarations of withdrawal made with it. With `twins` (the operator's
 * command, session 22), also the address's twin accounts (`twinAccounts`: stored in another Unicode form, migration
 * 038) and their orders and carts. Answers null when the shop holds nothing about it.
 */
export async function exportCustomer(db: Queryable, email: string, now = new Date(), { twins = false } = {}) {
  const records = await findSubjectRecords(db, email, false, twins);
  if (holdsNothing(records) && records.withdrawals.length === 0) return null;
  const { account } = records;
  const twinIds = new Set(records.twins.map((twin) => twin.account.id));
  const foundBy = (id: number | null) =>
    account && id === account.id ? 'account' : id !== null && twinIds.has(id) ? 'twin account' : undefined;
  const orders = [];
  // Another account's order that names the address as billing e-mail holds the person's contact, nothing else of
  // theirs: its addresses, lines and payments are that account's and stay out of this document.
  const contactInOtherAccountsOrders = [];
  for (const row of records.orders) {
    if (row.other_account) {
      contactInOtherAccountsOrders.push({
        orderNumber: row.order_number,
        createdAt: iso(row.created_at),
        email: row.billing_person.email,
        phone: row.billing_person.phone,
      });
      continue;
    }
    const { headerGuid: _key, ...order } = toOrder(row, await orderItems(db, row.id));
    const payments = await db.query<{
      method: string;
      amount_cents: number;
      status: string;
      created_at: Date;
    }>(
      'SELECT method, amount_cents, status, created_at FROM payments WHERE order_id = $1 ORDER BY created_at',
      [row.id],
    );
    orders.push({
      ...order,
      updatedAt: iso(row.updated_at),
      // Why the order is in this export: placed through the account, or carrying the address as billing e-mail.
      foundBy: foundBy(row.customer_id) ?? 'billing e-mail',
      dealerId: row.dealer_id,
      payments: payments.map((p) => ({
        method: p.method,
        amount: toEuros(p.amount_cents),
        status: p.status,
        createdAt: iso(p.created_at),
      })),
      keptOnErasure: row.placed,
    });
  }
  const carts = [];
  for (const row of records.carts) {
    const lines = await cartRepo(db).items(row.id);
    carts.push({
      createdAt: iso(row.created_at),
      updatedAt: iso(row.updated_at),
      linkedTo: foundBy(row.user_id) ?? 'order',
      inCheckout: row.in_checkout,
      shippingAddress: row.shipping_address,
      billingAddress: row.billing_address,
      couponCode: row.coupon_code,
      dealerId: row.dealer_id,
      lines: lines.map((line) => ({
        productUniqueId: line.product_unique_id,
        title: line.title,
        quantity: line.quantity,
        price: toEuros(line.price_cents),
        attributes: line.attributes,
      })),
    });
  }
  return {
    email,
    exportedAt: now.toISOString(),
    account: account && accountDocument(account, records.sessions, records.confirmations),
    // Only with `twins` (the operator's command): accounts of the same address stored in another Unicode form.
    ...(twins && {
      twinAccounts: records.twins.map((twin) =>
        accountDocument(twin.account, twin.sessions, twin.confirmations),
      ),
    }),
    orders,
    contactInOtherAccountsOrders,
    carts,
    mails: records.mails.map((mail) => ({
      to: mail.recipient,
      subject: mail.subject,
      // A mail's link (an address confirmation, an order page) is a key like the session tokens: its place is
      // named, not its value.
      text: mail.link ? mail.body.split(mail.link).join('[link]') : mail.body,
      createdAt: iso(mail.created_at),
    })),
    uploads: records.uploads.map((file) => ({
      key: file.key,
      path: `/${file.key}`,
      contentType: file.content_type,
      size: file.size,
      uploadedAt: iso(file.created_at),
    })),
    // Declarations of withdrawal made with this address (§ 356a BGB); kept on erasure as proof of what was
    // received and when (art. 17(3)(e) DSGVO), deleted by their own rule (limits/retention.ts).
    withdrawals: records.withdrawals.map((row) => ({
      receivedAt: iso(row.received_at),
      name: row.name,
      orderNumber: row.order_number,
      items: row.items,
      // Session 24: the lines the consumer named (line, pieces, the article's words), as the receipt listed them.
      ...(row.lines ? { lines: jsonColumn(row.lines) } : {}),
    })),
    notes: EXPORT_NOTES,
  };
}

export type CustomerExport = NonNullable<Awaited<ReturnType<typeof exportCustomer>>>;
