import { randomBytes } from 'node:crypto';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { SESSION_COOKIE, accountPaths } from '@lp/sdk/contract';
import type { Customer } from '@lp/sdk/contract';
import {
  RequestPasswordResetAnswerSchema,
  RequestPasswordResetBodySchema,
  ResetPasswordAnswerSchema,
  ResetPasswordBodySchema,
} from '@lp/sdk/contract/schemas';
import { isValidEmail, isValidPassword } from '@lp/sdk/validation';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ApiContext } from '../context';
import type { Db } from '../db/Db';
import { badRequest } from '../http/ApiError';
import { responses } from '../http/schemas';
import { sendPasswordReset } from '../mail/passwordResetMail';
import { shopSender } from '../mail/signOff';
import { comparableEmail } from '../validation/comparableEmail';
import { hashNewPassword } from './password';
import { confirmationLink, joinGuestOrders } from './registration';
import { clearSessionCookie } from './sessionCookie';
import { type CustomerRow, customerView, tokenHash } from './sessionStore';

/** A reset link works for one hour. */
export const RESET_TTL_MS = 60 * 60 * 1000;
/** At most one reset mail per address in this time (no mail bombing through the request). */
export const RESET_INTERVAL_MS = 60 * 1000;

/** What the account routes share with the reset's routes (accountRoutes.ts). */
export interface AccountRouteHelpers {
  /** The API's own origin and the origins a mailed link may point to. */
  confirmOrigins(request: FastifyRequest): { origin: string; allowed: Set<string> };
  /** Refuses bodies other than JSON (no cross-site HTML form posts). */
  jsonOnly(request: FastifyRequest): Promise<void>;
}

/**
 * A new reset token for the account of `email`, replacing its earlier one (one live link per account: the newest
 * mail's). Answers null, and changes nothing, when the address has no account or got a reset mail less than
 * {@link RESET_INTERVAL_MS} ago; the caller answers alike in every case.
 */
export async function issuePasswordReset(
  db: Db,
  email: string,
): Promise<{ customer: Customer; token: string } | null> {
  // Expired links of every account go on each request (as expired sessions on each login), so a link nobody used
  // does not stay with its account until the next request or the erasure (at most one row per account, each live
  // for an hour: the scan stays small).
  await db.query('DELETE FROM password_resets WHERE expires_at < now()');
  return db.transaction(async (tx) => {
    // The account row is locked first, so two requests at once cannot both pass the interval check.
    const [row] = await tx.query<CustomerRow>(
      `SELECT id, email, name, last_name, customer_company_id, customer_company_group_role_id FROM customers
        WHERE lower(email) = $1 FOR UPDATE`,
      [comparableEmail(email)],
    );
    if (!row) return null;
    const [recent] = await tx.query(
      'SELECT 1 FROM password_resets WHERE customer_id = $1 AND created_at > now() - $2::interval',
      [row.id, `${RESET_INTERVAL_MS / 1000} seconds`],
    );
    if (recent) return null;
    const token = randomBytes(32).toString('base64url');
    await tx.query(
      `INSERT INTO password_resets (customer_id, token_hash, created_at, expires_at)
       VALUES ($1, $2, now(), now() + $3::interval)
       ON CONFLICT (customer_id) DO UPDATE
         SET token_hash = excluded.token_hash, created_at = excluded.created_at, expires_at = excluded.expires_at`,
      [row.id, tokenHash(token), `${RESET_TTL_MS / 1000} seconds`],
    );
    return { customer: customerView(row), token };
  });
}

/**
 * Spends a reset token: sets the new password, confirms the address if it was not yet (joining its guest orders),
 * and ends every session of the account (a stolen session must not survive the reset). Unknown, used, replaced and expired tokens are 400 `reset-token-invalid`; the password has
 * registration's rules (400 `validation` naming `password`). Answers the account's address for the login.
 */
