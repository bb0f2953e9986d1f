import { officialRows, rowsFit } from './layoutOfficial';
import { kindSuffix } from './plateKinds';
import type { ParsedPlate, PlateKind, PlateSize } from './types';

/** Whether a registration fits a size without squeezing (narrow lettering allowed on 520x110 only). */
export function fitsSize(plate: ParsedPlate, kind: PlateKind, size: PlateSize): boolean {
  if (size.id === 'parkplatz') return false;
  const parts = { ...plate, suffix: kindSuffix(kind) ?? plate.suffix ?? '' };
  const rows = officialRows(parts, kind, size.lines, true);
  return rowsFit(rows, size, 'standard') || (size.fontWidth === 'narrow' && rowsFit(rows, size, 'narrow'));
}
