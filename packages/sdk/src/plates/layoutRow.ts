import { EM, charWidthEm } from './geometry';
import type { GlyphRole, PlacedGlyph } from './layoutTypes';
import type { FontWidth } from './types';

/** A piece of one line: a character, a fixed gap, the seal place or the season field. */
export type RowItem =
  | { type: 'glyph'; char: string; role: GlyphRole }
  | { type: 'gap'; em: number }
  | { type: 'seals'; em: number }
  | { type: 'season'; em: number };

export const glyphItems = (text: string, role: GlyphRole): RowItem[] =>
  [...text].map((char) => ({ type: 'glyph', char, role }));

const itemEm = (item: RowItem, width: FontWidth) =>
  item.type === 'glyph' ? charWidthEm(item.char, width) : item.em;

// Neighbours get the track between them unless one of them is a gap of its own.
const tracked = (a: RowItem, b: RowItem) =>
  a.type !== 'gap' && b.type !== 'gap' && a.type !== 'seals' && b.type !== 'seals';

/** Width of a row in em. */
export function rowWidthEm(items: readonly RowItem[], width: FontWidth): number {
  let total = 0;
  items.forEach((item, i) => {
    total += itemEm(item, width);
    const next = items[i + 1];
    if (next && tracked(item, next)) total += EM.track;
  });
  return total;
}

export interface PlacedRow {
  glyphs: PlacedGlyph[];
  /** Boxes of the seal place and season field, when the row has them. */
  seals?: { x: number; width: number };
  season?: { x: number; width: number };
}

/**
 * Places a row left to right from `x` at lettering height `h` mm, squeezing horizontally by `squeeze` (1 = none).
 */
export function placeRow(
  items: readonly RowItem[],
  opts: { x: number; y: number; h: number; width: FontWidth; squeeze: number },
): PlacedRow {
  const { y, h, width, squeeze } = opts;
  const k = h * squeeze;
  const strokeMm = EM.stroke[width] * h * Math.min(1, squeeze);
  const row: PlacedRow = { glyphs: [] };
  let x = opts.x;
  items.forEach((item, i) => {
    const w = itemEm(item, width) * k;
    if (item.type === 'glyph') {
      row.glyphs.push({
        char: item.char,
        role: item.role,
        x,
        y,
        width: w,
        height: h,
        fontWidth: width,
        strokeMm,
      });
    } else if (item.type === 'seals') {
      row.seals = { x, width: w };
    } else if (item.type === 'season') {
      row.season = { x, width: w };
    }
    x += w;
    const next = items[i + 1];
    if (next && tracked(item, next)) x += EM.track * k;
  });
  return row;
}
