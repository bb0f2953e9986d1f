import type { LpClient } from '../client/createClient';
import type { RecentAddresses } from '../contract/entities';
import { recentAddressesPath } from '../contract/paths';
import { isLpError } from '../errors';

/**
 * Session 20: what a checkout fills in for the logged-in customer: the account's e-mail, the phone and addresses of
 * their newest placed order and their distinct recent addresses (newest first, at most 5), all from their own
 * orders. `null` when nobody is logged in (401); other failures reject. Needs the shop's same-origin client, as
 * the session cookie must travel (see `createAccountService`).
 *
 * @example
 * const details = await recentAddresses(sdk.client);
 * if (details) form.fill(details.email, details.shipping);
 */
export async function recentAddresses(client: LpClient): Promise<RecentAddresses | null> {
  try {
    return await client.request<RecentAddresses>('GET', recentAddressesPath);
  } catch (error) {
    if (isLpError(error) && error.status === 401) return null;
    throw error;
  }
}
