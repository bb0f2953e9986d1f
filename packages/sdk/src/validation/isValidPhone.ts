import { matches } from './letters';

/**
 * spec 5: '+49', one space, then 9-14 digits.
 *
 * @example
 * isValidPhone('+49 3012345678'); // true
 * isValidPhone('030 12345678'); // false
 */
export const isValidPhone = (value: unknown): boolean => matches(/^\+49 \d{9,14}$/, value);
