import type { Customer } from '@lp/sdk/contract';
import { isValidPassword } from '@lp/sdk/validation';
import type { Db, Queryable } from '../db/Db';
import { ApiError, badRequest } from '../http/ApiError';
import { hashNewPassword, verifyPassword } from './password';
import {
  CONFIRMATION_TTL_MS,
  RESEND_INTERVAL_MS,
  emailTaken,
  issueConfirmation,
  storedEmail,
} from './registration';
import { tokenHash } from './sessionStore';

/**
 * Session 20: what the logged-in customer's own settings do to the database (the routes are accountSettingsRoutes.ts).
 * Every operation first checks the re-entered current password ({@link checkPassword}).
 */

/** The current password re-entered for a setting is wrong (403: the session is fine, the proof is not). */
export const passwordWrong = () =>
  new ApiError(403, 'password-wrong', 'The current password is wrong.', [
    { field: 'password', message: 'is not the current password' },
  ]);

/**
 * Checks `password` against the account's stored hash and answers that hash (the change compares it again, so a
 * reset in between wins). A wrong password is 403 `password-wrong`.
 */
export async function checkPassword(db: Db, customerId: number, password: string): Promise<string> {
  const [row] = await db.query<{ password_hash: string }>(
    'SELECT password_hash FROM customers WHERE id = $1',
    [customerId],
  );
  if (!(await verifyPassword(password, row?.password_hash))) throw passwordWrong();
  return row!.password_hash;
}

/** Whether the account's address was confirmed (by its link, a password reset or an address change). */
export async function emailConfirmed(db: Db, customerId: number): Promise<boolean> {
  const [row] = await db.query<{ confirmed: boolean }>(
    'SELECT email_confirmed_at IS NOT NULL AS confirmed FROM customers WHERE id = $1',
    [customerId],
  );
  return row?.confirmed ?? false;
}

/**
 * The account's address as stored now (undefined: the account is gone), not as its session read it earlier; held
 * until the transaction `tx` ends (the row shared: a change of address waits for it).
 */
export async function accountEmail(tx: Queryable, customerId: number): Promise<string | undefined> {
  const [row] = await tx.query<{ email: string }>('SELECT email FROM customers WHERE id = $1 FOR SHARE', [
    customerId,
  ]);
  return row?.email;
}

/** The new password off registration's rules: 400 `validation` naming `newPassword`. */
export function checkNewPassword(newPassword: string): void {
  if (!isValidPassword(newPassword)) {
    throw badRequest('validation', 'The new password is invalid.', [
      { field: 'newPassword', message: 'must have 8 to 200 characters, no control characters' },
    ]);
  }
}

/**
 * Sets the new password and ends every other session of the account (this one, `keepToken`'s, stays logged in) and
 * any reset link in flight. `verifiedHash` is the hash the current password was checked against: when a reset
 * replaced it meanwhile, nothing changes and the answer is 403 `password-wrong`.
 */
export async function changePassword(
  db: Db,
  customerId: number,
  verifiedHash: string,
  newPassword: string,
  keepToken: string,
): Promise<void> {
  const passwordHash = await hashNewPassword(newPassword);
  await db.transaction(async (tx) => {
    const changed = await tx.query(
      'UPDATE customers SET password_hash = $3 WHERE id = $1 AND password_hash = $2 RETURNING id',
      [customerId, verifiedHash, passwordHash],
    );
    if (changed.length === 0) throw passwordWrong();
    await tx.query('DELETE FROM sessions WHERE customer_id = $1 AND token_hash <> $2', [
      customerId,
      tokenHash(keepToken),
    ]);
    await tx.query('DELETE FROM password_resets WHERE customer_id = $1', [customerId]);
  });
}

/**
 * The normalised new address of a change, or 400 `validation` naming `email` (not an address by spec 5's rule, or
 * the account's address already).
 */
export function newAddress(raw: string, customer: Customer): string {
  const email = storedEmail(raw);
  if (email === undefined) {
    throw badRequest('validation', 'email must be a valid email address.', [
      { field: 'email', message: 'must be a valid email address' },
    ]);
  }
  if (email === customer.email.toLowerCase()) {
    throw badRequest('validation', 'email is the account’s address already.', [
      { field: 'email', message: 'is the current address' },
    ]);
  }
  return email;
}

/**
 * A confirmation link for the change of the account's address to `email` (already {@link newAddress}-checked),
 * replacing an earlier change's link. An address of another account is 409 `email-taken`, as registration answers
 * it (registration already tells whether an address has an account). At most one change mail a minute per account
 * (429 `rate-limited`): the mail goes to an address the customer types.
 */
export async function issueEmailChange(db: Db, customerId: number, email: string): Promise<string> {
  return db.transaction(async (tx) => {
    // The account row is locked first, so two requests at once cannot both pass the interval check.
    await tx.query('SELECT 1 FROM customers WHERE id = $1 FOR UPDATE', [customerId]);
    const [recent] = await tx.query(
      `SELECT 1 FROM email_confirmations
        WHERE customer_id = $1 AND new_email IS NOT NULL AND expires_at > now() + $2::interval LIMIT 1`,
      [customerId, `${(CONFIRMATION_TTL_MS - RESEND_INTERVAL_MS) / 1000} seconds`],
    );
    if (recent) {
      throw new ApiError(
        429,
        'rate-limited',
        'A change of address was asked for a moment ago; retry in a minute.',
      );
    }
    // After the interval (session 21, hostile): checked first, a taken address answered 409 at once while a free one
    // answered 429 and mailed nobody, a silent and unlimited test of which addresses have accounts. Now every address
    // costs the one change a minute, and a free one gets a mail, as registration's answer costs an account and a mail.
    const [taken] = await tx.query('SELECT 1 FROM customers WHERE lower(email) = $1', [email]);
    if (taken) throw emailTaken();
    await tx.query('DELETE FROM email_confirmations WHERE customer_id = $1 AND new_email IS NOT NULL', [
      customerId,
    ]);
    return issueConfirmation(tx, customerId, email);
  });
}
