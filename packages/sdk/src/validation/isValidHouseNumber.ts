import { matches } from './letters';

// spec 5: 1-5 digits, optional letter, optional / or - then up to 5 digits and an optional letter.
const HOUSE_NUMBER = /^\d{1,5}[A-Za-z]?(?:[/-](?:\d{1,5}[A-Za-z]?|[A-Za-z]))?$/;

/**
 * spec 5: house numbers such as 12, 12a, 12/14, 12-14b.
 *
 * @example
 * isValidHouseNumber('12a'); // true
 * isValidHouseNumber('12-14b'); // true
 * isValidHouseNumber('a12'); // false
 */
export const isValidHouseNumber = (value: unknown): boolean => matches(HOUSE_NUMBER, value);
