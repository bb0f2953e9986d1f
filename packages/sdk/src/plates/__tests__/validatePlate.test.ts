import { describe, expect, it } from 'vitest';
import type { PlateKind } from '../types';
import { validatePlate } from '../validatePlate';

const codes = (
  text: string,
  extra: Parameters<typeof validatePlate>[0] extends infer T ? Partial<T> : never = {},
) => validatePlate({ text, ...extra }).errors.map((e) => e.code);

describe('validatePlate: valid registrations', () => {
  it.each([
    'B-AB 123',
    'M-XY 9999',
    'HH-AB 1234',
    'TÖL-AB 123',
    'LÖ-AB 1234',
    'ÜB-A 1',
    'K-A 1',
    'ABG-XY 999',
  ])('accepts %j', (text) => {
    const result = validatePlate({ text });
    expect(result).toMatchObject({ ok: true, errors: [] });
    expect(result.plate).not.toBeNull();
  });
});

describe('validatePlate: each rule with its German message', () => {
  it('rejects a leading zero', () => {
    expect(validatePlate({ text: 'B-AB 0123' }).errors).toEqual([
      { code: 'leading-zero', message: 'Die Erkennungsnummer darf nicht mit 0 beginnen.' },
    ]);
  });

  it('rejects unknown districts, naming them', () => {
    expect(validatePlate({ text: 'XY-AB 12' }).errors).toEqual([
      { code: 'unknown-district', message: 'Unbekanntes Unterscheidungszeichen „XY“.' },
    ]);
    expect(codes('TOL-AB 1')).toEqual(['unknown-district']);
    expect(codes('XOE-A 1')).toEqual(['unknown-district']);
    expect(codes('LOEB-A 1')).toEqual([]); // LÖB (Löbau) exists
  });

  it.each(['HJ', 'KZ', 'NS', 'SA', 'SS'])('rejects the letter pair %s everywhere', (pair) => {
    expect(validatePlate({ text: `M-${pair} 123` }).errors).toEqual([
      { code: 'forbidden-letters', message: `Die Buchstabenkombination „${pair}“ ist nicht zulässig.` },
    ]);
    expect(codes(`m ${pair.toLowerCase()}123`)).toContain('forbidden-letters');
  });

  it('rejects more than 8 characters', () => {
    expect(validatePlate({ text: 'ABG-XY 1234' }).errors).toEqual([
      {
        code: 'too-long',
        message: 'Das Kennzeichen ist zu lang: höchstens 8 Zeichen (E/H und Saisonfeld zählen mit).',
      },
    ]);
  });

  it('rejects umlauts, too many letters and missing parts', () => {
    expect(codes('B-ÄB 1')).toEqual(['letters-umlaut']);
    expect(codes('B-ABC 1')).toEqual(['letters-too-many']);
    expect(codes('B 123')).toEqual(['letters-missing']);
    expect(codes('B-AB')).toEqual(['digits-missing']);
    expect(codes('B-AB 12345')).toEqual(['digits-too-many']);
    expect(codes('123')).toEqual(['format']);
    expect(codes('B-AB 12 34')).toEqual(['format']);
  });

  it('explains empty and hostile input', () => {
    expect(codes('')).toEqual(['empty']);
    expect(codes('   -  ')).toEqual(['empty']);
    expect(validatePlate({ text: '<img src=x>' }).errors[0]).toMatchObject({ code: 'invalid-characters' });
    expect(validatePlate({ text: 'B-AB 1ß' }).errors[0]?.message).toContain('„ß“');
    expect(codes('B-AB 123'.repeat(1000))).toEqual(['too-long']);
    for (const text of [null, undefined, 5, {}, []]) {
      expect(validatePlate({ text: text as unknown as string }).ok).toBe(false);
    }
    expect(validatePlate(undefined as never).errors[0]?.code).toBe('empty');
    expect(codes('B-AB 1', { kind: 'Oldtimer' as PlateKind })).toEqual(['kind-unknown']);
  });
});

