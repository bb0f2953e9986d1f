import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { listDistrictCodes } from '../districts';
import { FORBIDDEN_LETTER_PAIRS } from '../forbiddenLetters';
import { formatPlate } from '../formatPlate';
import { parsePlate } from '../parsePlate';
import type { ParsedPlate } from '../types';
import { validatePlate } from '../validatePlate';

const plate = (district: string, letters: string, digits: string): ParsedPlate => ({
  district,
  letters,
  digits,
});

describe('parsePlate', () => {
  it.each([
    ['B-AB 123', plate('B', 'AB', '123')],
    ['b ab 123', plate('B', 'AB', '123')],
    ['  m-xy9999 ', plate('M', 'XY', '9999')],
    ['HH AB-1234', plate('HH', 'AB', '1234')],
    ['B–AB 123', plate('B', 'AB', '123')], // en dash from autocorrect
    ['LÖ-A 1', plate('LÖ', 'A', '1')],
    ['lö a 1', plate('LÖ', 'A', '1')],
    ['TÖL AB 12', plate('TÖL', 'AB', '12')],
    // Full-width forms from an East Asian input method, and a no-break space pasted from a web page.
    ['Ｂ－ＡＢ　１２３', plate('B', 'AB', '123')],
    ['ｍü－ａｂ　１', plate('MÜ', 'AB', '1')],
    ['B\u00a0AB\u00a0123', plate('B', 'AB', '123')],
  ])('reads %j', (text, expected) => {
    expect(parsePlate(text)).toEqual(expected);
  });

  it('reads ASCII umlauts in the district when only the umlaut district exists', () => {
    expect(parsePlate('toel ab 12')).toEqual(plate('TÖL', 'AB', '12'));
    expect(parsePlate('TOELAB12')).toEqual(plate('TÖL', 'AB', '12'));
    expect(parsePlate('mue-a 1')).toEqual(plate('MÜ', 'A', '1'));
    expect(parsePlate('ueb x 7')).toEqual(plate('ÜB', 'X', '7'));
  });

  it('keeps the plain letters when they already form a district (OE Olpe, AE Vogtland, UE Uelzen)', () => {
    expect(parsePlate('OE-AB 1')).toEqual(plate('OE', 'AB', '1'));
    expect(parsePlate('ae x 12')).toEqual(plate('AE', 'X', '12'));
    expect(parsePlate('UEAB1')).toEqual(plate('UE', 'AB', '1'));
  });

  it('splits unseparated input at the longest known district leaving valid letters', () => {
    expect(parsePlate('BAB123')).toEqual(plate('BA', 'B', '123')); // BA (Bamberg) over B (Berlin)
    expect(parsePlate('MXY9999')).toEqual(plate('M', 'XY', '9999')); // MX, MXY unknown
    expect(parsePlate('HHAB1234')).toEqual(plate('HH', 'AB', '1234'));
    expect(parsePlate('SSS1')).toEqual(plate('S', 'SS', '1')); // shape only; the rules reject SS
  });

  it('honours the separator the shopper typed', () => {
    expect(parsePlate('B-AB123')).toEqual(plate('B', 'AB', '123'));
    expect(parsePlate('BA-B 123')).toEqual(plate('BA', 'B', '123'));
  });

  it('keeps a typed E or H after the digits', () => {
    expect(parsePlate('B-AB 123H')).toEqual({ ...plate('B', 'AB', '123'), suffix: 'H' });
    expect(parsePlate('m xy 99 e')).toEqual({ ...plate('M', 'XY', '99'), suffix: 'E' });
  });

  it.each([
    '',
    '   ',
    'B',
    'B-AB',
    '123',
    'B-AB 0123',
    'B-AB 12345',
    'B-ABC 1',
    'B-ÄB 1',
    'B-AB 12 34',
    'B-AB 12X',
    'B-AB 12HH',
    'ABCD-E 1',
    'B!AB 1',
    '<script>',
    'B-AB 1'.repeat(50),
  ])('gives null for %j', (text) => {
    expect(parsePlate(text)).toBeNull();
  });

  it('never throws on wrong types', () => {
    for (const value of [null, undefined, 42, {}, [], Symbol.for('x')]) {
      expect(parsePlate(value as unknown as string)).toBeNull();
    }
  });
});

const districts = listDistrictCodes();
const validPlate = fc
  .record({
    district: fc.constantFrom(...districts),
    letters: fc.stringMatching(/^[A-Z]{1,2}$/).filter((l) => !FORBIDDEN_LETTER_PAIRS.includes(l)),
    digits: fc.stringMatching(/^[1-9][0-9]{0,3}$/),
  })
  .filter((p) => p.district.length + p.letters.length + p.digits.length <= 8);

describe('parsePlate and formatPlate (properties)', () => {
  it('round-trips every valid registration: parse(format(x)) = x', () => {
    fc.assert(
      fc.property(validPlate, (p) => {
        expect(parsePlate(formatPlate(p))).toEqual(p);
      }),
      { numRuns: 2000 },
    );
  });

  it('reads the same registration however it is spaced and cased', () => {
    const sep = fc.constantFrom(' ', '-', ' - ', '  ');
    fc.assert(
      fc.property(validPlate, sep, sep, fc.boolean(), (p, a, b, lower) => {
        const typed = `${p.district}${a}${p.letters}${b}${p.digits}`;
        expect(parsePlate(lower ? typed.toLowerCase() : typed)).toEqual(p);
      }),
    );
  });

  it('accepts every generated valid registration', () => {
    fc.assert(
      fc.property(validPlate, (p) => {
        expect(validatePlate({ text: formatPlate(p) }).errors).toEqual([]);
      }),
      { numRuns: 1000 },
    );
  });

  it('never throws on arbitrary text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (s) => {
        const parsed = parsePlate(s);
        if (parsed) expect(parsePlate(formatPlate(parsed))).toEqual(parsed);
        const result = validatePlate({ text: s });
        expect(result.ok).toBe(result.errors.length === 0);
      }),
      { numRuns: 2000 },
    );
  });
});
