import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DISTRICT_AREAS } from '../data/districtAreas';
import { DISTRICT_COUNT } from '../data/districtCodes';
import { districtInfo } from '../districtInfo';
import { districtState, isDistrictCode, listDistrictCodes } from '../districts';

interface Entry {
  code: string;
  areas: string[];
  state: string;
}
const reference: Entry[] = JSON.parse(
  readFileSync(fileURLToPath(new URL('../data/district-codes.json', import.meta.url)), 'utf8'),
);

describe('district data module', () => {
  it('holds exactly the codes of the reference list (722, CC0 MarkTiedemann/unterscheidungszeichen)', () => {
    expect(reference).toHaveLength(722);
    expect(DISTRICT_COUNT).toBe(722);
    expect(listDistrictCodes()).toEqual(reference.map((e) => e.code).sort());
  });

  it('gives every code the state of the reference list', () => {
    const wrong = reference.filter((e) => districtState(e.code) !== e.state).map((e) => e.code);
    expect(wrong).toEqual([]);
  });

  it('gives every code the areas of the reference list', () => {
    const wrong = reference.filter((e) => districtInfo(e.code)?.areas.join('|') !== e.areas.join('|'));
    expect(wrong).toEqual([]);
    expect(Object.keys(DISTRICT_AREAS)).toHaveLength(722);
  });

  it('knows umlaut districts and federal codes, and nothing else', () => {
    for (const code of ['TÖL', 'LÖ', 'ÜB', 'MÜ', 'BÜS', 'B', 'M', 'HH', 'THW', 'Y'])
      expect(isDistrictCode(code)).toBe(true);
    for (const code of [
      'XY',
      'TOEL',
      'LO',
      'tol',
      'b',
      '',
      'ABCD',
      '__proto__',
      'constructor',
      'hasOwnProperty',
    ]) {
      expect(isDistrictCode(code)).toBe(false);
    }
    expect(districtInfo('TÖL')).toEqual({
      code: 'TÖL',
      state: 'Bayern',
      areas: expect.arrayContaining([expect.stringContaining('Tölz')]),
    });
    expect(districtInfo('toString')).toBeUndefined();
    expect(districtState('Y')).toBe('bundesweit');
  });
});