describe('validatePlate: the 8-place rule with E/H and the season field', () => {
  it('counts E or H as one place', () => {
    expect(validatePlate({ text: 'B-AB 1234', kind: 'H' }).ok).toBe(true); // 7 + H = 8
    expect(codes('HH-AB 1234', { kind: 'E' })).toEqual(['too-long']); // 8 + E = 9
    expect(validatePlate({ text: 'HH-AB 123', kind: 'E' }).ok).toBe(true);
  });

  it('counts the season field on 110 and 130 mm high plates', () => {
    const season = { start: 4, end: 10 };
    expect(validatePlate({ text: 'B-AB 1234', kind: 'season', season }).ok).toBe(true); // 7 + field
    expect(codes('HH-AB 1234', { kind: 'season', season })).toEqual(['too-long']);
    expect(codes('HH-AB 1234', { kind: 'season', season, size: '520x110' })).toEqual(['too-long']);
    expect(codes('B-AB 1234', { kind: 'H+season', season })).toEqual(['too-long']); // 7 + H + field
    expect(validatePlate({ text: 'B-AB 123', kind: 'H+season', season }).ok).toBe(true);
    expect(codes('HH-AB 1234', { kind: 'season', season, size: '240x130' })).toEqual(['too-long']);
  });

  it('does not count the season field on 200 mm high plates (it sits beside the second line)', () => {
    const season = { start: 4, end: 10 };
    expect(codes('HH-AB 123', { kind: 'season', season, size: '340x200' })).toEqual([]);
  });

  it('demands the E or H the shopper typed match the kind', () => {
    expect(codes('B-AB 123H')).toEqual(['suffix-mismatch']);
    expect(validatePlate({ text: 'B-AB 123H', kind: 'H' }).ok).toBe(true);
    expect(codes('B-AB 123E', { kind: 'H' })).toEqual(['suffix-mismatch']);
  });
});

describe('validatePlate: sizes', () => {
  it('checks the registration fits the chosen size', () => {
    expect(validatePlate({ text: 'B-AB 123', size: '520x110' }).ok).toBe(true);
    expect(codes('ABG-XY 123', { size: '380x110' })).toEqual(['size-too-small']);
    expect(validatePlate({ text: 'ABG-XY 123', size: '380x110' }).errors[0]?.message).toBe(
      'Das Kennzeichen passt nicht auf die Größe 380 × 110 mm. Bitte wählen Sie ein größeres Schild.',
    );
    expect(codes('B-AB 1', { size: '999x1' })).toEqual(['size-unknown']);
    expect(codes('B-AB 1', { size: 'parkplatz' })).toEqual(['size-not-official']);
  });
});

describe('validatePlate: warnings', () => {
  it('warns about regional bans without blocking', () => {
    for (const text of ['N-PD 1', 'B-AH 18', 'M-HH 88', 'HH-A 88', 'K-SD 1', 'S-SB 1']) {
      const result = validatePlate({ text });
      expect(result.ok).toBe(true);
      expect(result.warnings.map((w) => w.code)).toContain('regional-ban');
    }
    expect(validatePlate({ text: 'N-PD 1' }).warnings[0]?.message).toBe(
      'Die Kombination „N-PD“ wird von vielen Zulassungsstellen nicht vergeben. Bitte fragen Sie vorher bei Ihrer Zulassungsstelle nach.',
    );
    expect(validatePlate({ text: 'B-AH 19' }).warnings).toEqual([]);
  });

  it('warns about federal codes and guessed splits', () => {
    expect(validatePlate({ text: 'Y-AB 1' }).warnings.map((w) => w.code)).toEqual(['federal-district']);
    const guessed = validatePlate({ text: 'BAB123' });
    expect(guessed.plate).toEqual({ district: 'BA', letters: 'B', digits: '123' });
    expect(guessed.warnings[0]).toEqual({
      code: 'ambiguous-split',
      message:
        'Ihre Eingabe ist mehrdeutig; wir lesen „BA-B 123“. Meinen Sie „B-AB 123“, trennen Sie bitte mit Bindestrich.',
    });
    expect(validatePlate({ text: 'B-AB 123' }).warnings).toEqual([]);
  });
});
