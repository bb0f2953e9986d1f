import { officialRows, rowsFit } from './layoutOfficial';
import { isPlateParts } from './plainArguments';
import { isPlateKind, kindSuffix } from './plateKinds';
import { getPlateSize } from './plateSizes';
import type { ParsedPlate, PlateKind, PlateSize } from './types';

/**
 * Whether a registration fits a size without squeezing (narrow lettering allowed on 520x110 only). The size is read
 * by its id from {@link PLATE_SIZES}; false for parts that are not text, an unknown kind or an unknown size.
 */
export function fitsSize(plate: ParsedPlate, kind: PlateKind, size: PlateSize): boolean {
  const known = getPlateSize((size as Partial<PlateSize> | null)?.id as string);
  if (!known || known.id === 'parkplatz' || !isPlateParts(plate) || !isPlateKind(kind)) return false;
  const parts = { ...plate, suffix: kindSuffix(kind) ?? plate.suffix ?? '' };
  const rows = officialRows(parts, kind, known.lines, true);
  return rowsFit(rows, known, 'standard') || (known.fontWidth === 'narrow' && rowsFit(rows, known, 'narrow'));
}
