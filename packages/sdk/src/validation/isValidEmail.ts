import { LETTERS, matches } from './letters';

const ATOM = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+";
/** Domain characters: letters with umlauts and accents too, as in internationalised domains ("müller.de"). */
const D = `${LETTERS}0-9`;
// spec 5: valid local part (dot-separated atoms, so no double dots), domain labels, TLD of 2+ letters. The domain
// may be written in Unicode (IDN, "max@müller.de"): a real address that mail servers reach through its punycode form
// (the mail transport converts it); the spec names no domain alphabet, only the TLD's letters.
const EMAIL = new RegExp(`^${ATOM}(?:\\.${ATOM})*@(?:[${D}](?:[${D}-]{0,61}[${D}])?\\.)+[${LETTERS}]{2,}$`);

/**
 * spec 5: a valid local part, no double dots, a top-level domain of 2 or more letters (at most 254 characters).
 * Domains with umlauts (IDN) are accepted as typed or in their punycode form.
 *
 * @example
 * isValidEmail('max.mustermann@example.de'); // true
 * isValidEmail('max@müller.de'); // true
 * isValidEmail('max..mustermann@example.de'); // false
 */
export const isValidEmail = (value: unknown): boolean => matches(EMAIL, value, 254);
