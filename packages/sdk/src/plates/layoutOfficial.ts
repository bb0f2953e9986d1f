import { EM, sizeMetrics } from './geometry';
import type { LayoutInput, PlacedGlyph, PlacedSeal, PlateLayout } from './layoutTypes';
import { type RowItem, glyphItems, placeRow, rowWidthEm } from './layoutRow';
import { normalisePlateInput } from './normalisePlateInput';
import { plateFrame } from './plateFrame';
import { kindHasSeason, kindSuffix } from './plateKinds';
import { scanPlate } from './scanPlate';
import { parseMonth } from './season';
import type { FontWidth, PlateKind, PlateSize } from './types';

interface Parts {
  district: string;
  letters: string;
  digits: string;
  suffix: string;
}

const SHOWN = /[A-ZÄÖÜ0-9]/gu;
const shown = (s: string) => (s.match(SHOWN) ?? []).join('').slice(0, 12);

/** The parts to draw: the registration as read, or for unfinished input what the shopper typed so far. */
export function officialParts(text: string, kind: PlateKind): Parts {
  const scan = scanPlate(text);
  const suffix = kindSuffix(kind) ?? (scan.status === 'parts' ? (scan.parts.suffix ?? '') : '');
  if (scan.status === 'parts') {
    const { district, letters, digits } = scan.parts;
    return { district: shown(district), letters: shown(letters), digits: shown(digits), suffix };
  }
  return {
    district: shown(normalisePlateInput(typeof text === 'string' ? text.slice(0, 64) : '').compact),
    letters: '',
    digits: '',
    suffix,
  };
}

/** Rows of an official plate: one line, or district above and the Erkennungsnummer below. */
export function officialRows(parts: Parts, kind: PlateKind, lines: 1 | 2, withSeason: boolean): RowItem[][] {
  const seasonItem: RowItem[] = withSeason && kindHasSeason(kind) ? [{ type: 'season', em: EM.season }] : [];
  const number: RowItem[] = [
    ...glyphItems(parts.letters, 'letters'),
    ...(parts.letters && parts.digits ? [{ type: 'gap', em: EM.groupGap } as RowItem] : []),
    ...glyphItems(parts.digits, 'digits'),
    ...glyphItems(parts.suffix, 'suffix'),
    ...seasonItem,
  ];
  if (lines === 1) {
    const sealColumn: RowItem = { type: 'seals', em: EM.seal + 2 * EM.sealMargin };
    return [[...glyphItems(parts.district, 'district'), sealColumn, ...number]];
  }
  // Two-line plates: both seals side by side after the district.
  const sealRow: RowItem = { type: 'seals', em: 2 * EM.seal + EM.track + 2 * EM.sealMargin };
  return [[...glyphItems(parts.district, 'district'), sealRow], number];
}

/** Whether rows fit the size's text width in this font width. */
export function rowsFit(rows: RowItem[][], size: PlateSize, width: FontWidth): boolean {
  const frame = plateFrame(size.id);
  const h = sizeMetrics(size.id).glyphMm;
  return rows.every((r) => rowWidthEm(r, width) * h <= frame.textArea.width + 1e-9);
}

/** Lays out an official registration (see {@link layoutPlate}). */
export function layoutOfficial(input: LayoutInput, seals: boolean): PlateLayout {
  const frame = plateFrame(input.size);
  const { size, textArea } = frame;
  const h = sizeMetrics(size.id).glyphMm;
  const parts = officialParts(input.text, input.kind);
  const rows = officialRows(parts, input.kind, size.lines, true);
  let fontWidth: FontWidth = 'standard';
  if (!rowsFit(rows, size, 'standard') && size.fontWidth === 'narrow') fontWidth = 'narrow';
  const widest = Math.max(...rows.map((r) => rowWidthEm(r, fontWidth) * h));
  const fits = widest <= textArea.width + 1e-9;
  const squeeze = fits ? 1 : textArea.width / widest;
  const lineGap = sizeMetrics(size.id).lineGapMm;
  const blockHeight = rows.length * h + (rows.length - 1) * lineGap;
  const top = textArea.y + (textArea.height - blockHeight) / 2;
  const glyphs: PlacedGlyph[] = [];
  const placedSeals: PlacedSeal[] = [];
  let season: PlateLayout['season'] = null;
  rows.forEach((items, i) => {
    const y = top + i * (h + lineGap);
    const w = rowWidthEm(items, fontWidth) * h * squeeze;
    const row = placeRow(items, {
      x: textArea.x + (textArea.width - w) / 2,
      y,
      h,
      width: fontWidth,
      squeeze,
    });
    glyphs.push(...row.glyphs);
    if (row.seals && seals) placedSeals.push(...placeSeals(row.seals, y, h, squeeze, size.lines));
    // The months only, read as parseMonth reads them (4 or '4'): a plain-JavaScript caller's season spread in here
    // could move the field (its own `x`) or throw on an object without prototype when drawn (session 23).
    const start = parseMonth(input.season?.start);
    const end = parseMonth(input.season?.end);
    if (row.season && start && end) {
      season = { x: row.season.x, y, width: row.season.width, height: h, dividerY: y + h / 2, start, end };
    }
  });
  const text =
    [parts.district, parts.letters].filter(Boolean).join('-') +
    (parts.digits ? ` ${parts.digits}` : '') +
    parts.suffix;
  return {
    size: size.id,
    widthMm: size.widthMm,
    heightMm: size.heightMm,
    border: frame.border,
    band: frame.band,
    field: frame.field,
    text,
    fontWidth,
    glyphMm: h,
    glyphs,
    seals: placedSeals,
    season,
    fits,
  };
}

// Rear plates carry the inspection seal above the registration seal (one line) or beside it (two lines).
function placeSeals(
  place: { x: number; width: number },
  y: number,
  h: number,
  squeeze: number,
  lines: 1 | 2,
): PlacedSeal[] {
  const r = (EM.seal * h * Math.min(1, squeeze)) / 2;
  const cx = place.x + place.width / 2;
  if (lines === 1) {
    return [
      { kind: 'inspection', cx, cy: y + r, r },
      { kind: 'registration', cx, cy: y + h - r, r },
    ];
  }
  const dx = r + (EM.track * h * squeeze) / 2;
  return [
    { kind: 'inspection', cx: cx - dx, cy: y + h / 2, r },
    { kind: 'registration', cx: cx + dx, cy: y + h / 2, r },
  ];
}
