import type { FontWidth, PlateKind, PlateSizeId, Season } from './types';

/** A rectangle in millimetres, origin top left. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export type GlyphRole = 'district' | 'letters' | 'digits' | 'suffix' | 'season' | 'text';

/** One character placed on the plate: its box (advance width x lettering height) in millimetres. */
export interface PlacedGlyph extends Box {
  char: string;
  role: GlyphRole;
  fontWidth: FontWidth;
  /** Stroke width in millimetres. */
  strokeMm: number;
}

export interface PlacedSeal {
  kind: 'inspection' | 'registration';
  cx: number;
  cy: number;
  r: number;
}

export interface LayoutInput {
  text: string;
  kind: PlateKind;
  season?: Season;
  size: PlateSizeId;
  /** Fun plates and parking signs: free text, no seals, never an official plate. */
  freeText?: boolean;
}

export interface PlateLayout {
  size: PlateSizeId;
  widthMm: number;
  heightMm: number;
  /** The black rim: a rounded rectangle stroked along this box. */
  border: Box & { strokeMm: number; radiusMm: number };
  /** The blue EU band at the left, null on the parking sign. */
  band: Box | null;
  /** The white area right of the band and inside the rim; every glyph, seal and the season field lie in it. */
  field: Box;
  /** The text as it is shown (canonical form of an official registration), for titles and labels. */
  text: string;
  fontWidth: FontWidth;
  /** Lettering height in millimetres (of the main text). */
  glyphMm: number;
  glyphs: PlacedGlyph[];
  /** Places for the inspection and registration seals (official plates only). */
  seals: PlacedSeal[];
  /** The season field with its months, null unless the kind is seasonal and months are given. */
  season: (Box & { start: number; end: number; dividerY: number }) | null;
  /** False when the text had to be squeezed to stay on the plate: the size is too small for it. */
  fits: boolean;
}
