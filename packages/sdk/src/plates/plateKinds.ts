import type { PlateKind } from './types';

/** Every plate kind, in the order a kind picker shows them. */
export const PLATE_KINDS: readonly PlateKind[] = ['standard', 'E', 'H', 'season', 'H+season', 'E+season'];

// The Kennzeichen-Art attribute values of the shop (common decision) for each kind.
const ART_BY_KIND: Readonly<Record<PlateKind, string>> = {
  standard: 'Standard',
  E: 'E-Kennzeichen',
  H: 'H-Kennzeichen',
  season: 'Saisonkennzeichen',
  'H+season': 'H-Saisonkennzeichen',
  'E+season': 'E-Saisonkennzeichen',
};

/**
 * spec 9: a Kennzeichen-Art containing Saison or Season means a seasonal plate (any letter case).
 * @example
 * isSeasonalKind('H-Saisonkennzeichen'); // true
 * isSeasonalKind('Standard'); // false
 */
export function isSeasonalKind(kennzeichenArt: string): boolean {
  return typeof kennzeichenArt === 'string' && /saison|season/i.test(kennzeichenArt);
}

/**
 * The Kennzeichen-Art value for a kind; undefined for a value that is no {@link PlateKind} (looked up among the kinds
 * first: as the table's key, an object without prototype threw a TypeError and 'constructor' answered Object's own).
 * @example
 * kennzeichenArtFromKind('H+season'); // 'H-Saisonkennzeichen'
 */
export function kennzeichenArtFromKind(kind: PlateKind): string {
  return ART_BY_KIND[PLATE_KINDS.find((known) => known === kind) as PlateKind];
}

/**
 * The kind of a Kennzeichen-Art value: the shop's values exactly (case and spaces ignored), otherwise read
 * from the words (E-/Elektro, H-/historisch/Oldtimer, Saison/Season). Undefined when nothing fits; an empty
 * value means standard.
 * @example
 * kindFromKennzeichenArt('E-Saisonkennzeichen'); // 'E+season'
 * kindFromKennzeichenArt('Kurzzeit'); // undefined
 */
export function kindFromKennzeichenArt(value: string): PlateKind | undefined {
  if (typeof value !== 'string') return undefined;
  const v = value.trim().toLowerCase();
  if (v === '') return 'standard';
  for (const kind of PLATE_KINDS) if (ART_BY_KIND[kind].toLowerCase() === v) return kind;
  const seasonal = isSeasonalKind(v);
  const historic = /^h\b|historisch|oldtimer/.test(v);
  const electric = /^e\b|elektro/.test(v);
  if (historic && electric) return undefined;
  if (historic) return seasonal ? 'H+season' : 'H';
  if (electric) return seasonal ? 'E+season' : 'E';
  if (seasonal) return 'season';
  return /^(standard|euro|normal|eu)\b|^(euro|eu-|standard)?kennzeichen$/.test(v) ? 'standard' : undefined;
}

/** E or H printed after the digits for this kind. */
export function kindSuffix(kind: PlateKind): 'E' | 'H' | undefined {
  return kind === 'E' || kind === 'E+season' ? 'E' : kind === 'H' || kind === 'H+season' ? 'H' : undefined;
}

/** Whether the kind carries the season field. */
export function kindHasSeason(kind: PlateKind): boolean {
  return ['season', 'H+season', 'E+season'].includes(kind);
}

/** Whether a value is one of the {@link PLATE_KINDS}. */
export function isPlateKind(value: unknown): value is PlateKind {
  return typeof value === 'string' && (PLATE_KINDS as readonly string[]).includes(value);
}
