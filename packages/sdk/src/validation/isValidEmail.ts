import { matches } from './letters';

const ATOM = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+";
// spec 5: valid local part (dot-separated atoms, so no double dots), domain labels, TLD of 2+ letters.
const EMAIL = new RegExp(
  `^${ATOM}(?:\\.${ATOM})*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z]{2,}$`,
);

/**
 * spec 5: a valid local part, no double dots, a top-level domain of 2 or more letters (at most 254 characters).
 *
 * @example
 * isValidEmail('max.mustermann@example.de'); // true
 * isValidEmail('max..mustermann@example.de'); // false
 */
export const isValidEmail = (value: unknown): boolean => matches(EMAIL, value, 254);
