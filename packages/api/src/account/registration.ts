import { createHash, randomBytes } from 'node:crypto';
import type { ApiErrorBody, ConfirmEmailAnswer, Customer, RegisterBody } from '@lp/sdk/contract';
import { isValidName, isValidPassword } from '@lp/sdk/validation';
import type { Db, Queryable } from '../db/Db';
import { ApiError, badRequest, conflict } from '../http/ApiError';
import { type ShopSender, signOffWithImprint } from '../mail/signOff';
import type { MailTransport } from '../outbox/mailTransport';
import { comparableEmail, isComparableEmail } from '../validation/comparableEmail';
import { hashNewPassword } from './password';
import { type CustomerRow, customerView } from './sessionStore';

/** A confirmation link works for two days. */
export const CONFIRMATION_TTL_MS = 48 * 60 * 60 * 1000;
/** At most one resent confirmation mail per address in this time (no mail bombing through the resend). */
export const RESEND_INTERVAL_MS = 60 * 1000;
/** The group role of a private shopper (the demo customer's, seed data). */
const PRIVATE_GROUP_ROLE = 3001;

type FieldError = NonNullable<ApiErrorBody['errors']>[number];

const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * An address as accounts store it: the shop's comparable form (validation/comparableEmail.ts); undefined when the
 * typed address or that form is no valid address (spec 5; "İ" lower-cases to "i" + U+0307, session 21, hostile).
 */
export function storedEmail(raw: string): string | undefined {
  return isComparableEmail(raw.trim()) ? comparableEmail(raw) : undefined;
}

/** The field rules of checkout (spec 5) for email and names, and the password length (issue 13). */
export function registrationErrors(body: RegisterBody): FieldError[] {
  const errors: FieldError[] = [];
  if (storedEmail(body.email) === undefined)
    errors.push({ field: 'email', message: 'must be a valid email address' });
  if (!isValidPassword(body.password))
    errors.push({ field: 'password', message: 'must have 8 to 200 characters, no control characters' });
  for (const field of ['name', 'lastName'] as const) {
    if (!isValidName(body[field]))
      errors.push({ field, message: 'must be a name (letters, apostrophe, hyphen, single spaces)' });
  }
  return errors;
}

/**
 * The confirmation page on an allowed shop origin, with the token appended (no open redirect through mails). `field`
 * names the body field in the errors (the password reset's `resetUrl` is checked the same way).
 */
export function confirmationLink(
  confirmUrl: string,
  token: string,
  allowedOrigins: Set<string>,
  field = 'confirmUrl',
): string {
  let url: URL;
  try {
    url = new URL(confirmUrl);
  } catch {
    throw badRequest('validation', `${field} must be an absolute http(s) URL.`, [
      { field, message: 'must be an absolute URL' },
    ]);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !allowedOrigins.has(url.origin)) {
    throw badRequest('origin-not-allowed', `${field} must point to an allowed shop origin.`, [
      { field, message: 'origin not allowed' },
    ]);
  }
  url.searchParams.set('token', token);
  return url.href;
}

/**
 * Creates an unconfirmed account and its confirmation token. A taken email (any case) is 409 `email-taken`, also
 * when two registrations race (the unique index decides).
 */
export async function createAccount(
  db: Db,
  body: RegisterBody,
): Promise<{ customer: Customer; token: string }> {
  const errors = registrationErrors(body);
  if (errors.length) throw badRequest('validation', 'The registration has invalid fields.', errors);
  const email = comparableEmail(body.email);
  const passwordHash = await hashNewPassword(body.password);
  try {
    return await db.transaction(async (tx) => {
      const [taken] = await tx.query('SELECT 1 FROM customers WHERE lower(email) = $1', [email]);
      if (taken) throw emailTaken();
      const [row] = await tx.query<CustomerRow>(
        `INSERT INTO customers (email, password_hash, name, last_name, customer_company_id,
           customer_company_group_role_id, email_confirmed_at)
         VALUES ($1, $2, $3, $4, nextval('customer_companies_seq'), $5, NULL)
         RETURNING id, email, name, last_name, customer_company_id, customer_company_group_role_id`,
        [email, passwordHash, body.name, body.lastName, PRIVATE_GROUP_ROLE],
      );
      return { customer: customerView(row!), token: await issueConfirmation(tx, row!.id) };
    });
  } catch (error) {
    if ((error as { code?: unknown }).code === '23505') throw emailTaken();
    throw error;
  }
}

