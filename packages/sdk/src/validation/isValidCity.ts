import { LETTERS, matches } from './letters';

// spec 5: letters, umlauts, ß, hyphen, single spaces; starts with a letter.
const CITY = new RegExp(`^[${LETTERS}][${LETTERS}-]*(?: [${LETTERS}-]+)*$`);

/**
 * spec 5: letters, umlauts, ß, hyphen and single spaces.
 *
 * @example
 * isValidCity('Garmisch-Partenkirchen'); // true
 * isValidCity('Frankfurt am Main'); // true
 * isValidCity('Berlin 10'); // false
 */
export const isValidCity = (value: unknown): boolean => matches(CITY, value);
