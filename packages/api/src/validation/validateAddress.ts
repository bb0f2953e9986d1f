import type { Address, BillingPerson } from '@lp/sdk/contract';
import { SHIPPING_COUNTRY } from '@lp/sdk/contract';
import { isComparableEmail } from './comparableEmail';
import {
  isValidAddressAddition,
  isValidCity,
  isValidHouseNumber,
  isValidName,
  isValidPhone,
  isValidPostcode,
  isValidStreet,
  lacksPostnummer,
} from './rules';

export interface FieldError {
  field: string;
  message: string;
}

type Rule = [field: string, ok: (v: string) => boolean, message: string];

function run(prefix: string, value: Record<string, unknown>, rules: Rule[]): FieldError[] {
  const errors: FieldError[] = [];
  for (const [field, ok, message] of rules) {
    const v = value[field];
    if (typeof v !== 'string' || !ok(v)) errors.push({ field: `${prefix}.${field}`, message });
  }
  return errors;
}

/**
 * A copy of an address or billing person with every text in composed form (NFC). The rules read values composed
 * (a pasted "u" + combining diaeresis is the buyer's "ü"), so the order stores them composed too: what passed is
 * what is kept, and the parcel label, the mail and a search for "Müller" see one letter. The storefront sends NFC
 * already; other clients of the API need not.
 */
export const composed = <T extends object>(value: T): T =>
  Object.fromEntries(
    Object.entries(value).map(([key, v]) => [key, typeof v === 'string' ? v.normalize('NFC') : v]),
  ) as T;

/** spec 5 rules for an address (shop ships to DE only), and the optional address addition's rule. */
export function validateAddress(prefix: string, address: Address): FieldError[] {
  const errors = run(prefix, address as unknown as Record<string, unknown>, [
    ['name', isValidName, 'must be a name (letters, apostrophe, hyphen, single spaces)'],
    ['lastName', isValidName, 'must be a name (letters, apostrophe, hyphen, single spaces)'],
    [
      'street',
      isValidStreet,
      'must be a street name, e.g. Hauptstraße or Straße des 17. Juni (no markup or control characters)',
    ],
    ['houseNumber', isValidHouseNumber, 'must be a house number such as 12, 12a or 12/3'],
    ['zipCode', isValidPostcode, 'must be exactly 5 digits'],
    ['city', isValidCity, 'must be a place name, e.g. Köln or Frankfurt (Oder) (letters, no digits)'],
  ]);
  // The address addition is optional (session 17): absent or empty is none, anything else must pass its rule; a
  // Packstation or Postfiliale needs the DHL Postnummer there, or the parcel goes back.
  if (address.street2 !== undefined && address.street2 !== '' && !isValidAddressAddition(address.street2))
    errors.push({
      field: `${prefix}.street2`,
      message:
        "must be an address addition such as c/o Familie Weber, 3. OG or Postnummer 12345678 (letters, digits, spaces and . , - / ( ) & ' :, at most 60 characters)",
    });
  else if (lacksPostnummer(address))
    errors.push({
      field: `${prefix}.street2`,
      message: 'must hold the DHL Postnummer (6-10 digits) for a Packstation or Postfiliale',
    });
  if (address.country !== SHIPPING_COUNTRY)
    errors.push({ field: `${prefix}.country`, message: 'must be DE' });
  return errors;
}

export function validateBillingPerson(person: BillingPerson): FieldError[] {
  return run('billingPerson', person as unknown as Record<string, unknown>, [
    ['email', isComparableEmail, 'must be a valid email address'],
    ['phone', isValidPhone, "must be '+49 ' followed by 9-14 digits"],
    ['name', isValidName, 'must be a name (letters, apostrophe, hyphen, single spaces)'],
    ['lastName', isValidName, 'must be a name (letters, apostrophe, hyphen, single spaces)'],
  ]);
}

/** Turns field errors into one clear message: the first field names the problem. */
export function describe(errors: FieldError[]): string {
  const first = errors[0]!;
  return `${first.field} ${first.message}.`;
}
