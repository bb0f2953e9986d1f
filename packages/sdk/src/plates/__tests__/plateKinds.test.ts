import { describe, expect, it } from 'vitest';
import { PLATE_KINDS, isSeasonalKind, kennzeichenArtFromKind, kindFromKennzeichenArt } from '../plateKinds';

describe('plate kinds and Kennzeichen-Art', () => {
  it('maps every kind to its Kennzeichen-Art value and back', () => {
    expect(PLATE_KINDS.map(kennzeichenArtFromKind)).toEqual([
      'Standard',
      'E-Kennzeichen',
      'H-Kennzeichen',
      'Saisonkennzeichen',
      'H-Saisonkennzeichen',
      'E-Saisonkennzeichen',
    ]);
    for (const kind of PLATE_KINDS) expect(kindFromKennzeichenArt(kennzeichenArtFromKind(kind))).toBe(kind);
  });

  it('spec 9: a Kennzeichen-Art containing Saison or Season is seasonal', () => {
    for (const v of [
      'Saisonkennzeichen',
      'H-Saisonkennzeichen',
      'E-Saisonkennzeichen',
      'Season plate',
      'saison',
    ])
      expect(isSeasonalKind(v)).toBe(true);
    for (const v of ['Standard', 'H-Kennzeichen', 'E-Kennzeichen', '', 'Sais on'])
      expect(isSeasonalKind(v)).toBe(false);
    expect(isSeasonalKind(undefined as unknown as string)).toBe(false);
  });

  it('reads loosely written values and refuses unknown ones', () => {
    expect(kindFromKennzeichenArt(' standard ')).toBe('standard');
    expect(kindFromKennzeichenArt('')).toBe('standard');
    expect(kindFromKennzeichenArt('Oldtimer Saison')).toBe('H+season');
    expect(kindFromKennzeichenArt('Elektro')).toBe('E');
    expect(kindFromKennzeichenArt('Season')).toBe('season');
    expect(kindFromKennzeichenArt('Kurzzeitkennzeichen')).toBeUndefined();
    expect(kindFromKennzeichenArt('<b>')).toBeUndefined();
    expect(kindFromKennzeichenArt(42 as unknown as string)).toBeUndefined();
  });
});
