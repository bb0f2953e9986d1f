import { isStreetText } from './addressText';
import { LETTERS, matches } from './letters';

// spec 5: letters, umlauts, ß, spaces, dots, hyphens; starts with a letter, no trailing space.
const STREET = new RegExp(`^[${LETTERS}](?:[${LETTERS} .-]*[${LETTERS}.-])?$`);

/**
 * spec 5: letters, umlauts, ß, spaces, dots and hyphens (the house number is a field of its own), the floor; plus
 * every real German street form the spec's list misses (issue 13): numbers and ordinals ("Straße des 17. Juni",
 * "Am 1. Mai", "Q 7"), apostrophes ("Auf'm Hennekamp"), qualifiers in parentheses or after a slash.
 *
 * @example
 * isValidStreet('Hauptstraße'); // true
 * isValidStreet('Dr.-Otto-Str.'); // true
 * isValidStreet('Straße des 17. Juni'); // true
 * isValidStreet('<b>Weg</b>'); // false
 */
export const isValidStreet = (value: unknown): boolean => matches(STREET, value) || isStreetText(value);
