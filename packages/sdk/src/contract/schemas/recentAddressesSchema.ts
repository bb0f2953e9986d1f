import { Type } from '@sinclair/typebox';
import { AddressSchema } from './cartSchemas';
import { Nullable } from './primitives';

/** How many distinct earlier addresses `GET /api/Account/recentAddresses` answers at most. */
export const RECENT_ADDRESSES_MAX = 5;

/**
 * `GET /api/Account/recentAddresses` (session 20): what the checkout fills in for the logged-in customer, read from
 * the account's own placed orders (there is no address book: addresses live with orders, decisions.md). `email` is
 * the account's; `phone`, `shipping` and `billing` are those of the newest placed order (null without one; `billing`
 * equal to `shipping` when that order billed the shipping address); `addresses` holds the distinct shipping and
 * billing addresses of the newest placed orders that pass today's address rules, newest first, at most
 * {@link RECENT_ADDRESSES_MAX}. 401 `unauthorized` without a session.
 */
export const RecentAddressesSchema = Type.Object({
  email: Type.String(),
  phone: Nullable(Type.String()),
  shipping: Nullable(AddressSchema),
  billing: Nullable(AddressSchema),
  addresses: Type.Array(AddressSchema),
});
