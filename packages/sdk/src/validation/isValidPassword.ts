/** Issue 13: the shortest and longest password accepted (the contract's PASSWORD_MIN/MAX_LENGTH say the same). */
const MIN = 8;
const MAX = 200;

/**
 * Issue 13: a new password has 8 to 200 characters (counted as code points, so an emoji is one) and no control
 * characters or lone surrogates; length makes a password strong, composition rules do not (NIST SP 800-63B).
 * Spaces are allowed, a password of spaces alone is not.
 *
 * @example
 * isValidPassword('Sommer2026'); // true
 * isValidPassword('kurz'); // false
 */
export function isValidPassword(value: unknown): boolean {
  if (typeof value !== 'string' || value.length > MAX * 2 || value.trim() === '') return false;
  let length = 0;
  for (const char of value) {
    const code = char.codePointAt(0) ?? 0;
    // A lone surrogate comes out of the iterator on its own, as a code point in D800-DFFF.
    if (code < 0x20 || code === 0x7f || (code >= 0xd800 && code <= 0xdfff)) return false;
    length++;
  }
  return length >= MIN && length <= MAX;
}
