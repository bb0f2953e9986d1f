import type { LpClient } from '../client/createClient';
import type { Customer } from '../contract/entities';
import type { LoginBody } from '../contract/payloads';
import { accountPaths } from '../contract/paths';
import { isLpError } from '../errors';
import { requireText } from '../services/requireParam';

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
     * retry).
     *
     * @example
     * try {
     *   const customer = await account.login(email, password);
     * } catch (error) {
     *   if (isLpError(error) && error.status === 401) showMessage('E-Mail oder Passwort ist falsch.');
     * }
     */
    async login(email: string, password: string): Promise<Customer> {
      const body: LoginBody = {
        email: requireText('email', email),
        // Passwords are sent as typed: spaces may be part of them.
        password: typeof password === 'string' && password ? password : requireText('password', password),
      };
      return client.request<Customer>('POST', accountPaths.login, { body });
    },

    /**
     * Ends the session (the API deletes it and clears the cookie). Safe to call when nobody is logged in.
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
