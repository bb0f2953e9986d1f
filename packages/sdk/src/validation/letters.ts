/**
 * Latin letters with umlauts, ß and accents, as a character-class body: Latin-1 Supplement and Latin Extended-A
 * (without × and ÷), Latin Extended-B (without the click letters ǀǁǂǃ, which look like punctuation) for
 * Romanian Ș/Ț and the like, and Latin Extended Additional for Vietnamese names (Nguyễn, Trần). spec 5 speaks of
 * "letters with umlauts and accents"; other scripts are not accepted.
 */
export const LETTERS = 'A-Za-z\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u01BF\\u01C4-\\u024F\\u1E00-\\u1EFF';

/** Longest name, city or street accepted; keeps hostile input from reaching the server. */
export const MAX_TEXT_LENGTH = 100;

/**
 * Tests a value against a pattern, false for anything that is not a string or is too long. The value is read in
 * its composed form (NFC): text pasted from a macOS file name or a PDF often carries "u" plus a combining
 * diaeresis instead of "ü", which is the same letter to the buyer.
 */
export const matches = (pattern: RegExp, value: unknown, max = MAX_TEXT_LENGTH): boolean =>
  typeof value === 'string' && value.length <= max * 2 && pattern.test(composed(value, max));

function composed(value: string, max: number): string {
  const nfc = value.normalize('NFC');
  // Too long even when composed: a string the pattern cannot match.
  return nfc.length <= max ? nfc : '\u0000';
}
