import { isCityText } from './addressText';
import { LETTERS, matches } from './letters';

// spec 5: letters, umlauts, ß, hyphen, single spaces; starts with a letter.
const CITY = new RegExp(`^[${LETTERS}][${LETTERS}-]*(?: [${LETTERS}-]+)*$`);

/**
 * spec 5: letters, umlauts, ß, hyphen and single spaces, the floor; plus every real German place-name form the
 * spec's list misses (issue 13): "St. Ingbert", "Frankfurt (Oder)", "Halle/Saale", "Neustadt a.d. Weinstraße".
 *
 * @example
 * isValidCity('Garmisch-Partenkirchen'); // true
 * isValidCity('Frankfurt am Main'); // true
 * isValidCity('Halle (Saale)'); // true
 * isValidCity('Berlin 10'); // false
 */
export const isValidCity = (value: unknown): boolean => matches(CITY, value) || isCityText(value);
