/**
 * Letter pairs never issued anywhere in Germany (FZV § 8 (1) with the administrative practice the Federal
 * Ministry of Transport recommends nationwide): HJ, KZ, NS, SA, SS.
 */
export const FORBIDDEN_LETTER_PAIRS: readonly string[] = ['HJ', 'KZ', 'NS', 'SA', 'SS'];

/** Whether the letters of the Erkennungsnummer form a forbidden pair. */
export function isForbiddenLetters(letters: string): boolean {
  return FORBIDDEN_LETTER_PAIRS.includes(letters);
}
