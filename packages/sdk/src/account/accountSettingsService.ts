import type { LpClient } from '../client/createClient';
import type {
  ChangeEmailAnswer,
  ChangeEmailBody,
  ChangePasswordBody,
  DeleteAccountAnswer,
  DeleteAccountBody,
} from '../contract/payloads';
import { accountSettingsPaths } from '../contract/accountSettingsPaths';
import { requireText } from '../services/requireParam';

export type AccountSettingsService = ReturnType<typeof createAccountSettingsService>;

/** A password as typed (spaces may be part of it); anything but a non-empty string is refused locally. */
const typed = (name: string, password: string): string =>
  typeof password === 'string' && password ? password : requireText(name, password);

/**
 * Session 20: the logged-in customer's own settings, beside `createAccountService` in `@lp/sdk/account` (a service of
 * its own, so a login or registration page does not carry it). The same same-origin client: the session cookie and
 * the anti-forgery token travel with each call, and each call carries the current password.
 *
 * @example
 * import { createAccountSettingsService } from '@lp/sdk/account';
 * const settings = createAccountSettingsService(sdk.client);
 * await settings.changePassword('Sommer 2006!', 'Winter 2026 neu');
 */
export function createAccountSettingsService(client: LpClient) {
  return {
    /**
     * Session 20: sets a new password (registration's rules) for the logged-in customer, who re-enters the current
     * one. Every other session of the account ends, this one stays; a notice goes to the address. A wrong current
     * password rejects with `apiCode` 'password-wrong' (403, counted like a failed login: 'login-rate-limited' 429
     * past the limit), a new password off the rules with 'validation' naming `newPassword`, no session with
     * 'unauthorized' (401).
     * @example await settings.changePassword('Sommer 2006!', 'Winter 2026 neu');
     */
    async changePassword(password: string, newPassword: string): Promise<void> {
      const body: ChangePasswordBody = {
        password: typed('password', password),
        newPassword: typed('newPassword', newPassword),
      };
      await client.request<undefined>('POST', accountSettingsPaths.changePassword, { body });
    },

    /**
     * Session 20: asks to change the logged-in customer's address to `email`. A confirmation link to
     * `confirmUrl?token=…` goes to the new address; the address changes when that link is opened while logged in to
     * this account (`confirmEmail`), and the old address gets a notice. An address of another account rejects with
     * 'email-taken' (409), a malformed or unchanged one with 'validation' naming `email`, a wrong password with
     * 'password-wrong' (403), a second request within a minute with 'rate-limited' (429).
     * @example await settings.changeEmail('erika@example.de', 'Sommer 2006!', `${location.origin}/account/confirm`);
     */
    async changeEmail(email: string, password: string, confirmUrl: string): Promise<ChangeEmailAnswer> {
      const body: ChangeEmailBody = {
        email: requireText('email', email),
        password: typed('password', password),
        confirmUrl: requireText('confirmUrl', confirmUrl),
      };
      return client.request<ChangeEmailAnswer>('POST', accountSettingsPaths.changeEmail, { body });
    },

    /**
     * Session 20 (DSGVO art. 15/20): everything the shop holds about the logged-in customer's address, the document
     * the operator's `lp-api customer export` prints (account, orders, carts, mails, uploads, notes). A wrong
     * password rejects with 'password-wrong' (403), an address never confirmed with 'email-unconfirmed' (409).
     * @example const data = await settings.exportData('Sommer 2006!');
     */
    async exportData(password: string): Promise<Record<string, unknown>> {
      return client.request<Record<string, unknown>>('POST', accountSettingsPaths.exportData, {
        body: { password: typed('password', password) },
      });
    },

    /**
     * Session 20 (DSGVO art. 17): erases the logged-in customer as `lp-api customer delete` does (account, sessions,
     * carts, unplaced orders, mails, images only those used) and ends every session. Placed orders are kept as sales
     * records (§ 147 AO, § 257 HGB) without the account link and the billing e-mail and phone: the answer names
     * them. `confirm` must be `true`. A wrong password rejects with 'password-wrong' (403), an address never
     * confirmed with 'email-unconfirmed' (409).
     * @example const { keptOrders } = await settings.deleteAccount('Sommer 2006!', true);
     */
    async deleteAccount(password: string, confirm: true): Promise<DeleteAccountAnswer> {
      const body: DeleteAccountBody = { password: typed('password', password), confirm };
      return client.request<DeleteAccountAnswer>('POST', accountSettingsPaths.deleteAccount, { body });
    },
  };
}
