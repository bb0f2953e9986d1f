import { createHash, randomBytes } from 'node:crypto';
import type { Customer } from '@lp/sdk/contract';
import type { Queryable } from '../db/Db';
import { comparableEmail } from '../validation/comparableEmail';

/** Issue 6: a session lives 30 days after login, when the shopper asked to stay logged in ("Angemeldet bleiben"). */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/**
 * Session 25 (decisions.md "One computer, several people"): any other session (a library or family computer) ends
 * 12 hours after login. Its cookie goes when the browser closes, but a browser that restores its last session keeps
 * such cookies too, so the API ends the session itself as well: long enough for a day's shopping, short enough that
 * the next person at the computer finds nobody logged in.
 */
export const SHORT_SESSION_TTL_MS = 12 * 60 * 60 * 1000;

export interface CustomerRow extends Record<string, unknown> {
  id: number;
  email: string;
  name: string;
  last_name: string;
  customer_company_id: number;
  customer_company_group_role_id: number;
}

const CUSTOMER_COLUMNS =
  'c.id, c.email, c.name, c.last_name, c.customer_company_id, c.customer_company_group_role_id';

export const customerView = (row: CustomerRow): Customer => ({
  id: row.id,
  email: row.email,
  name: row.name,
  lastName: row.last_name,
  customerCompanyId: row.customer_company_id,
  customerCompanyGroupRoleId: row.customer_company_group_role_id,
});

/** Only a hash of the token is stored: a leaked sessions table logs nobody in. */
export const tokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');

/** The sessions table (migration 005): create on login, resolve per request, delete on logout. */
export function sessionStore(db: Queryable) {
  return {
    async customerByEmail(email: string): Promise<(Customer & { passwordHash: string }) | undefined> {
      const [row] = await db.query<CustomerRow & { password_hash: string }>(
        `SELECT ${CUSTOMER_COLUMNS}, c.password_hash FROM customers c WHERE c.email = $1`,
        // Lower-cased as registration and the change of address store it (JavaScript), not by the database's lower():
        // on a server with the C locale that leaves "Ü" as it is, and "max@MÜLLER.de" could not log in (session 21).
        [comparableEmail(email)],
      );
      return row && { ...customerView(row), passwordHash: row.password_hash };
    },

    /**
     * Stores a new session and answers its token (32 random bytes, base64url), which only the cookie holds. With
     * `verifiedHash` (the login: the hash the password was checked against), no session is made, and undefined is
     * answered, when the account's password changed meanwhile: a reset ends every session, and a login whose check
     * overlapped it must not add one for the old password. The customer row is share-locked by the insert, so a
     * reset's hash update either waits for it (and its session delete then sees this session) or comes first (and
     * the re-checked hash no longer matches).
     */
    async create(
      customerId: number,
      now = Date.now(),
      verifiedHash?: string,
      ttlMs = SHORT_SESSION_TTL_MS,
    ): Promise<string | undefined> {
      const token = randomBytes(32).toString('base64url');
      // Expired sessions go on each login, so the table does not grow without bound.
      await db.query('DELETE FROM sessions WHERE expires_at < now()');
      const made = await db.query(
        `INSERT INTO sessions (token_hash, customer_id, expires_at)
         SELECT $1, c.id, $3 FROM customers c
          WHERE c.id = $2 AND ($4::text IS NULL OR c.password_hash = $4) FOR SHARE OF c
         RETURNING customer_id`,
        [tokenHash(token), customerId, new Date(now + ttlMs).toISOString(), verifiedHash ?? null],
      );
      return made.length > 0 ? token : undefined;
    },

    /** The customer of a live session, or undefined for an unknown or expired token. */
    async customer(token: string): Promise<Customer | undefined> {
      const [row] = await db.query<CustomerRow>(
        `SELECT ${CUSTOMER_COLUMNS} FROM sessions s JOIN customers c ON c.id = s.customer_id
          WHERE s.token_hash = $1 AND s.expires_at > now()`,
        [tokenHash(token)],
      );
      return row && customerView(row);
    },

    async remove(token: string): Promise<void> {
      await db.query('DELETE FROM sessions WHERE token_hash = $1', [tokenHash(token)]);
    },

    /** Issue 13: ends every session of the token's customer (sign-out on one device signs out all of them). */
    async removeAll(token: string): Promise<void> {
      await db.query(
        `DELETE FROM sessions WHERE customer_id IN (SELECT customer_id FROM sessions WHERE token_hash = $1)
            OR token_hash = $1`,
        [tokenHash(token)],
      );
    },
  };
}
