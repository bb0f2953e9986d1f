import { LETTERS, matches } from './letters';

/** Longest address addition: a DHL label line; "Postnummer 1234567890, c/o Familie Weber" fits with room. */
export const ADDRESS_ADDITION_MAX = 60;

// Starts with a letter or digit and ends with one, a dot or a closing parenthesis; between them letters, digits,
// spaces and . , - / ( ) & ' ’ : (no markup, quotes, control characters or other scripts).
const ADDITION = new RegExp(`^[${LETTERS}0-9](?:[${LETTERS}0-9 .,/()&'’:-]*[${LETTERS}0-9.)])?$`);

/**
 * The address addition ("Adresszusatz", the `street2` of an address; not in spec 5, a product decision of session
 * 17): "c/o Familie Weber", "3. OG links", "Abteilung Einkauf", "Hinterhaus, Whg. 4", and the DHL Postnummer of a
 * Packstation or Postfiliale ("Postnummer 12345678"), at most 60 characters, read composed (NFC). The field is
 * optional: callers test it only when it is not blank.
 *
 * @example
 * isValidAddressAddition('c/o Familie Weber'); // true
 * isValidAddressAddition('Postnummer 123456789'); // true
 * isValidAddressAddition('<b>3. OG</b>'); // false
 */
export const isValidAddressAddition = (value: unknown): boolean =>
  matches(ADDITION, value, ADDRESS_ADDITION_MAX);

const DHL_COUNTER = /^(?:DHL[ -])?(?:Packstation|Postfiliale)\b/i;
const POSTNUMMER = /(?:^|\D)\d{6,10}(?:\D|$)/;

/**
 * True when the address goes to a DHL Packstation or Postfiliale (street "Packstation" or "Postfiliale") and its
 * addition holds no Postnummer (6-10 digits): DHL sends such a parcel back. Form and API refuse it on `street2`.
 * False for anything that is not an address object (undefined, null).
 *
 * @example
 * lacksPostnummer({ street: 'Packstation', street2: '' }); // true
 * lacksPostnummer({ street: 'Packstation', street2: 'Postnummer 12345678' }); // false
 * lacksPostnummer({ street: 'Hauptstraße' }); // false
 */
export const lacksPostnummer = (address: { street?: unknown; street2?: unknown }): boolean =>
  typeof address?.street === 'string' &&
  DHL_COUNTER.test(address.street.trim()) &&
  !POSTNUMMER.test(typeof address.street2 === 'string' ? address.street2 : '');
