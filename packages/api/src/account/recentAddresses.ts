import type { Address, BillingPerson, Customer, RecentAddresses } from '@lp/sdk/contract';
import { RECENT_ADDRESSES_MAX } from '@lp/sdk/contract/schemas';
import type { Queryable } from '../db/Db';
import { PLACED_ORDER } from '../orders/orderRepo';
import { validateAddress } from '../validation/validateAddress';

/** How many of the newest placed orders are read for the distinct addresses (a weekly buyer repeats a few). */
const ORDERS_READ = 50;

type Row = { billing_person: BillingPerson; shipping_address: Address; billing_address: Address };

/** An address with the contract's fields only (stored ones may hold keys of older clients). */
function contractAddress(stored: Address): Address {
  const { name, lastName, company, street, houseNumber, street2, zipCode, city, country } = stored;
  return {
    name,
    lastName,
    ...(company?.trim() ? { company } : {}),
    street,
    houseNumber,
    ...(street2?.trim() ? { street2 } : {}),
    zipCode,
    city,
    country,
  };
}

/** Two addresses are one when they differ only in letter case or spaces around a field. */
const keyOf = (address: Address) =>
  [
    address.name,
    address.lastName,
    address.company,
    address.street,
    address.houseNumber,
    address.street2,
    address.zipCode,
    address.city,
  ]
    .map((part) => (part ?? '').trim().toLowerCase())
    .join('\u0000');

/** An address today's checkout would accept (rules changed over the sessions: the addition, the Postnummer). */
const passes = (address: Address | null | undefined): address is Address =>
  Boolean(address && typeof address === 'object') && validateAddress('address', address!).length === 0;

/**
 * Session 20: what the checkout fills in for `customer` (decisions.md "The checkout fills in a returning customer's
 * details"): the account's e-mail, the phone and addresses of the newest placed order, and the distinct shipping and
 * billing addresses of the newest placed orders, newest first. Only this account's orders (its customer company and
 * customer id, the order history's own isolation); drafts never placed are no address the customer chose to use.
 */
export async function recentAddresses(db: Queryable, customer: Customer): Promise<RecentAddresses> {
  const rows = await db.query<Row>(
    `SELECT billing_person, shipping_address, billing_address FROM orders o
      WHERE o.customer_company_id = $1 AND o.customer_id = $2 AND ${PLACED_ORDER}
      ORDER BY o.created_at DESC, o.id DESC LIMIT ${ORDERS_READ}`,
    [customer.customerCompanyId, customer.id],
  );
  const newest = rows[0];
  const addresses = new Map<string, Address>();
  for (const row of rows) {
    for (const address of [row.shipping_address, row.billing_address]) {
      if (addresses.size >= RECENT_ADDRESSES_MAX) break;
      if (!passes(address)) continue;
      const key = keyOf(address);
      if (!addresses.has(key)) addresses.set(key, contractAddress(address));
    }
  }
  const phone = newest?.billing_person?.phone;
  return {
    email: customer.email,
    phone: typeof phone === 'string' && phone.trim() ? phone : null,
    shipping: passes(newest?.shipping_address) ? contractAddress(newest.shipping_address) : null,
    billing: passes(newest?.billing_address) ? contractAddress(newest.billing_address) : null,
    addresses: [...addresses.values()],
  };
}
