// Session 23 (wrongtypes): the rules of @lp/sdk/validation and @lp/sdk/plates that threw a TypeError on a
// plain-JavaScript caller's value (publicSweep.test.ts listed 17). What the caller sees now: predicates and lookups
// answer false or their empty result; what formats, computes or draws refuses with the LpError `invalidParameter`
// naming the parameter. The right values answer as before.
import { describe, expect, it } from 'vitest';
import { isLpError } from '../src/errors';
import {
  countPlaces,
  districtInfo,
  escapeXml,
  fitsSize,
  formatPlate,
  formatPlateSize,
  getPlateSize,
  glyphPath,
  hasGlyph,
  hasPlateShape,
  kennzeichenArtFromKind,
  kindHasSeason,
  layoutPlate,
  PLATE_KINDS,
  regionalBansFor,
  renderPlateSvg,
  seasonMonths,
  validateFreeText,
} from '../src/plates/index';
import type { PlateSize } from '../src/plates/index';
import { compactVatId, lacksPostnummer } from '../src/validation/index';

/** The message of the coded LpError a call throws; fails the test on anything else. */
function refusal(call: () => unknown): string {
  try {
    call();
  } catch (error) {
    expect(isLpError(error) && error.code).toBe('invalidParameter');
    return (error as Error).message;
  }
  return expect.fail('answered instead of refusing');
}

const NO_PROTOTYPE = Object.create(null);
const PLATE = { district: 'B', letters: 'AB', digits: '1234' };
const SIZE = getPlateSize('520x110') as PlateSize;
const BOX = { x: 0, y: 0, width: 47.5, height: 75, stroke: 10 };

describe('@lp/sdk/validation', () => {
  it.each([undefined, null, 7, ['DE136695976'], { a: 1 }, NO_PROTOTYPE])(
    'compactVatId(%s) refuses: the parameter value is invalid',
    (value) => {
      // Before: "value.replace is not a function" (or "Cannot read properties of undefined").
      expect(refusal(() => compactVatId(value as never))).toBe('The parameter value is invalid.');
    },
  );

  it('compactVatId still writes a USt-IdNr. compactly', () => {
    expect(compactVatId('de 136.695-976')).toBe('DE136695976');
  });

  it.each([undefined, null])('lacksPostnummer(%s) is false: no address, no Packstation', (value) => {
    expect(lacksPostnummer(value as never)).toBe(false);
    expect(lacksPostnummer({ street: 'Packstation', street2: '' })).toBe(true);
  });
});

describe('@lp/sdk/plates: predicates and lookups answer false or nothing', () => {
  it('hasPlateShape and hasGlyph are false for values that are not a plate or a character', () => {
    for (const value of [undefined, null, 7, NO_PROTOTYPE]) {
      expect(hasPlateShape(value as never)).toBe(false);
      expect(hasGlyph(value as never)).toBe(false);
    }
    // Before: arrays read as their text, so this had "the shape of a registration".
    expect(hasPlateShape({ district: ['B'], letters: ['AB'], digits: [123] } as never)).toBe(false);
    expect(hasPlateShape(PLATE)).toBe(true);
  });

  it('districtInfo answers undefined for what is not a code text', () => {
    expect(districtInfo(NO_PROTOTYPE)).toBeUndefined();
    expect(districtInfo(['M'] as never)).toBeUndefined();
    expect(districtInfo('M')?.state).toBe('Bayern');
  });

  it('regionalBansFor names no ban for what is not a plate', () => {
    expect(regionalBansFor(null as never)).toEqual([]);
    expect(regionalBansFor({ district: 'N', letters: 'PD', digits: '1' })[0]?.combination).toBe('N-PD');
  });

  it('fitsSize is false for a plate, kind or size it cannot read, and reads the size by its id', () => {
    expect(fitsSize(null as never, 'standard', SIZE)).toBe(false);
    expect(fitsSize(PLATE, 'bogus' as never, SIZE)).toBe(false);
    expect(fitsSize(PLATE, 'standard', null as never)).toBe(false);
    expect(fitsSize(PLATE, 'standard', '520x110' as never)).toBe(false);
    // A size object with a known id and broken fields is measured as the shop's size of that id.
    expect(fitsSize(PLATE, 'standard', { ...SIZE, lines: 'x', widthMm: null } as never)).toBe(true);
    expect(fitsSize(PLATE, 'standard', SIZE)).toBe(true);
  });

  it('validateFreeText answers "empty" for an object without prototype, fun limits for an unknown variant', () => {
    expect(validateFreeText(NO_PROTOTYPE, 'fun').errors[0]?.code).toBe('free-text-empty');
    expect(validateFreeText('HALLO', NO_PROTOTYPE)).toMatchObject({ ok: true, text: 'HALLO' });
    expect(validateFreeText('HALLO WELT 12345', 'toString' as never).errors[0]?.code).toBe(
      'free-text-too-long',
    );
  });

  it('kennzeichenArtFromKind answers undefined for what is no kind; kindHasSeason is false for it (session 24)', () => {
    // Before: a TypeError for an object without prototype (the table's key), and Object's own properties for
    // 'constructor' or '__proto__'.
    for (const value of [
      NO_PROTOTYPE,
      'constructor',
      '__proto__',
      'toString',
      7,
      null,
      undefined,
      ['E'],
      Symbol('E'),
    ]) {
      expect(kennzeichenArtFromKind(value as never)).toBeUndefined();
      expect(kindHasSeason(value as never)).toBe(false);
    }
    expect(PLATE_KINDS.map(kennzeichenArtFromKind)).toEqual([
      'Standard',
      'E-Kennzeichen',
      'H-Kennzeichen',
      'Saisonkennzeichen',
      'H-Saisonkennzeichen',
      'E-Saisonkennzeichen',
    ]);
    expect(PLATE_KINDS.filter(kindHasSeason)).toEqual(['season', 'H+season', 'E+season']);
  });

  it('formatPlateSize passes a value that is not text through, as it passes other attribute values', () => {
    expect(formatPlateSize(NO_PROTOTYPE)).toBe(NO_PROTOTYPE);
    expect(formatPlateSize(undefined as never)).toBeUndefined();
    expect(formatPlateSize('520x110')).toBe('520 × 110 mm');
  });
});

