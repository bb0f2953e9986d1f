import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AddressSchema, AttributesInputSchema } from '../src/contract/schemas/cartSchemas';
import { Text } from '../src/contract/schemas/primitives';
import {
  MULTI_LINE_PATTERN,
  SINGLE_LINE_PATTERN,
  asOneLine,
  isSingleLineText,
} from '../src/validation/index';

/** Session 22: what a single-line field refuses besides C0 controls (line breaks, bidi controls, C1). */
const INVISIBLE: [string, string][] = [
  ['LINE SEPARATOR', '\u2028'],
  ['PARAGRAPH SEPARATOR', '\u2029'],
  ['LEFT-TO-RIGHT EMBEDDING', '\u202A'],
  ['RIGHT-TO-LEFT EMBEDDING', '\u202B'],
  ['POP DIRECTIONAL FORMATTING', '\u202C'],
  ['LEFT-TO-RIGHT OVERRIDE', '\u202D'],
  ['RIGHT-TO-LEFT OVERRIDE', '\u202E'],
  ['LEFT-TO-RIGHT ISOLATE', '\u2066'],
  ['RIGHT-TO-LEFT ISOLATE', '\u2067'],
  ['FIRST STRONG ISOLATE', '\u2068'],
  ['POP DIRECTIONAL ISOLATE', '\u2069'],
  ['NEXT LINE (C1)', '\u0085'],
  ['CONTROL SEQUENCE INTRODUCER (C1)', '\u009B'],
  ['DELETE', '\u007F'],
];

/** What people really type in a company or a name, other scripts included: the bidi algorithm orders them. */
const TYPED = [
  'Müller & Söhne GmbH',
  'Kennzeichen-Profi GmbH (Beispielunternehmen)',
  'شركة الأمل للتجارة', // Arabic
  'מוסך כהן בע״מ', // Hebrew
  'Autohaus אביב GmbH', // Hebrew inside a German name
  'می‌خواهم', // Persian with a ZERO WIDTH NON-JOINER
  'क्‍ष', // Devanagari with a ZERO WIDTH JOINER
  '👨‍👩‍👧 Family Cars', // an emoji sequence joined by ZWJ
  'Firma\u200F GmbH', // a RIGHT-TO-LEFT MARK: a mark, not an embedding; it reorders nothing but neutrals
  'O’Brien Ltd.',
];

/** The API's single-line rule as Ajv runs it (patterns with the `u` flag). */
const apiSingleLine = new RegExp(Text(100).pattern as string, 'u');

describe('isSingleLineText (session 22)', () => {
  it.each(TYPED)('takes %s', (text) => {
    expect(isSingleLineText(text)).toBe(true);
    expect(apiSingleLine.test(text)).toBe(true);
  });

  it.each(INVISIBLE)('refuses a %s inside, at the start and at the end', (_name, char) => {
    for (const text of [`Müller${char}GmbH`, `${char}Müller GmbH`, `Müller GmbH${char}`, char]) {
      expect(isSingleLineText(text)).toBe(false);
      expect(apiSingleLine.test(text)).toBe(false);
    }
  });

  it('refuses C0 controls, line feeds and lone surrogates, as before, and every non-string', () => {
    for (const text of ['a\u0000b', 'a\nb', 'a\rb', 'a\tb', '\u001b[31m', 'a\ud800', '\udc00b']) {
      expect(isSingleLineText(text)).toBe(false);
    }
    for (const value of [undefined, null, 1, true, ['a'], { a: 1 }])
      expect(isSingleLineText(value)).toBe(false);
    expect(isSingleLineText('')).toBe(true);
  });

  it('is the rule of the contract: the form and the API agree on every string', () => {
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.oneof(
            fc.constantFrom(...'aÄ ß-', ...INVISIBLE.map(([, c]) => c), '\u200D', '\u200F', '\n', '\ud800'),
            fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
          ),
          maxLength: 12,
        }),
        (text) => isSingleLineText(text) === apiSingleLine.test(text),
      ),
    );
    expect(Text(100).pattern).toBe(SINGLE_LINE_PATTERN);
    expect((AddressSchema.properties.company as unknown as { pattern: string }).pattern).toBe(
      SINGLE_LINE_PATTERN,
    );
  });

  it('lets a cart line attribute hold line feeds, not the other line breaks or bidi controls', () => {
    const values = AttributesInputSchema as unknown as {
      additionalProperties: { pattern: string };
      propertyNames: { pattern: string };
    };
    expect(values.additionalProperties.pattern).toBe(MULTI_LINE_PATTERN);
    expect(values.propertyNames.pattern).toBe(SINGLE_LINE_PATTERN);
    const multi = new RegExp(MULTI_LINE_PATTERN, 'u');
    expect(multi.test('PRIVAT\nNur Kunden')).toBe(true);
    for (const [, char] of INVISIBLE) expect(multi.test(`PRIVAT${char}Nur Kunden`)).toBe(false);
  });
});

describe('asOneLine (session 22)', () => {
  it('makes line breaks and controls the spaces a field shows and leaves out bidi controls', () => {
    expect(asOneLine('Erika\u2028Muster\u0085frau\u2029')).toBe('Erika Muster frau ');
    expect(asOneLine('\u2066Müller GmbH\u2069')).toBe('Müller GmbH');
    expect(asOneLine('\u202Eevil\u202C 😀 a\ud800')).toBe('evil 😀 a');
    for (const text of TYPED) expect(asOneLine(text)).toBe(text);
  });

  it('always gives a single line', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 20 }), (text) => isSingleLineText(asOneLine(text))),
    );
  });
});
