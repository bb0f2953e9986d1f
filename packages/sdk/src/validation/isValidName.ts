import { LETTERS, matches } from './letters';

// spec 5: letters with umlauts and accents, apostrophe and hyphen, single spaces between words. The apostrophe is
// the typewriter one (') or the typographic one (’), which phone and Mac keyboards type by default ("O’Brien").
const NAME = new RegExp(`^[${LETTERS}'’-]*[${LETTERS}][${LETTERS}'’-]*(?: [${LETTERS}'’-]+)*$`);

/**
 * spec 5: letters (umlauts, accents), apostrophe and hyphen, single spaces between words.
 *
 * @example
 * isValidName("Müller-Lüdenscheidt"); // true
 * isValidName("O'Brien"); // true
 * isValidName('O’Brien'); // true
 * isValidName('Max  Mustermann'); // false (double space)
 */
export const isValidName = (value: unknown): boolean => matches(NAME, value);
