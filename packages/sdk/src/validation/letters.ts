/**
 * Latin letters with umlauts, ß and accents (Latin-1 Supplement and Latin Extended-A, without × and ÷), as a
 * character-class body. spec 5 speaks of "letters with umlauts and accents"; other scripts are not accepted.
 */
export const LETTERS = 'A-Za-z\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u017F';

/** Longest name, city or street accepted; keeps hostile input from reaching the server. */
export const MAX_TEXT_LENGTH = 100;

/** Tests a value against a pattern, false for anything that is not a string or is too long. */
export const matches = (pattern: RegExp, value: unknown, max = MAX_TEXT_LENGTH): boolean =>
  typeof value === 'string' && value.length <= max && pattern.test(value);
