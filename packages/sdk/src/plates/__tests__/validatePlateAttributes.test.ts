import { describe, expect, it } from 'vitest';
import { validatePlateAttributes } from '../validatePlateAttributes';

describe('validatePlateAttributes (the API check on every cart line)', () => {
  it('applies the official rules to Auto and Motorrad lines', () => {
    expect(
      validatePlateAttributes('Auto', { Kennzeichen: 'B-AB 123', 'Kennzeichen-Art': 'Standard' }),
    ).toEqual({ ok: true, text: 'B-AB 123' });
    expect(
      validatePlateAttributes('Motorrad', { Kennzeichen: 'm xy 12', Kennzeichengröße: '220x200' }),
    ).toEqual({ ok: true, text: 'M-XY 12' });
    expect(validatePlateAttributes('Auto', { Kennzeichen: 'B-AB 0123' })).toEqual({
      ok: false,
      rule: 'leading-zero',
      message: 'Die Erkennungsnummer darf nicht mit 0 beginnen.',
    });
    expect(validatePlateAttributes('Auto', { Kennzeichen: 'B-SS 1' })).toMatchObject({
      ok: false,
      rule: 'forbidden-letters',
    });
    expect(validatePlateAttributes('Auto', {})).toMatchObject({ ok: false, rule: 'empty' });
  });

  it('reads the kind, the size and the season months', () => {
    const line = {
      Kennzeichen: 'B-AB 123',
      'Kennzeichen-Art': 'H-Saisonkennzeichen',
      'Saison-Start': '11',
      'Saison-Ende': '3',
    };
    expect(validatePlateAttributes('Auto', line)).toEqual({ ok: true, text: 'B-AB 123' });
    expect(validatePlateAttributes('Auto', { ...line, 'Saison-Ende': '11' })).toMatchObject({
      rule: 'season-span',
    });
    expect(validatePlateAttributes('Auto', { ...line, 'Saison-Ende': '13' })).toMatchObject({
      rule: 'season-month',
    });
    expect(validatePlateAttributes('Auto', { ...line, 'Saison-Ende': '' })).toMatchObject({
      rule: 'season-missing',
    });
    expect(validatePlateAttributes('Auto', { ...line, Kennzeichen: 'B-AB 1234' })).toMatchObject({
      rule: 'too-long',
    });
    expect(validatePlateAttributes('Auto', { ...line, 'Kennzeichen-Art': 'Kurzzeit' })).toMatchObject({
      rule: 'kind-unknown',
    });
    expect(
      validatePlateAttributes('Auto', { Kennzeichen: 'ABG-XY 12', Kennzeichengröße: '380x110' }),
    ).toMatchObject({
      rule: 'size-too-small',
    });
    expect(validatePlateAttributes('Auto', { Kennzeichen: 'B-A 1', Kennzeichengröße: '1x1' })).toMatchObject({
      rule: 'size-unknown',
    });
  });

  it('applies the free-text rules to Funschild and Parkplatzschild lines', () => {
    expect(validatePlateAttributes('Funschild', { Kennzeichen: 'Hallo Welt' })).toEqual({
      ok: true,
      text: 'HALLO WELT',
    });
    expect(validatePlateAttributes('Funschild', { Kennzeichen: 'ABCDEFGHIJKLM' })).toMatchObject({
      rule: 'free-text-too-long',
    });
    expect(validatePlateAttributes('Parkplatzschild', { Kennzeichen: 'PRIVAT\nNur Kunden' })).toEqual({
      ok: true,
      text: 'PRIVAT\nNUR KUNDEN',
    });
    expect(validatePlateAttributes('Parkplatzschild', { Kennzeichen: 'A\nB\nC' })).toMatchObject({
      rule: 'free-text-lines',
    });
    expect(validatePlateAttributes('Funschild', { Kennzeichen: '' })).toMatchObject({
      rule: 'free-text-empty',
    });
  });

  it('answers the text as it is pressed, however the shopper typed it', () => {
    const pressed = (type: string, Kennzeichen: string, kind = 'Standard') => {
      const check = validatePlateAttributes(type, { Kennzeichen, 'Kennzeichen-Art': kind });
      return check.ok ? check.text : check.rule;
    };
    expect(pressed('Auto', 'oehr ab 12')).toBe('ÖHR-AB 12');
    expect(pressed('Auto', ' mü  ab  1 ')).toBe('MÜ-AB 1');
    expect(pressed('Auto', 'B–AB 123')).toBe('B-AB 123');
    // Unseparated and ambiguous: the reading the print file uses (the shopper saw the warning).
    expect(pressed('Auto', 'BAB123')).toBe('BA-B 123');
    expect(pressed('Auto', 'b ab 123 h', 'H-Kennzeichen')).toBe('B-AB 123H');
    expect(pressed('Motorrad', 'tü x 9')).toBe('TÜ-X 9');
    expect(pressed('Funschild', '  Hallo   Welt ')).toBe('HALLO WELT');
    expect(validatePlateAttributes('Kennzeichenhalter', { Kennzeichen: 'egal' })).toEqual({ ok: true });
  });

  it('ignores other plate types and compares the type with its first space removed', () => {
    expect(validatePlateAttributes('Kennzeichenhalter', { Kennzeichen: '<script>' })).toEqual({ ok: true });
    expect(validatePlateAttributes('Zubehör', {})).toEqual({ ok: true });
    expect(validatePlateAttributes(' Auto', { Kennzeichen: 'B-AB 0123' })).toMatchObject({ ok: false });
    expect(validatePlateAttributes('Fun schild', { Kennzeichen: '###' })).toMatchObject({
      rule: 'free-text-characters',
    });
  });

  it('survives wrong types and hostile values', () => {
    expect(validatePlateAttributes('Auto', null as never)).toMatchObject({ ok: false, rule: 'empty' });
    expect(validatePlateAttributes('Auto', { Kennzeichen: 123 as unknown as string })).toMatchObject({
      ok: false,
      rule: 'format',
    });
    expect(validatePlateAttributes(undefined as never, { Kennzeichen: 'x' })).toEqual({ ok: true });
    const proto = JSON.parse('{"__proto__": {"Kennzeichen": "B-AB 1"}}');
    expect(validatePlateAttributes('Auto', proto)).toMatchObject({ ok: false, rule: 'empty' });
    const huge = validatePlateAttributes('Auto', { Kennzeichen: 'A'.repeat(1_000_000) });
    expect(huge).toMatchObject({ ok: false, rule: 'too-long' });
  });
});
