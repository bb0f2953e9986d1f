import type { FontWidth, PlateSizeId } from './types';

/**
 * Proportions of the plate lettering in em (1 em = glyph height; 75 mm on 520x110). Modelled on the
 * FE-Schrift of FZV Anlage 4: letters 47.5 mm and digits 44.5 mm wide in Mittelschrift, 40.5 mm and 38.5 mm
 * in Engschrift, stroke about 10 mm.
 */
export const EM = {
  letter: { standard: 47.5 / 75, narrow: 40.5 / 75 },
  digit: { standard: 44.5 / 75, narrow: 38.5 / 75 },
  hyphen: { standard: 0.4, narrow: 0.34 },
  space: { standard: 0.36, narrow: 0.3 },
  stroke: { standard: 10 / 75, narrow: 9 / 75 },
  /** Gap between neighbouring characters. */
  track: 7 / 75,
  /** Gap between letters and digits. */
  groupGap: 22 / 75,
  /** Diameter of a seal (inspection and registration sticker, 35 mm on 520x110). */
  seal: 35 / 75,
  /** Space on each side of the seal column. */
  sealMargin: 5 / 75,
  /** Width of the season field (two stacked month numbers). */
  season: 0.56,
} as const;

/** Advance width of one character in em (without the track). */
export function charWidthEm(ch: string, width: FontWidth): number {
  if (ch >= '0' && ch <= '9') return EM.digit[width];
  if (ch === '-') return EM.hyphen[width];
  if (ch === ' ') return EM.space[width];
  return EM.letter[width];
}

/** Millimetre metrics of one size: lettering height, EU band width, border and margins. */
export interface SizeMetrics {
  glyphMm: number;
  /** 0 for the parking sign, which has no EU band. */
  bandMm: number;
  borderMm: number;
  /** Distance of the border's centre line from the edge. */
  borderInsetMm: number;
  cornerMm: number;
  /** Free space kept between the field's edge and the text. */
  marginMm: number;
  /** Gap between the two lines of a two-line plate. */
  lineGapMm: number;
}

// Lettering heights: 75 mm on one-line plates (FZV Anlage 4); two-line plates use smaller lettering so the
// second line (letters and digits) fits their width, as the verkleinerte Schrift of motorcycle plates does.
const GLYPH_MM: Readonly<Record<PlateSizeId, number>> = {
  '520x110': 75,
  '460x110': 75,
  '420x110': 75,
  '400x110': 75,
  '380x110': 75,
  '340x200': 65,
  '280x200': 55,
  '250x200': 47,
  '220x200': 49,
  '200x200': 45,
  '180x200': 42,
  '255x130': 49,
  '240x155': 45,
  '240x130': 45,
  parkplatz: 40,
};

/** Metrics of a size; the EU band is 40 mm wide at 75 mm lettering and scales with it. */
export function sizeMetrics(id: PlateSizeId): SizeMetrics {
  const glyphMm = GLYPH_MM[id];
  return {
    glyphMm,
    bandMm: id === 'parkplatz' ? 0 : Math.max(26, (40 * glyphMm) / 75),
    borderMm: 1.5,
    borderInsetMm: 2,
    cornerMm: 5,
    marginMm: 4,
    lineGapMm: id === 'parkplatz' ? 8 : Math.max(8, glyphMm * 0.16),
  };
}