describe('@lp/sdk/plates: what formats, computes or draws refuses with a coded LpError', () => {
  it.each([
    undefined,
    null,
    'B-AB 123',
    { district: 'B', letters: 'AB', digits: 123 },
    { ...PLATE, suffix: '<b>' },
  ])('formatPlate and countPlaces refuse %s: the parameter plate is invalid', (value) => {
    // Before: 'undefined-undefined undefined', 'B-AB 123<b>' or a TypeError.
    expect(refusal(() => formatPlate(value as never))).toBe('The parameter plate is invalid.');
    expect(refusal(() => countPlaces(value as never, 'standard'))).toBe('The parameter plate is invalid.');
  });

  it('countPlaces names a wrong kind or size; the right values count as before', () => {
    expect(refusal(() => countPlaces(PLATE, 'bogus' as never))).toBe('The parameter kind is invalid.');
    expect(refusal(() => countPlaces(PLATE, 'standard', '520x110' as never))).toBe(
      'The parameter size is invalid.',
    );
    expect(countPlaces(PLATE, 'H+season')).toBe(9);
    expect(formatPlate({ ...PLATE, suffix: 'H' })).toBe('B-AB 1234H');
  });

  it('escapeXml refuses what is not text or a finite number, instead of writing "undefined"', () => {
    for (const value of [undefined, null, { a: 1 }, Number.NaN, NO_PROTOTYPE])
      expect(refusal(() => escapeXml(value as never))).toBe('The parameter text is invalid.');
    expect(escapeXml(7 as never)).toBe('7');
    expect(escapeXml('<b>&"')).toBe('&lt;b&gt;&amp;&quot;');
  });

  it('glyphPath refuses a character that is not text and a box without five finite numbers', () => {
    expect(refusal(() => glyphPath(7 as never, BOX))).toBe('The parameter ch is invalid.');
    // Before: a TypeError, or a path of 'MNaN NaN'.
    expect(refusal(() => glyphPath('H', null as never))).toBe('The parameter box is invalid.');
    expect(refusal(() => glyphPath('H', { ...BOX, width: '47.5' } as never))).toBe(
      'The parameter box is invalid.',
    );
    expect(glyphPath('constructor', BOX)).toBe('');
    expect(glyphPath('H', BOX)).toMatch(/^M5 5L5 70/);
  });

  it('seasonMonths refuses a season whose months are not integers 1-12', () => {
    for (const value of [undefined, null, { start: '4', end: 10 }, { start: 4 }, { start: 0, end: 10 }])
      expect(refusal(() => seasonMonths(value as never))).toBe('The parameter season is invalid.');
    expect(seasonMonths({ start: 11, end: 3 })).toBe(5);
  });

  it('layoutPlate and renderPlateSvg refuse options that are not an object (the plate text alone, say)', () => {
    expect(refusal(() => layoutPlate(null as never))).toBe('The parameter input cannot be null.');
    expect(refusal(() => layoutPlate('B-AB 123' as never))).toBe('The parameter input is invalid.');
    expect(refusal(() => renderPlateSvg(undefined as never))).toBe('The parameter options cannot be null.');
    expect(refusal(() => renderPlateSvg('B-AB 123' as never))).toBe('The parameter options is invalid.');
    // Fields of the wrong type still fall back (unknown size 520x110, unknown kind standard).
    const svg = renderPlateSvg({ text: 'B-AB 123', kind: 7, size: {}, title: 5 } as never);
    expect(svg).toContain('<title>Kennzeichen B-AB 123</title>');
  });

  it('a season is read for its months only: no throw on an object without prototype, no field moved by its x', () => {
    const input = { text: 'B-AB 123', kind: 'season', size: '520x110' } as const;
    expect(() => renderPlateSvg({ ...input, season: { start: NO_PROTOTYPE, end: 10 } })).not.toThrow();
    expect(layoutPlate({ ...input, season: { start: NO_PROTOTYPE, end: 10 } }).season).toBeNull();
    const placed = layoutPlate({ ...input, season: { start: 4, end: 10 } }).season;
    // Before: the caller's own x, y or width were spread over the field's box.
    expect(layoutPlate({ ...input, season: { start: 4, end: 10, x: 999 } as never }).season).toEqual(placed);
    // A form's month text reads as the month, as parseMonth reads it.
    expect(layoutPlate({ ...input, season: { start: '4', end: '10' } as never }).season).toEqual(placed);
  });
});
