import { issue } from './messages';
import { upperPlateChars } from './normalisePlateInput';
import type { PlateIssue } from './types';

export type FreeTextVariant = 'fun' | 'parking';

/** Limits of free text: fun plates one line of 12, parking signs two lines of 16 (the shop's own limits). */
export const FREE_TEXT_LIMITS: Readonly<Record<FreeTextVariant, { lines: number; perLine: number }>> = {
  fun: { lines: 1, perLine: 12 },
  parking: { lines: 2, perLine: 16 },
};

const ALLOWED = /^[A-ZÄÖÜ0-9 -]$/u;

export interface FreeTextValidation {
  ok: boolean;
  /** The text as it is printed: upper case, lines trimmed, joined with '\n'. */
  text: string;
  errors: PlateIssue[];
}

/**
 * Checks the text of a fun plate or parking sign: letters A-Z, Ä, Ö, Ü, digits, space and hyphen, upper-cased;
 * lines separated by a line break. Such plates are never official plates (no seals, no district check).
 * @example
 * validateFreeText('Fun-Car 1', 'fun'); // { ok: true, text: 'FUN-CAR 1', errors: [] }
 * validateFreeText('PRIVAT\nNur Kunden', 'parking').ok; // true
 */
export function validateFreeText(text: string, variant: FreeTextVariant): FreeTextValidation {
  // Compared, not looked up: a plain-JavaScript caller's variant (an object, 'toString') never reaches the table.
  const limits = variant === 'parking' ? FREE_TEXT_LIMITS.parking : FREE_TEXT_LIMITS.fun;
  if (typeof text !== 'string' || text.trim() === '')
    return { ok: false, text: '', errors: [issue('free-text-empty')] };
  if (text.length > 200)
    return { ok: false, text: '', errors: [issue('free-text-too-long', limits.perLine)] };
  const lines = text
    .trim()
    .split(/\r?\n/)
    .map((l) => upperPlateChars(l).trim().replace(/\s+/g, ' '));
  const printed = lines.join('\n');
  const errors: PlateIssue[] = [];
  const bad = [...new Set([...lines.join('')].filter((ch) => !ALLOWED.test(ch)))].join('');
  if (bad) errors.push(issue('free-text-characters', bad.slice(0, 10)));
  if (lines.length > limits.lines) errors.push(issue('free-text-lines', limits.lines));
  if (lines.some((l) => [...l].length > limits.perLine))
    errors.push(issue('free-text-too-long', limits.perLine));
  return { ok: errors.length === 0, text: errors.length === 0 ? printed : '', errors };
}
