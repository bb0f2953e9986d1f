import { isPlateParts } from './plainArguments';
import { scanPlate } from './scanPlate';
import type { ParsedPlate } from './types';

const DISTRICT = /^[A-ZÄÖÜ]{1,3}$/u;
const LETTERS = /^[A-Z]{1,2}$/;
const DIGITS = /^[1-9][0-9]{0,3}$/;

/**
 * Reads a German registration as typed ('b ab 123', 'B-AB123', 'toel ab 12') into its parts. Returns null
 * unless the text has the shape of a registration: 1-3 letter district, 1-2 letters without umlauts, 1-4
 * digits without a leading zero, optionally E or H. Whether the district exists and the other rules hold is
 * {@link validatePlate}'s job. Unseparated input is split at the longest known district that leaves valid
 * letters ('BAB123' reads 'BA-B 123'); ASCII umlauts are read only when the plain letters give no district.
 * @example
 * parsePlate('toel ab 12'); // { district: 'TÖL', letters: 'AB', digits: '12' }
 * parsePlate('B-AB 0123'); // null
 */
export function parsePlate(text: string): ParsedPlate | null {
  const scan = scanPlate(text);
  if (scan.status !== 'parts') return null;
  return hasPlateShape(scan.parts) ? scan.parts : null;
}

/**
 * Whether parts have the shape of a registration (existence of the district and bans not checked); false for
 * anything whose parts are not text.
 */
export function hasPlateShape(p: ParsedPlate): boolean {
  return isPlateParts(p) && DISTRICT.test(p.district) && LETTERS.test(p.letters) && DIGITS.test(p.digits);
}
