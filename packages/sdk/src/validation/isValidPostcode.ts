import { matches } from './letters';

/**
 * spec 5: exactly 5 digits.
 *
 * @example
 * isValidPostcode('01067'); // true
 * isValidPostcode('1067'); // false
 */
export const isValidPostcode = (value: unknown): boolean => matches(/^\d{5}$/, value);
