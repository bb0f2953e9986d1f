import { describe, expect, it } from 'vitest';
import { validateFreeText } from '../validateFreeText';

describe('validateFreeText', () => {
  it('accepts fun plate text up to 12 characters, upper-cased', () => {
    expect(validateFreeText('Fun-Car 1', 'fun')).toEqual({ ok: true, text: 'FUN-CAR 1', errors: [] });
    expect(validateFreeText('grüße ÄÖÜ', 'fun')).toMatchObject({
      ok: false,
      errors: [{ code: 'free-text-characters' }],
    });
    expect(validateFreeText('MÜLLER 2000', 'fun').ok).toBe(true);
    expect(validateFreeText('ABCDEFGHIJKL', 'fun').ok).toBe(true);
    expect(validateFreeText('ABCDEFGHIJKLM', 'fun').errors).toEqual([
      { code: 'free-text-too-long', message: 'Der Text ist zu lang: höchstens 12 Zeichen pro Zeile.' },
    ]);
  });

  it('accepts parking signs of two lines of 16', () => {
    expect(validateFreeText('Privatparkplatz\nNur für Kunden', 'parking')).toEqual({
      ok: true,
      text: 'PRIVATPARKPLATZ\nNUR FÜR KUNDEN',
      errors: [],
    });
    expect(validateFreeText('A\nB\nC', 'parking').errors[0]).toEqual({
      code: 'free-text-lines',
      message: 'Der Text darf höchstens 2 Zeilen haben.',
    });
    expect(validateFreeText('X'.repeat(17), 'parking').errors[0]?.code).toBe('free-text-too-long');
    expect(validateFreeText('ZWEI\nZEILEN', 'fun').errors[0]?.code).toBe('free-text-lines');
  });

  it('rejects empty, hostile and huge text with a message', () => {
    expect(validateFreeText('   ', 'fun').errors[0]).toEqual({
      code: 'free-text-empty',
      message: 'Bitte geben Sie einen Text ein.',
    });
    expect(validateFreeText('<svg onload=x>', 'fun').errors.map((e) => e.code)).toContain(
      'free-text-characters',
    );
    expect(validateFreeText('A'.repeat(100_000), 'parking').ok).toBe(false);
    expect(validateFreeText(null as never, 'fun').ok).toBe(false);
  });
});