/**
 * Stores a new confirmation token of a customer, valid {@link CONFIRMATION_TTL_MS} by the database's clock (the
 * resend's interval check reads the same clock), and answers the token; only its hash is stored.
 */
export async function issueConfirmation(
  tx: Queryable,
  customerId: number,
  newEmail: string | null = null,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await tx.query(
    `INSERT INTO email_confirmations (token_hash, customer_id, expires_at, new_email)
     VALUES ($1, $2, now() + $3::interval, $4)`,
    [tokenHash(token), customerId, `${CONFIRMATION_TTL_MS / 1000} seconds`, newEmail],
  );
  return token;
}

export const emailTaken = () => conflict('email-taken', 'An account with this email exists already.');

/**
 * The German confirmation mail (issue 13). Greets and signs like the order confirmation (one voice for the shop's
 * mails): "Guten Tag …", the shop's name at the end, and its Impressum below the signature.
 */
export async function sendConfirmation(
  mail: MailTransport,
  customer: Customer,
  link: string,
  sender: ShopSender,
): Promise<string | undefined> {
  return mail.send({
    to: customer.email,
    subject: 'Bitte bestätigen Sie Ihre E-Mail-Adresse',
    text: [
      `Guten Tag ${customer.name} ${customer.lastName},`,
      '',
      'vielen Dank für Ihre Registrierung. Bitte bestätigen Sie Ihre E-Mail-Adresse mit diesem Link:',
      link,
      '',
      'Danach erscheinen auch Bestellungen, die Sie ohne Kundenkonto mit dieser Adresse aufgegeben haben, in Ihrem Konto.',
      'Der Link ist 48 Stunden gültig. Wenn Sie sich nicht registriert haben, ignorieren Sie diese E-Mail.',
      ...signOffWithImprint(sender),
    ].join('\n'),
    link,
  });
}

/**
 * Issue 13: a new confirmation token for the unconfirmed account of `email`, replacing every earlier one (one live
 * link per address: the newest mail's). Answers null, and changes nothing, when the address has no unconfirmed
 * account or got a token less than {@link RESEND_INTERVAL_MS} ago; the caller answers alike in every case, so the
 * call does not tell which addresses have accounts.
 */
export async function renewConfirmation(
  db: Db,
  email: string,
): Promise<{ customer: Customer; token: string } | null> {
  return db.transaction(async (tx) => {
    // The customer row is locked first, so two resends at once cannot both pass the interval check; the tokens are
    // read by a statement of their own, after the lock (a subquery of the locking statement would still see the
    // tokens from before a concurrent resend committed).
    const [row] = await tx.query<CustomerRow>(
      `SELECT id, email, name, last_name, customer_company_id, customer_company_group_role_id FROM customers
        WHERE lower(email) = $1 AND email_confirmed_at IS NULL FOR UPDATE`,
      [comparableEmail(email)],
    );
    if (!row) return null;
    const [recent] = await tx.query(
      `SELECT 1 FROM email_confirmations
        WHERE customer_id = $1 AND new_email IS NULL AND expires_at > now() + $2::interval LIMIT 1`,
      [row.id, `${(CONFIRMATION_TTL_MS - RESEND_INTERVAL_MS) / 1000} seconds`],
    );
    if (recent) return null;
    // A pending change of the address (session 20) has a link of its own and stays.
    await tx.query('DELETE FROM email_confirmations WHERE customer_id = $1 AND new_email IS NULL', [row.id]);
    return { customer: customerView(row), token: await issueConfirmation(tx, row.id) };
  });
}

/**
 * Opens a confirmation link for the logged-in customer `customerId`: marks the address confirmed, spends the token
 * and joins the guest orders placed with this email to the account. Unknown, used and expired tokens are 400
 * `confirmation-invalid`. A live link of an account the request is not logged in to is 401 `unauthorized` and stays
 * usable: the mailbox owner must be the account's password holder, else whoever registered someone else's address
 * (with a password of their own) would read the owner's guest orders once the owner clicks the link (session 18
 * review; the owner who never registered uses "Passwort vergessen", which confirms the address too). A link of a
 * change of address (session 20, `new_email`) sets the new address, confirmed, and answers the account as it was in
 * `changedFrom` (for the notice to the old address); a new address another account took meanwhile is 409
 * `email-taken`, and the link stays usable.
 */
