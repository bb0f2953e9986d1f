import { invalidParameter } from '../services/requireParam';
import { LETTERS, matches } from './letters';

/**
 * The buyer's invoice references of a company order (session 20, decisions.md "Company buyers: Leitweg-ID, own
 * order number and USt-IdNr."): the Leitweg-ID a public-sector buyer needs in the XRechnung's BT-10, or the
 * company's own order number there instead, and the buyer's USt-IdNr. (BT-48).
 */

/** Longest buyer reference: a full Leitweg-ID has at most 12 + 30 + 2 characters and two hyphens (46). */
export const BUYER_REFERENCE_MAX = 50;

/**
 * The Leitweg-ID's shape (KoSIT "Format-Spezifikation Leitweg-ID"): the coarse address (Grobadressierung, 2-12
 * digits), an optional fine address (Feinadressierung, 1-30 letters and digits), the two check digits, joined by
 * hyphens.
 */
const LEITWEG_SHAPE = /^(\d{2,12})(?:-([A-Za-z0-9]{1,30}))?-(\d{2})$/;

/**
 * ISO 7064 MOD 97-10 over the Leitweg-ID without hyphens, letters as their place in the alphabet from A = 10 to
 * Z = 35 (as the Leitweg-ID's format specification extends it): a valid ID leaves the remainder 1. Computed in parts
 * so that 46 digits never leave the safe integers.
 */
function mod97(digits: string): number {
  let rest = 0;
  for (const char of digits)
    rest = (rest * (char.charCodeAt(0) > 57 ? 100 : 10) + Number.parseInt(char, 36)) % 97;
  return rest;
}

/**
 * True for a Leitweg-ID whose check digits are right, e.g. `04011000-1234512345-06` (the specification's example)
 * or `991-33333TEST-33`. Letters count case-insensitively; spaces around it are ignored.
 *
 * @example
 * isValidLeitwegId('04011000-1234512345-06'); // true
 * isValidLeitwegId('04011000-1234512345-07'); // false: wrong check digits
 */
export function isValidLeitwegId(value: unknown): boolean {
  if (typeof value !== 'string' || value.length > BUYER_REFERENCE_MAX * 2) return false;
  const parts = LEITWEG_SHAPE.exec(value.trim().toUpperCase());
  return parts !== null && mod97(`${parts[1]}${parts[2] ?? ''}${parts[3]}`) === 1;
}

/**
 * True when a reference has the shape of a Leitweg-ID (coarse address, optional fine address, two check digits), so
 * its check digits are what decides: a mistyped Leitweg-ID would send a public buyer's invoice nowhere. An own order
 * number of that exact shape is written with a word before it ("Bestellung 4500-12").
 */
export const looksLikeLeitwegId = (value: unknown): boolean =>
  typeof value === 'string' && value.length <= BUYER_REFERENCE_MAX * 2 && LEITWEG_SHAPE.test(value.trim());

// An own order number or reference: starts and ends with a letter or digit (or a closing parenthesis); between them
// letters, digits, spaces and . , - / _ # : ( ) (no markup, quotes or control characters).
const REFERENCE = new RegExp(`^[${LETTERS}0-9](?:[${LETTERS}0-9 .,/_#:()-]*[${LETTERS}0-9)])?$`);

/**
 * The buyer reference of a company order ("Ihre Bestellnummer / Leitweg-ID", XRechnung BT-10): a Leitweg-ID with
 * valid check digits, or the company's own order number or reference (at most 50 characters). Optional: callers
 * test it only when it is not blank.
 *
 * @example
 * isValidBuyerReference('04011000-1234512345-06'); // true (Leitweg-ID)
 * isValidBuyerReference('PO 4711/2026'); // true (own order number)
 * isValidBuyerReference('04011000-1234512345-07'); // false (a Leitweg-ID with wrong check digits)
 */
export const isValidBuyerReference = (value: unknown): boolean =>
  looksLikeLeitwegId(value) ? isValidLeitwegId(value) : matches(REFERENCE, value, BUYER_REFERENCE_MAX);

/**
 * A USt-IdNr. as the invoice writes it: without spaces, dots or hyphens, upper case ('de 123 456 789' becomes
 * 'DE123456789'). Other text is left for the rule to reject; a value that is not text is refused with the LpError
 * `invalidParameter` ('The parameter value is invalid.').
 */
export function compactVatId(value: string): string {
  if (typeof value !== 'string') throw invalidParameter('value');
  return value.replace(/[\s.-]/g, '').toUpperCase();
}

/**
 * True for a German USt-IdNr.: DE and nine digits, the first not 0, the last the check digit of ISO 7064 MOD 11,10
 * over all nine (the Bundeszentralamt für Steuern's check digit method; python-stdnum's `de.vat` checks the same).
 * Spaces, dots and hyphens between the characters are allowed (see {@link compactVatId}). The shop invoices to German
 * addresses only (spec 5), so other member states' numbers are not taken.
 *
 * @example
 * isValidVatId('DE136695976'); // true
 * isValidVatId('DE 136 695 976'); // true
 * isValidVatId('DE136695977'); // false: wrong check digit
 */
export function isValidVatId(value: unknown): boolean {
  if (typeof value !== 'string' || value.length > 40) return false;
  const compact = compactVatId(value);
  if (!/^DE[1-9]\d{8}$/.test(compact)) return false;
  let check = 5;
  for (const digit of compact.slice(2)) check = ((((check || 10) * 2) % 11) + Number(digit)) % 10;
  return check === 1;
}
