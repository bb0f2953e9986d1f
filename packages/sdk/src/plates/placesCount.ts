import { invalidParameter } from '../services/requireParam';
import { requirePlate } from './plainArguments';
import { isPlateKind, kindHasSeason, kindSuffix } from './plateKinds';
import type { ParsedPlate, PlateKind, PlateSize } from './types';

/** The 8-character rule of FZV Anlage 4 (as the shop reads it; see docs/reference/plate-rules.md). */
export const MAX_PLATE_PLACES = 8;

/**
 * Places a registration takes: its characters, plus one for E or H, plus one for the season field on plates
 * 110 or 130 mm high (on the taller two-line plates the field sits beside the second line's free space).
 * Without a size the season field counts. Parts that are not text, an unknown kind or a size that is not an object
 * are refused with the LpError `invalidParameter`.
 * @example
 * countPlaces({ district: 'B', letters: 'AB', digits: '1234' }, 'H+season'); // 9
 */
export function countPlaces(plate: ParsedPlate, kind: PlateKind, size?: PlateSize): number {
  requirePlate(plate);
  if (!isPlateKind(kind)) throw invalidParameter('kind');
  if (size != null && typeof size !== 'object') throw invalidParameter('size');
  const chars = plate.district.length + plate.letters.length + plate.digits.length;
  const suffix = (kindSuffix(kind) ?? plate.suffix) ? 1 : 0;
  const seasonCounts = kindHasSeason(kind) && (!size || size.heightMm === 110 || size.heightMm === 130);
  return chars + suffix + (seasonCounts ? 1 : 0);
}
