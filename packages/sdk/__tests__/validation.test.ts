import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ADDRESS_ADDITION_MAX,
  clampQuantity,
  isValidAddressAddition,
  isValidCity,
  isValidEmail,
  isValidHouseNumber,
  isValidName,
  isValidPhone,
  isValidPostcode,
  isValidQuantity,
  isValidStreet,
  lacksPostnummer,
} from '../src/validation/index';
import addresses from './data/germanAddresses.json';

const letter = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZäöüÄÖÜßéèêáàçñøłšžő');
const word = (extra = '') =>
  fc.string({ unit: fc.oneof(letter, fc.constantFrom(...(extra || 'a'))), minLength: 1, maxLength: 12 });
const words = (extra: string) =>
  fc
    .array(
      fc.tuple(letter, word(extra)).map(([first, rest]) => first + rest),
      { minLength: 1, maxLength: 4 },
    )
    .map((w) => w.join(' '));
const digits = (min: number, max: number) =>
  fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: min, maxLength: max });
const forbidden = fc.constantFrom('@', '_', '!', '<', '\u00d7', '\t', '\n', 'Д', '中', '😀');
const forbiddenInText = fc.oneof(forbidden, fc.constantFrom('1', '9'));

/** Inserts one forbidden character somewhere. */
const mutate = (valid: fc.Arbitrary<string>, bad = forbiddenInText) =>
  fc
    .tuple(valid, bad, fc.nat())
    .map(([s, bad, at]) => s.slice(0, at % (s.length + 1)) + bad + s.slice(at % (s.length + 1)));

describe('names (spec 5)', () => {
  it('accepts letters, umlauts, accents, apostrophes, hyphens and single spaces', () => {
    fc.assert(fc.property(words("'-"), (name) => isValidName(name) === true));
  });
  it('rejects a forbidden character, a double space, leading or trailing space', () => {
    fc.assert(fc.property(mutate(words("'-")), (name) => isValidName(name) === false));
    fc.assert(
      fc.property(words("'-"), words("'-"), (a, b) => {
        expect(isValidName(`${a}  ${b}`)).toBe(false);
        expect(isValidName(` ${a}`)).toBe(false);
        expect(isValidName(`${a} `)).toBe(false);
      }),
    );
  });
  it.each([
    ['Müller-Lüdenscheidt', true],
    ["O'Brien", true],
    // The typographic apostrophe phone and Mac keyboards type by default.
    ['O’Brien', true],
    ['D’Alessandro-Müller', true],
    ['José María', true],
    ['Zoë Bäßler', true],
    ['Łukasz Wójcik', true],
    // Buyers in Germany with Vietnamese and Romanian names (accents outside Latin-1 and Extended-A).
    ['Nguyễn Thị Hương', true],
    ['Ștefan Țurcanu', true],
    // Pasted in decomposed form (u + combining diaeresis): the same letters to the buyer.
    ['Mu\u0308ller-Lu\u0308denscheidt', true],
    ['\u01c0\u01c3', false],
    ['Max  Mustermann', false],
    ['Max3', false],
    ['', false],
    ["'-'", false],
    ['<script>', false],
  ])('%s -> %s', (name, ok) => expect(isValidName(name)).toBe(ok));
});

