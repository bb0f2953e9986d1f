import type { LpClient } from '../client/createClient';
import type { Customer } from '../contract/entities';
import type {
  ConfirmEmailAnswer,
  LoginBody,
  RegisterBody,
  RequestPasswordResetAnswer,
  ResendConfirmationAnswer,
  ResetPasswordAnswer,
} from '../contract/payloads';
import { accountPaths } from '../contract/paths';
import { isLpError } from '../errors';
import { requireObject, requireText } from '../services/requireParam';

export type AccountService = ReturnType<typeof createAccountService>;

/**
 * The shopper's account (issue 6): login, logout and the current customer. The session is an httpOnly cookie the
 * browser keeps, so use a client on the shop's own origin (relative `baseUrl`, e.g. the storefront's /api
 * proxy): it sends cookies and copies the anti-forgery token, which login and logout need once the browser holds
 * cookies. Cross-origin clients send no cookies (DESIGN 2) and so cannot keep a session.
 *
 * @example
 * import { createSdk } from '@lp/sdk';
 * import { createAccountService } from '@lp/sdk/account';
 * const sdk = createSdk({ baseUrl: '' });
 * const account = createAccountService(sdk.client);
 * const customer = await account.login('demo@lp-de.example', 'Demo1234!');
 */
export function createAccountService(client: LpClient) {
  return {
    /**
     * Logs in; the API sets the session cookie and answers the customer. A wrong email or password rejects with
     * an `LpError` of status 401, too many failed attempts with status 429 (the body's `message` says when to
     * retry). `remember` ("Angemeldet bleiben", a positional flag: the shop's login page pays for every byte): true
     * keeps the session 30 days across browser restarts; otherwise it ends after 12 hours, and its cookie when the
     * browser closes (a shared computer).
     * @default remember false
     *
     * @example
     * try {
     *   const customer = await account.login(email, password, rememberBox.checked);
     * } catch (error) {
     *   if (isLpError(error) && error.status === 401) showMessage('E-Mail oder Passwort ist falsch.');
     * }
     */
    async login(email: string, password: string, remember?: boolean): Promise<Customer> {
      const body: LoginBody = {
        email: requireText('email', email),
        // Passwords are sent as typed: spaces may be part of them.
        password: typeof password === 'string' && password ? password : requireText('password', password),
        ...(remember === true ? { remember: true } : {}),
      };
      return client.request<Customer>('POST', accountPaths.login, { body });
    },

    /**
     * Issue 13: creates an account and logs it in (the API sets the session cookie). Field rules are checkout's
     * (spec 5) plus 8 to 200 password characters; a wrong field rejects with an `LpError` of `apiCode`
     * 'validation' (the body's `errors` name the fields), a taken email with 'email-taken' (409). The API mails a
     * confirmation link to `confirmUrl?token=…`; in the demo `outboxUrl` is where that mail can be read.
     * `remember` ("Angemeldet bleiben", session 25) works as the login's: true keeps the new session 30 days.
     *
     * @example
     * const customer = await account.register({
     *   email: 'erika@example.de', password: 'Sommer 2026!', name: 'Erika', lastName: 'Muster',
     *   confirmUrl: `${location.origin}/account/confirm`,
     * });
     */
    async register(body: RegisterBody): Promise<Customer & { outboxUrl?: string }> {
      requireObject('body', body);
      const payload: RegisterBody = {
        email: requireText('email', body.email),
        password:
          typeof body.password === 'string' && body.password
            ? body.password
            : requireText('password', body.password),
        name: requireText('name', body.name),
        lastName: requireText('lastName', body.lastName),
        confirmUrl: requireText('confirmUrl', body.confirmUrl),
        // Session 25, accountfollow: as the login's flag, sent only when ticked (anything else: the short session).
        ...(body.remember === true ? { remember: true } : {}),
      };
      return client.request<Customer & { outboxUrl?: string }>('POST', accountPaths.register, {
        body: payload,
      });
    },

    /**
     * Issue 13: spends the token of a confirmation link; orders placed as a guest with the address join the
     * account's history. An unknown, used or expired link rejects with `apiCode` 'confirmation-invalid'.
     * @example const { joinedOrders } = await account.confirmEmail(new URL(location.href).searchParams.get('token'));
     */
    async confirmEmail(token: string): Promise<ConfirmEmailAnswer> {
      return client.request<ConfirmEmailAnswer>('POST', accountPaths.confirmEmail, {
        body: { token: requireText('token', token) },
      });
    },

    /**
     * Issue 13: asks for a new confirmation mail for `email` (the link of earlier mails stops working). The API
     * answers the same whether or not the address has an unconfirmed account, so this resolves in both cases; a
     * malformed address rejects with `apiCode` 'validation', too many requests with 'rate-limited' (429).
     * @example await account.resendConfirmation('erika@example.de', `${location.origin}/account/confirm`);
     */
    async resendConfirmation(email: string, confirmUrl: string): Promise<ResendConfirmationAnswer> {
      return client.request<ResendConfirmationAnswer>('POST', accountPaths.resendConfirmation, {
        body: { email: requireText('email', email), confirmUrl: requireText('confirmUrl', confirmUrl) },
      });
    },

    /**
     * Asks for a password reset mail for `email` (a forgotten password). The API answers the same whether or not
     * the address has an account, so this resolves in both cases; the mail's link opens `resetUrl?token=…`, works
     * for one hour and only from the newest mail. A malformed address rejects with `apiCode` 'validation', a
     * `resetUrl` off the shop's origins with 'origin-not-allowed', too many requests with 'rate-limited' (429).
     * @example await account.requestPasswordReset('erika@example.de', `${location.origin}/account/password`);
     */
    async requestPasswordReset(email: string, resetUrl: string): Promise<RequestPasswordResetAnswer> {
      return client.request<RequestPasswordResetAnswer>('POST', accountPaths.requestPasswordReset, {
        body: { email: requireText('email', email), resetUrl: requireText('resetUrl', resetUrl) },
      });
    },

    /**
     * Sets a new password with the token of a reset mail (registration's rules: 8 to 200 characters) and ends every
     * session of the account; the shopper then logs in with the new password (the answer's `email`). An unknown,
     * used, replaced or expired link rejects with `apiCode` 'reset-token-invalid', a password off the rules with
     * 'validation' (the body's `errors` name `password`).
     * @example const { email } = await account.resetPassword(token, 'Winter 2026!');
     */
    async resetPassword(token: string, password: string): Promise<ResetPasswordAnswer> {
      return client.request<ResetPasswordAnswer>('POST', accountPaths.resetPassword, {
        body: {
          token: requireText('token', token),
          // Passwords are sent as typed: spaces may be part of them.
          password: typeof password === 'string' && password ? password : requireText('password', password),
        },
      });
    },

    /**
     * Ends the session and every other session of the customer (other tabs and devices, issue 13) and clears the
     * cookie. Safe to call when nobody is logged in.
     * @example await account.logout();
     */
    async logout(): Promise<void> {
      await client.request<undefined>('POST', accountPaths.logout);
    },

    /**
     * The logged-in customer, or `null` when there is no (live) session. Other failures reject.
     * @example const customer = await account.me(); if (!customer) navigate('/account/login');
     */
    async me(): Promise<Customer | null> {
      try {
        return await client.request<Customer>('GET', accountPaths.me);
      } catch (error) {
        if (isLpError(error) && error.status === 401) return null;
        throw error;
      }
    },
  };
}
