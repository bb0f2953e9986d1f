import { describe, expect, it } from 'vitest';
import { parseMonth, seasonMonths, validateSeason } from '../season';
import { validatePlate } from '../validatePlate';

describe('season rules', () => {
  it('counts months inclusively and across the new year', () => {
    expect(seasonMonths({ start: 4, end: 10 })).toBe(7);
    expect(seasonMonths({ start: 11, end: 3 })).toBe(5);
    expect(seasonMonths({ start: 12, end: 1 })).toBe(2);
    expect(seasonMonths({ start: 3, end: 1 })).toBe(11);
  });

  it('accepts 2 to 11 months, wrap-around included', () => {
    expect(validateSeason({ start: 11, end: 3 })).toEqual([]);
    expect(validateSeason({ start: 1, end: 2 })).toEqual([]);
    expect(validateSeason({ start: 2, end: 12 })).toEqual([]);
    expect(validateSeason({ start: 12, end: 1 })).toEqual([]);
  });

  it('rejects one month and twelve months with the span in the message', () => {
    expect(validateSeason({ start: 5, end: 5 })).toEqual([
      {
        code: 'season-span',
        message: 'Die Saison muss mindestens 2 und höchstens 11 Monate dauern (gewählt: 1 Monat).',
      },
    ]);
    expect(validateSeason({ start: 1, end: 12 })[0]?.message).toContain('(gewählt: 12 Monate)');
    expect(validateSeason({ start: 4, end: 3 })[0]?.code).toBe('season-span');
  });

  it('asks for missing months and rejects impossible ones', () => {
    expect(validateSeason(undefined)[0]?.code).toBe('season-missing');
    expect(validateSeason({ start: 4 })[0]?.code).toBe('season-missing');
    for (const bad of [0, 13, 4.5, Number.NaN, -1])
      expect(validateSeason({ start: bad, end: 10 })[0]?.code).toBe('season-month');
    expect(validateSeason({ start: '4' as unknown as number, end: 10 })[0]?.code).toBe('season-month');
  });

  it('is required for seasonal kinds and ignored for the others', () => {
    expect(validatePlate({ text: 'B-AB 123', kind: 'season' }).errors.map((e) => e.code)).toEqual([
      'season-missing',
    ]);
    expect(validatePlate({ text: 'B-AB 123', kind: 'E+season', season: { start: 11, end: 3 } }).ok).toBe(
      true,
    );
    expect(validatePlate({ text: 'B-AB 123', kind: 'H', season: { start: 5, end: 5 } }).ok).toBe(true);
  });

  it('reads month attributes', () => {
    expect(parseMonth('4')).toBe(4);
    expect(parseMonth(' 04 ')).toBe(4);
    expect(parseMonth('12')).toBe(12);
    for (const bad of ['0', '13', 'Mai', '', '4.5', '1e1', undefined, null])
      expect(parseMonth(bad)).toBeUndefined();
  });
});
