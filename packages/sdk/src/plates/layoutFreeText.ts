import { sizeMetrics } from './geometry';
import type { LayoutInput, PlacedGlyph, PlateLayout } from './layoutTypes';
import { glyphItems, placeRow, rowWidthEm } from './layoutRow';
import { upperPlateChars } from './normalisePlateInput';
import { plateFrame } from './plateFrame';

const DRAWABLE = /[A-ZÄÖÜ0-9 -]/gu;

/** Lines of free text to draw: upper case, drawable characters only, at most 2 lines of 32. */
export function freeTextLines(text: string, lines: 1 | 2, parking: boolean): string[] {
  const raw = typeof text === 'string' ? text.slice(0, 200) : '';
  const typed = raw
    .split(/\r?\n/)
    .map((l) => (upperPlateChars(l).match(DRAWABLE) ?? []).join('').trim().slice(0, 32))
    .filter((l) => l.length > 0);
  if (parking || typed.length > 1) return typed.slice(0, 2);
  const one = typed[0] ?? '';
  if (lines === 1 || !one.includes(' ')) return one ? [one] : [];
  // A fun text on a two-line plate breaks at the space nearest the middle.
  let best = -1;
  for (let i = 0; i < one.length; i++)
    if (one[i] === ' ' && (best < 0 || Math.abs(i - one.length / 2) < Math.abs(best - one.length / 2)))
      best = i;
  return [one.slice(0, best).trim(), one.slice(best + 1).trim()];
}

/** Lays out free text (fun plate, parking sign): centred lines, shrunk to fit, no seals, no season field. */
export function layoutFreeText(input: LayoutInput): PlateLayout {
  const frame = plateFrame(input.size);
  const { size, textArea } = frame;
  const m = sizeMetrics(size.id);
  const lines = freeTextLines(input.text, size.lines, size.id === 'parkplatz');
  const rows = lines.map((l) => glyphItems(l, 'text'));
  const n = Math.max(1, rows.length);
  const byHeight = Math.min(75, (textArea.height - (n - 1) * m.lineGapMm) / n);
  const widest = Math.max(0, ...rows.map((r) => rowWidthEm(r, 'standard')));
  const h = widest > 0 ? Math.min(byHeight, textArea.width / widest) : byHeight;
  const blockHeight = n * h + (n - 1) * m.lineGapMm;
  const top = textArea.y + (textArea.height - blockHeight) / 2;
  const glyphs: PlacedGlyph[] = [];
  rows.forEach((items, i) => {
    const w = rowWidthEm(items, 'standard') * h;
    const row = placeRow(items, {
      x: textArea.x + (textArea.width - w) / 2,
      y: top + i * (h + m.lineGapMm),
      h,
      width: 'standard',
      squeeze: 1,
    });
    glyphs.push(...row.glyphs.filter((g) => g.char !== ' '));
  });
  // Shrinking keeps every text on the plate; below a third of the usual height it is no longer legible.
  const fits = h >= byHeight / 3 || widest === 0;
  return {
    size: size.id,
    widthMm: size.widthMm,
    heightMm: size.heightMm,
    border: frame.border,
    band: frame.band,
    field: frame.field,
    text: lines.join('\n'),
    fontWidth: 'standard',
    glyphMm: h,
    glyphs,
    seals: [],
    season: null,
    fits,
  };
}
