import { isDistrictCode } from './districts';
import { isForbiddenLetters } from './forbiddenLetters';
import { MAX_INPUT_LENGTH, normalisePlateInput, umlautReadings } from './normalisePlateInput';
import type { ParsedPlate } from './types';

/** The parts of typed text, read as tolerantly as possible; the parts may still break the rules. */
export type PlateScan =
  | { status: 'empty' }
  | { status: 'too-long' }
  | { status: 'invalid-characters'; chars: string }
  | { status: 'format' }
  | {
      status: 'parts';
      parts: ParsedPlate;
      /** The shopper separated district and letters, so no split had to be guessed. */
      explicit: boolean;
      /** Other splits of unseparated input that also give a known district and valid letters. */
      alternatives: ParsedPlate[];
    };

const ALLOWED = /^[A-ZÄÖÜ0-9]$/u;
const SHAPE = /^([A-ZÄÖÜ]*)(?:([0-9]+)([EH])?)?$/u;
const VALID_LETTERS = /^[A-Z]{1,2}$/;

interface Split {
  district: string;
  letters: string;
  known: boolean;
  validRest: boolean;
  umlaut: boolean;
}

const makeSplit = (district: string, letters: string, umlaut: boolean): Split => ({
  district,
  letters,
  known: isDistrictCode(district),
  validRest: VALID_LETTERS.test(letters) && !isForbiddenLetters(letters),
  umlaut,
});

// Ranking of readings (documented in docs/reference/plate-rules.md): a known district first, then letters
// that may be issued, then the plain spelling before an ASCII umlaut reading, then the longest district.
function better(a: Split, b: Split): number {
  if (a.known !== b.known) return a.known ? -1 : 1;
  if (a.validRest !== b.validRest) return a.validRest ? -1 : 1;
  if (a.umlaut !== b.umlaut) return a.umlaut ? 1 : -1;
  if (!a.known && a.letters.length !== b.letters.length) {
    // Unknown districts: read two letters where possible ("XYAB" is XY-AB), so the message names a likely code.
    return b.letters.length - a.letters.length;
  }
  return b.district.length - a.district.length;
}

/** Readings of a run of letters the shopper did not separate. */
function guessSplits(run: string): Split[] {
  const splits: Split[] = [];
  const readings: Array<[string, boolean]> = [
    [run, false],
    ...umlautReadings(run).map((r): [string, boolean] => [r, true]),
  ];
  for (const [text, umlaut] of readings) {
    for (let i = 1; i <= Math.min(3, text.length - 1); i++) {
      const letters = text.slice(i);
      if (letters.length <= 2) splits.push(makeSplit(text.slice(0, i), letters, umlaut));
    }
  }
  if (splits.length === 0) {
    // Too short ("B") or too long to split by the rules: keep the district as long as allowed so the
    // message points at the real problem (missing or too many letters).
    splits.push(makeSplit(run.slice(0, Math.min(3, run.length)), run.slice(3), false));
  }
  return splits.sort(better);
}

/** The reading of an explicitly typed district: as typed, or its ASCII umlaut spelling when only that exists. */
function explicitDistrict(typed: string): string {
  if (isDistrictCode(typed)) return typed;
  return umlautReadings(typed).find(isDistrictCode) ?? typed;
}

/**
 * Reads typed plate text into its parts. Tolerates lower case, spaces, hyphens and dashes, ASCII umlauts in
 * the district and missing separators. Never throws.
 */
export function scanPlate(text: unknown): PlateScan {
  if (typeof text !== 'string') return { status: 'empty' };
  if (text.length > MAX_INPUT_LENGTH) return { status: 'too-long' };
  const { compact, breaks } = normalisePlateInput(text);
  if (compact.length === 0) return { status: 'empty' };
  const bad = [...new Set([...compact].filter((ch) => !ALLOWED.test(ch)))].join('');
  if (bad) return { status: 'invalid-characters', chars: bad };
  const shape = SHAPE.exec(compact);
  const run = shape?.[1] ?? '';
  const digits = shape?.[2] ?? '';
  if (!shape || run.length === 0) return { status: 'format' };
  // Separators may stand between district and letters, letters and digits, digits and suffix; one inside the
  // digits ("12 34") means the shopper typed something else than a registration.
  if (breaks.some((b) => b > run.length && b < run.length + digits.length)) return { status: 'format' };
  const suffix = shape[3] as 'E' | 'H' | undefined;
  const inRun = breaks.filter((b) => b < run.length);
  const withSuffix = (p: { district: string; letters: string }): ParsedPlate =>
    suffix
      ? { district: p.district, letters: p.letters, digits, suffix }
      : { district: p.district, letters: p.letters, digits };
  if (inRun.length > 0) {
    const at = inRun[0] as number;
    // Later separators inside the letters ("B-A B 1") are ignored.
    const district = explicitDistrict(run.slice(0, at));
    return {
      status: 'parts',
      parts: withSuffix({ district, letters: run.slice(at) }),
      explicit: true,
      alternatives: [],
    };
  }
  const [best, ...others] = guessSplits(run) as [Split, ...Split[]];
  const alternatives =
    best.known && best.validRest ? others.filter((s) => s.known && s.validRest).map(withSuffix) : [];
  return { status: 'parts', parts: withSuffix(best), explicit: false, alternatives };
}
