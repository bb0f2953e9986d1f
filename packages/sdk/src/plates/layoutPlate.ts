import { requireObject } from '../services/requireParam';
import { layoutFreeText } from './layoutFreeText';
import { layoutOfficial } from './layoutOfficial';
import type { LayoutInput, PlateLayout } from './layoutTypes';
import { isPlateKind } from './plateKinds';
import { isPlateSizeId } from './plateSizes';

/**
 * Places every glyph of a plate in millimetres: pure, no DOM, the same in the browser and in Node.
 * Official plates: district, seal place, letters, digits, E/H, season field, in one line (110 mm high) or two
 * lines (the 130-200 mm high sizes); standard lettering, narrow on 520x110 when standard does not fit; a text
 * too long for the size is squeezed and reported with `fits: false`. Free text (fun plate, parking sign, and
 * always on size 'parkplatz') is centred and shrunk to fit, without seals. Unknown sizes fall back to 520x110, an
 * unknown kind to standard, a text that is not text to none; an `input` that is not an object is refused with the
 * LpError `invalidParameter`.
 * @example
 * const layout = layoutPlate({ text: 'B-AB 123', kind: 'standard', size: '520x110' });
 * layout.glyphs.map((g) => g.char).join(''); // 'BAB123'
 * layout.seals.length; // 2
 */
export function layoutPlate(input: LayoutInput & { seals?: boolean }): PlateLayout {
  requireObject('input', input);
  const size = isPlateSizeId(input.size) ? input.size : '520x110';
  const kind = isPlateKind(input.kind) ? input.kind : 'standard';
  const safe = { ...input, size, kind, text: typeof input.text === 'string' ? input.text : '' };
  if (input.freeText || size === 'parkplatz') return layoutFreeText(safe);
  return layoutOfficial(safe, input.seals !== false);
}