export async function resetPassword(db: Db, token: string, password: string): Promise<{ email: string }> {
  if (!isValidPassword(password)) {
    throw badRequest('validation', 'The new password is invalid.', [
      { field: 'password', message: 'must have 8 to 200 characters, no control characters' },
    ]);
  }
  // Hashed before the transaction (scrypt takes a while; no row stays locked meanwhile). Every well-formed request
  // pays for it, so the answer time does not tell a live token from a dead one.
  const passwordHash = await hashNewPassword(password);
  return db.transaction(async (tx) => {
    // The account's row before its reset link's, the order every change of an account takes them in (session 21,
    // hostile): the other way round deadlocked with a change-of-address link opened at the same moment.
    await tx.query(
      'SELECT 1 FROM customers WHERE id = (SELECT customer_id FROM password_resets WHERE token_hash = $1) FOR UPDATE',
      [tokenHash(token)],
    );
    const [row] = await tx.query<{ customer_id: number; live: boolean }>(
      `DELETE FROM password_resets WHERE token_hash = $1
        RETURNING customer_id, expires_at > now() AS live`,
      [tokenHash(token)],
    );
    if (!row?.live) {
      throw badRequest('reset-token-invalid', 'This password reset link is unknown, used or expired.');
    }
    // The link came to the account's address and was opened within the hour: that proves the address as the
    // confirmation link does, so an account never confirmed is confirmed now and its guest orders join it.
    const [account] = await tx.query<{ email: string }>(
      `UPDATE customers SET password_hash = $2, email_confirmed_at = COALESCE(email_confirmed_at, now())
        WHERE id = $1 RETURNING email`,
      [row.customer_id, passwordHash],
    );
    await joinGuestOrders(tx, row.customer_id);
    await tx.query('DELETE FROM sessions WHERE customer_id = $1', [row.customer_id]);
    return { email: account!.email };
  });
}

/**
 * Session 16: a forgotten password. `requestPasswordReset` answers the same for every well-formed address (no
 * account enumeration, like `resendConfirmation`) and mails a one-hour, single-use link after the answer;
 * `resetPassword` spends the link's token with the new password and ends every session of the account. Both are
 * mutations under the API's shared per-client rate limit, JSON only.
 */
export async function passwordResetRoutes(
  fastify: FastifyInstance,
  ctx: ApiContext,
  { confirmOrigins, jsonOnly }: AccountRouteHelpers,
): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db, publicUrl } = ctx;

  app.post(
    accountPaths.requestPasswordReset,
    {
      schema: {
        body: RequestPasswordResetBodySchema,
        response: responses({ 200: RequestPasswordResetAnswerSchema }),
      },
      preValidation: jsonOnly,
    },
    async (request, reply) => {
      const { email, resetUrl } = request.body;
      if (!isValidEmail(email.trim())) {
        throw badRequest('validation', 'email must be a valid email address.', [
          { field: 'email', message: 'must be a valid email address' },
        ]);
      }
      const { origin, allowed } = confirmOrigins(request);
      // The link target is checked before the address is looked up.
      confirmationLink(resetUrl, 'check', allowed, 'resetUrl');
      const issued = await issuePasswordReset(db, email);
      if (issued) {
        const link = confirmationLink(resetUrl, issued.token, allowed, 'resetUrl');
        // Not awaited: how long a mail transport takes must not tell which addresses have accounts. A failure is
        // logged; the shopper can ask again after the interval.
        shopSender(db)
          .then((sender) => sendPasswordReset(ctx.mail, issued.customer, link, sender))
          .catch((error: unknown) => {
            request.log.error({ err: error }, 'password reset mail not sent');
          });
      }
      void reply.header('cache-control', 'no-store');
      // The sandbox's list page, also when nothing was sent: the answer must not differ.
      const { outboxPage } = ctx.mail;
      return reply.status(200).send(outboxPage ? { outboxUrl: `${origin}${outboxPage}` } : {});
    },
  );

  app.post(
    accountPaths.resetPassword,
    {
      schema: { body: ResetPasswordBodySchema, response: responses({ 200: ResetPasswordAnswerSchema }) },
      preValidation: jsonOnly,
    },
    async (request, reply) => {
      const answer = await resetPassword(db, request.body.token, request.body.password);
      // Every session ended; this browser's cookie goes too (only when it came, as at logout).
      if (request.cookies[SESSION_COOKIE] !== undefined) clearSessionCookie(reply, request, publicUrl);
      void reply.header('cache-control', 'no-store');
      return answer;
    },
  );
}