describe('cities and streets (spec 5 as the floor, real German forms on top: issue 13)', () => {
  it('cities: letters, umlauts, ß, hyphen, single spaces', () => {
    fc.assert(fc.property(words('-'), (city) => isValidCity(city) === true));
    fc.assert(fc.property(mutate(words('-')), (city) => isValidCity(city) === false));
  });
  it.each([
    ['Garmisch-Partenkirchen', true],
    ['Frankfurt am Main', true],
    ['Gießen', true],
    ['Köln', true],
    ['St. Ingbert', true],
    ['Frankfurt (Oder)', true],
    ['Halle (Saale)', true],
    ["Val d'Isère", true],
    ['\u0308Weißenfels', false],
    ['Mu\u0308lheim an der Ruhr', true],
    ['Berlin 10', false],
    ['Berlin  Mitte', false],
  ])('city %s -> %s', (city, ok) => expect(isValidCity(city)).toBe(ok));

  it('streets: letters, umlauts, ß, spaces, dots and hyphens', () => {
    fc.assert(fc.property(words('.-'), (street) => isValidStreet(street) === true));
    // Digits are part of real streets ("Am 1. Mai"), so only the other forbidden characters are inserted here.
    fc.assert(fc.property(mutate(words('.-'), forbidden), (street) => isValidStreet(street) === false));
  });
  it.each([
    ['Straße', true],
    ['Hauptstraße', true],
    ['Dr.-Otto-Str.', true],
    ['Unter den Linden', true],
    ['Am Mühlbach', true],
    ['Straße des 17. Juni', true],
    ['Am 1. Ma\u0308rz', true],
    ['Am 1. Mai', true],
    ['.Weg', false],
    ['Weg ', false],
    ['12', false],
  ])('street %s -> %s', (street, ok) => expect(isValidStreet(street)).toBe(ok));

  it(`accepts all ${addresses.streets.length} real streets and ${addresses.cities.length} real places of the list`, () => {
    expect(addresses.streets.length + addresses.cities.length).toBeGreaterThanOrEqual(50);
    expect(addresses.streets.filter((street) => !isValidStreet(street))).toEqual([]);
    expect(addresses.cities.filter((city) => !isValidCity(city))).toEqual([]);
  });

  it('cities with a number are refused, streets with one are not', () => {
    expect(addresses.streets.filter((street) => /\d/.test(street)).length).toBeGreaterThan(5);
    expect(isValidCity('Halle 2')).toBe(false);
    expect(isValidCity('Frankfurt (Oder 2)')).toBe(false);
  });

  const hostile = [
    ...addresses.hostile,
    'Berlin\u0000',
    'Straße\ndes 17. Juni',
    'Köln\t',
    'Weg\u007f',
    '\uD800Berlin',
    'Halle (Saale\uDC00)',
    'Am 1. Mai\uDBFF',
    `${'Straße des 17. Juni '.repeat(6)}Weg`,
    `${'a'.repeat(101)}`,
    'a'.repeat(100_000),
    `${'a.'.repeat(60)}b`,
  ];
  it.each(hostile.map((value) => [JSON.stringify(value).slice(0, 60), value]))(
    'refuses %s as street and city',
    (_label, value) => {
      expect(isValidStreet(value)).toBe(false);
      expect(isValidCity(value)).toBe(false);
    },
  );

  it('refuses wrong types', () => {
    for (const value of [undefined, null, 17, {}, ['Weg'], true]) {
      expect(isValidStreet(value)).toBe(false);
      expect(isValidCity(value)).toBe(false);
    }
  });

  it('answers fast on long hostile input (no catastrophic backtracking)', () => {
    const evil = [`${'a'.repeat(99)}!`, `${'a-'.repeat(49)}!`, `${"a'".repeat(49)}!`, `${'a. '.repeat(33)}!`];
    const started = performance.now();
    for (let i = 0; i < 200; i++) for (const value of evil) isValidStreet(value) || isValidCity(value);
    expect(performance.now() - started).toBeLessThan(500);
  });
});