export async function confirmEmail(
  db: Db,
  token: string,
  customerId: number | undefined,
): Promise<ConfirmEmailAnswer & { changedFrom?: Customer }> {
  try {
    return await db.transaction((tx) => spendConfirmation(tx, token, customerId));
  } catch (error) {
    // Another account took the new address between the check and the update (the unique index decides).
    if ((error as { code?: unknown }).code === '23505') throw emailTaken();
    throw error;
  }
}

async function spendConfirmation(
  tx: Queryable,
  token: string,
  customerId: number | undefined,
): Promise<ConfirmEmailAnswer & { changedFrom?: Customer }> {
  // The account row first, as an erasure locks it (session 21, hostile): taking the token's row first and the
  // account's at the update deadlocked with a "Konto löschen" at the same moment (500 for one of them).
  if (customerId !== undefined) {
    await tx.query('SELECT 1 FROM customers WHERE id = $1 FOR UPDATE', [customerId]);
  }
  const [row] = await tx.query<
    CustomerRow & { customer_id: number; new_email: string | null; live: boolean }
  >(
    `DELETE FROM email_confirmations e USING customers c
        WHERE e.token_hash = $1 AND c.id = e.customer_id AND e.customer_id = $2
        RETURNING e.customer_id, c.id, c.email, c.name, c.last_name, c.customer_company_id,
                  c.customer_company_group_role_id, e.new_email, e.expires_at > now() AS live`,
    [tokenHash(token), customerId ?? null],
  );
  if (!row) {
    // A live link of an account this request is not logged in to (none, or another one) stays usable.
    const [other] = await tx.query(
      'SELECT 1 FROM email_confirmations WHERE token_hash = $1 AND expires_at > now()',
      [tokenHash(token)],
    );
    if (other) {
      throw new ApiError(
        401,
        'unauthorized',
        'Log in to the account of this address first, then open the confirmation link again.',
      );
    }
  }
  if (!row?.live) {
    throw badRequest('confirmation-invalid', 'This confirmation link is unknown, used or expired.');
  }
  if (row.new_email) {
    // Session 20: a change of the address. The link reached the new mailbox and was opened by the account's own
    // session, so the new address is confirmed as registration's link confirms one (its guest orders join below).
    const [taken] = await tx.query('SELECT 1 FROM customers WHERE lower(email) = $1 AND id <> $2', [
      row.new_email,
      row.customer_id,
    ]);
    if (taken) throw emailTaken();
    // Every other link of the account went to the old address (a reset link would let that mailbox set the
    // password), or is an older change: none of them may work any more.
    await tx.query('DELETE FROM email_confirmations WHERE customer_id = $1', [row.customer_id]);
    await tx.query('DELETE FROM password_resets WHERE customer_id = $1', [row.customer_id]);
    await tx.query('UPDATE customers SET email = $2, email_confirmed_at = now() WHERE id = $1', [
      row.customer_id,
      row.new_email,
    ]);
  } else {
    await tx.query('UPDATE customers SET email_confirmed_at = now() WHERE id = $1', [row.customer_id]);
  }
  const joinedOrders = await joinGuestOrders(tx, row.customer_id);
  const email = row.new_email ?? row.email;
  return row.new_email
    ? { email, joinedOrders, changedFrom: customerView({ ...row, email: row.email }) }
    : { email, joinedOrders };
}

/**
 * Joins orders placed without an account under the customer's confirmed email (billing email, any case: both are
 * kept in JavaScript's lower-cased form, validation/comparableEmail.ts) to the account; nothing happens while the
 * address is unconfirmed. Answers how many orders joined.
 */
export async function joinGuestOrders(db: Queryable, customerId: number): Promise<number> {
  const rows = await db.query(
    `UPDATE orders o SET customer_id = c.id, customer_company_id = c.customer_company_id,
            customer_company_group_role_id = c.customer_company_group_role_id, updated_at = now()
       FROM customers c
      WHERE c.id = $1 AND c.email_confirmed_at IS NOT NULL AND o.customer_id IS NULL
        AND o.billing_person->>'email' = c.email
      RETURNING o.id`,
    [customerId],
  );
  return rows.length;
}
