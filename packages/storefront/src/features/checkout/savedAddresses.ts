import { recentAddresses } from '@lp/sdk/account';
import type { LpClient } from '@lp/sdk';
import type { Address, RecentAddresses } from '@lp/sdk/contract';
import { ADDRESS_ORDER, type AddressValues, type CheckoutValues, emptyCheckout } from './checkoutFields';
import type { CheckoutFormStore } from './checkoutFormStore';

/**
 * Session 20: the logged-in customer's details put into the checkout (decisions.md "The checkout fills in a returning
 * customer's details"). Loaded only for a customer with a session (useSavedAddresses.ts).
 */

/** An address of an order as the form holds it. */
export const addressValues = (address: Address): AddressValues =>
  Object.fromEntries(ADDRESS_ORDER.map((field) => [field, address[field] ?? ''])) as AddressValues;

const blank = (address: AddressValues) => Object.values(address).every((value) => !value.trim());

const sameAddress = (a: Address, b: Address) =>
  ADDRESS_ORDER.every((field) => (a[field] ?? '').trim() === (b[field] ?? '').trim());

/**
 * The form's values with the customer's details in every part the shopper has not typed in: what they typed in this
 * tab (the session draft, or while the details were on their way) always wins. An address is filled as a whole or
 * not at all, so no address mixes typed and filled fields; the billing address only with the shipping address it
 * belonged to.
 *
 * @example
 * prefilled(emptyCheckout(), details).email; // the account's e-mail
 */
export function prefilled(values: CheckoutValues, details: RecentAddresses): CheckoutValues {
  const empty = emptyCheckout();
  const next = { ...values };
  if (!values.email.trim()) next.email = details.email;
  if (details.phone && values.phone.trim() === empty.phone.trim()) next.phone = details.phone;
  if (details.shipping && blank(values.shipping)) {
    next.shipping = addressValues(details.shipping);
    const billing = details.billing;
    if (billing && values.billingSame && blank(values.billing) && !sameAddress(billing, details.shipping)) {
      next.billingSame = false;
      next.billing = addressValues(billing);
    }
  }
  return next;
}

/**
 * Reads the customer's details (`GET /api/Account/recentAddresses`) and fills the form's untouched parts; answers the
 * recent addresses to choose from (none when nobody is logged in).
 */
export async function prefillCheckout(client: LpClient, form: CheckoutFormStore): Promise<Address[]> {
  const details = await recentAddresses(client);
  if (!details) return [];
  const { values } = form.getState();
  const next = prefilled(values, details);
  if (JSON.stringify(next) !== JSON.stringify(values)) form.fill(next);
  return details.addresses;
}

/** 'Erika Muster, Autohaus Muster GmbH, Hauptstraße 12, 10115 Berlin': an address on one line, for the choice. */
export function addressLabel(address: Address): string {
  return [
    `${address.name} ${address.lastName}`,
    address.company,
    address.street2,
    `${address.street} ${address.houseNumber}`,
    `${address.zipCode} ${address.city}`,
  ]
    .filter((part) => part?.trim())
    .join(', ');
}