describe('address additions (Adresszusatz, session 17)', () => {
  it.each([
    'c/o Familie Weber',
    'c/o Müller & Söhne GmbH',
    'Postnummer 123456',
    'Postnummer: 1234567890',
    '1234567890',
    '3. OG',
    '3. OG links',
    'Abteilung Einkauf',
    'Hinterhaus, Whg. 4',
    'Gebäude B (Anlieferung Tor 2)',
    "Bei O'Brien",
    'Bei D’Angelo',
    'Zimmer 12/3',
    'App.-Nr. 5',
    'Büro 4-12',
    'Pförtner',
    'Postfiliale 512 - Postnummer 98765432',
  ])('accepts %s', (value) => {
    expect(isValidAddressAddition(value)).toBe(true);
  });

  it('reads the value composed and keeps within the limit', () => {
    expect(isValidAddressAddition('c/o Familie Mu\u0308ller')).toBe(true);
    expect(isValidAddressAddition(`c/o ${'a'.repeat(ADDRESS_ADDITION_MAX - 4)}`)).toBe(true);
    expect(isValidAddressAddition(`c/o ${'a'.repeat(ADDRESS_ADDITION_MAX - 3)}`)).toBe(false);
    expect(isValidAddressAddition('x'.repeat(100_000))).toBe(false);
  });

  it.each([
    ['empty', ''],
    ['a blank', ' '],
    ['a leading space', ' 3. OG'],
    ['a trailing space', '3. OG '],
    ['markup', '<b>3. OG</b>'],
    ['a script', '"><script>alert(1)</script>'],
    ['quotes', '„Packstation“'],
    ['a semicolon', 'OG; DROP TABLE orders'],
    ['a tab', '3.\tOG'],
    ['a new line', 'c/o Weber\nBerlin'],
    ['a NUL', 'c/o\u0000Weber'],
    ['a lone surrogate', 'c/o \ud800'],
    ['another script', 'c/o Иванов'],
    ['an emoji', '3. OG 😀'],
    ['punctuation first', '-3. OG'],
    ['a trailing hyphen', 'Tor 2 -'],
  ])('refuses %s', (_label, value) => {
    expect(isValidAddressAddition(value)).toBe(false);
  });

  it('refuses wrong types and answers fast on long hostile input', () => {
    for (const value of [undefined, null, 17, {}, ['3. OG'], true])
      expect(isValidAddressAddition(value)).toBe(false);
    const evil = [`${'a'.repeat(59)}!`, `${'a,'.repeat(29)}!`, `${'('.repeat(59)}`, `a${' '.repeat(58)}!`];
    const started = performance.now();
    for (let i = 0; i < 2000; i++) for (const value of evil) isValidAddressAddition(value);
    expect(performance.now() - started).toBeLessThan(500);
  });
});

describe('Packstation and Postfiliale need the DHL Postnummer in the addition (session 17)', () => {
  it.each([
    [{ street: 'Packstation' }, true],
    [{ street: 'Packstation', street2: '' }, true],
    [{ street: ' packstation ', street2: 'Lena' }, true],
    [{ street: 'DHL-Packstation', street2: 'Postnummer 12345' }, true],
    [{ street: 'Postfiliale', street2: 'Nr. 12345678901' }, true],
    [{ street: 'Packstation', street2: 'Postnummer 123456' }, false],
    [{ street: 'Packstation', street2: '1234567890' }, false],
    [{ street: 'DHL Postfiliale', street2: 'c/o Weber, 87654321' }, false],
    [{ street: 'Packstationsweg' }, false],
    [{ street: 'Hauptstraße' }, false],
    [{}, false],
    [{ street: 17, street2: 3 }, false],
  ])('%j: %s', (address, lacks) => {
    expect(lacksPostnummer(address)).toBe(lacks);
  });
});

describe('house numbers, postcodes, phones (spec 5)', () => {
  const houseNumber = fc
    .tuple(
      digits(1, 5),
      fc.option(letter.filter((c) => /[a-z]/i.test(c))),
      fc.option(fc.tuple(fc.constantFrom('/', '-'), digits(1, 5))),
    )
    .map(([d, l, rest]) => d + (l ?? '') + (rest ? rest[0] + rest[1] : ''));
  it('house numbers: 1-5 digits, letter, / or - separator, up to 5 digits and a letter', () => {
    fc.assert(fc.property(houseNumber, (n) => isValidHouseNumber(n) === true));
    fc.assert(fc.property(mutate(houseNumber, forbidden), (n) => isValidHouseNumber(n) === false));
  });
  it.each([
    ['12', true],
    ['12a', true],
    ['12/14', true],
    ['12-14b', true],
    ['99999', true],
    ['123456', false],
    ['a12', false],
    ['12ab', false],
    ['12 a', false],
    ['12/', false],
    ['12/14/16', false],
  ])('house number %s -> %s', (n, ok) => expect(isValidHouseNumber(n)).toBe(ok));

  it('postcodes are exactly 5 digits', () => {
    fc.assert(fc.property(digits(5, 5), (p) => isValidPostcode(p) === true));
    fc.assert(fc.property(fc.oneof(digits(0, 4), digits(6, 9)), (p) => isValidPostcode(p) === false));
    for (const [p, ok] of [
      ['01067', true],
      ['10115', true],
      ['1067', false],
      ['10115a', false],
      [' 10115', false],
    ] as const) {
      expect(isValidPostcode(p)).toBe(ok);
    }
  });

  it("phones are '+49 ' then 9-14 digits", () => {
    fc.assert(fc.property(digits(9, 14), (d) => isValidPhone(`+49 ${d}`) === true));
    fc.assert(fc.property(fc.oneof(digits(0, 8), digits(15, 20)), (d) => isValidPhone(`+49 ${d}`) === false));
    fc.assert(
      fc.property(
        mutate(
          digits(9, 14).map((d) => `+49 ${d}`),
          forbidden,
        ),
        (p) => isValidPhone(p) === false,
      ),
    );
    for (const [p, ok] of [
      ['+49 3012345678', true],
      ['+49 15112345678', true],
      ['+493012345678', false],
      ['+49 30 12345678', false],
      ['030 12345678', false],
      ['+43 3012345678', false],
    ] as const) {
      expect(isValidPhone(p)).toBe(ok);
    }
  });
});

