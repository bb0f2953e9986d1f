import { LETTERS, MAX_TEXT_LENGTH } from './letters';

/**
 * The real forms of German street and place names that spec 5's character lists miss (issue 13): ordinals and
 * numbers in streets ("Straße des 17. Juni", "Am 1. Mai", "Q 7"), dots right after a word ("St. Ingbert",
 * "Neustadt a.d. Weinstraße"), a qualifier in parentheses ("Frankfurt (Oder)", "Halle (Saale)") or after a slash
 * ("Halle/Saale") and an apostrophe inside a word ("Auf'm Hennekamp"). The spec's own patterns stay accepted as
 * they were (isValidStreet / isValidCity test them first); this is the wider second chance.
 *
 * Built as a token grammar, not a character list: words of letters (and digits in streets) joined by one space,
 * hyphen, slash or dot, so stray punctuation ("--", "..", " .") and anything outside the list (markup, control
 * characters, lone surrogates, other scripts) still fail. Separators are always consumed between two words, so the
 * pattern cannot backtrack badly on long input.
 */
function addressPattern(wordChars: string): RegExp {
  const word = `[${wordChars}](?:[${wordChars}'’]*[${wordChars}])?`;
  // After a dot the next word may follow directly ("a.d.") or after a space, hyphen or slash.
  const next = `(?:\\.(?:[ /-]| - )?|[ /-]| - )`;
  return new RegExp(`^${word}(?:${next}${word})*\\.?$`);
}

const DIGITS = '0-9';
const STREET_TEXT = addressPattern(`${LETTERS}${DIGITS}`);
const CITY_TEXT = addressPattern(LETTERS);

/** A street of digits alone ("12") is a house number in the wrong field, not a street. */
const HAS_LETTER = new RegExp(`[${LETTERS}]`);

/** Parenthesised qualifiers: one level, not empty, no space just inside, a space (or the start) before. */
const QUALIFIER = /(^| )\(([^() ][^()]*[^() ]|[^() ])\)(?=$|[ .,/-])/g;

function wider(pattern: RegExp, value: unknown): boolean {
  if (typeof value !== 'string' || value.length > MAX_TEXT_LENGTH * 2) return false;
  // Read composed, as `matches` does (a pasted "u" + combining diaeresis is the buyer's "ü").
  const text = value.normalize('NFC');
  if (text.length > MAX_TEXT_LENGTH || text.startsWith('(')) return false;
  const plain = text.replace(QUALIFIER, '$1$2');
  return !/[()]/.test(plain) && HAS_LETTER.test(plain) && pattern.test(plain);
}

/** A street name in one of the real German forms beyond spec 5's list (see above). */
export const isStreetText = (value: unknown): boolean => wider(STREET_TEXT, value);

/** A place name in one of the real German forms beyond spec 5's list (see above); no digits. */
export const isCityText = (value: unknown): boolean => wider(CITY_TEXT, value);
