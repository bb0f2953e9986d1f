import { LETTERS, matches } from './letters';

// spec 5: letters, umlauts, ß, spaces, dots, hyphens; starts with a letter, no trailing space.
const STREET = new RegExp(`^[${LETTERS}](?:[${LETTERS} .-]*[${LETTERS}.-])?$`);

/**
 * spec 5: letters, umlauts, ß, spaces, dots and hyphens (the house number is a field of its own).
 *
 * @example
 * isValidStreet('Hauptstraße'); // true
 * isValidStreet('Dr.-Otto-Str.'); // true
 * isValidStreet('Hauptstraße 5'); // false
 */
export const isValidStreet = (value: unknown): boolean => matches(STREET, value);