describe('emails (spec 5)', () => {
  it('accepts generated addresses and rejects double dots and short TLDs', () => {
    const atom = fc.string({ unit: fc.constantFrom(...'abcxyz019_+-'), minLength: 1, maxLength: 10 });
    const label = fc.string({ unit: fc.constantFrom(...'abcxyz019'), minLength: 1, maxLength: 10 });
    const tld = fc.string({ unit: fc.constantFrom(...'abcdez'), minLength: 2, maxLength: 6 });
    const email = fc.tuple(atom, atom, label, tld).map(([a, b, d, t]) => `${a}.${b}@${d}.${t}`);
    fc.assert(fc.property(email, (e) => isValidEmail(e) === true));
    fc.assert(fc.property(email, (e) => isValidEmail(e.replace('.', '..')) === false));
    fc.assert(fc.property(email, (e) => isValidEmail(e.replace(/\.[a-z]+$/, '.d')) === false));
  });
  it.each([
    ['max.mustermann@example.de', true],
    ['anna+shop@mail.example.com', true],
    ['max..mustermann@example.de', false],
    ['.max@example.de', false],
    ['max@example', false],
    ['max@example.d', false],
    ['max@@example.de', false],
    ['max mustermann@example.de', false],
    [`${'a'.repeat(250)}@example.de`, false],
    // Internationalised domains as typed (the mail transport sends to the punycode form) and in punycode.
    ['info@müller.de', true],
    ['juergen@bäckerei-weiß.de', true],
    ['Max@Müller.DE', true],
    ['info@xn--mller-kva.de', true],
    ['max+shop@example.versicherung', true],
    ['info@-müller.de', false],
    ['info@müller.d', false],
    ['info@müller.de1', false],
    ['info@ü.€', false],
  ])('%s -> %s', (e, ok) => expect(isValidEmail(e)).toBe(ok));
});

describe('quantities (spec 5)', () => {
  it('never go below the minimum, which is at least 1', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1000, max: 1000 }), fc.integer({ min: -10, max: 50 }), (q, min) => {
        const result = clampQuantity(q, min);
        expect(result).toBeGreaterThanOrEqual(Math.max(1, min));
        expect(result).toBe(Math.max(q, Math.max(1, min)));
        expect(isValidQuantity(result, min)).toBe(true);
      }),
    );
  });
  it.each([
    [0, 1, 1],
    [3, 5, 5],
    [7.9, 2, 7],
    [-4, 0, 1],
    [Number.NaN, 2, 2],
    [Number.POSITIVE_INFINITY, 1, 1],
  ])('clampQuantity(%s, %s) = %s', (q, min, expected) => expect(clampQuantity(q, min)).toBe(expected));
  it('isValidQuantity rejects fractions, zero and wrong types', () => {
    expect(isValidQuantity(1.5)).toBe(false);
    expect(isValidQuantity(0)).toBe(false);
    expect(isValidQuantity('2')).toBe(false);
    expect(isValidQuantity(2, 3)).toBe(false);
    expect(isValidQuantity(3, 3)).toBe(true);
  });
});

describe('hostile and wrong-typed input', () => {
  const all = [
    isValidEmail,
    isValidName,
    isValidCity,
    isValidStreet,
    isValidHouseNumber,
    isValidPostcode,
    isValidPhone,
  ];
  it.each([null, undefined, 42, {}, [], 'a'.repeat(100_000), `${'a '.repeat(5000)}!`])(
    '%s is never valid and never throws',
    (value) => {
      for (const check of all) expect(check(value)).toBe(false);
    },
  );
});
