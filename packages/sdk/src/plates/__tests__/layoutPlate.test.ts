import { describe, expect, it } from 'vitest';
import { fitsSize } from '../fitsSize';
import { layoutPlate } from '../layoutPlate';
import type { Box, PlateLayout } from '../layoutTypes';
import { countPlaces } from '../placesCount';
import { PLATE_KINDS } from '../plateKinds';
import { PLATE_SIZES } from '../plateSizes';
import { suggestSize } from '../suggestSize';
import { validatePlate } from '../validatePlate';

const EPS = 1e-6;
const inside = (b: Box, f: Box) =>
  b.x >= f.x - EPS &&
  b.y >= f.y - EPS &&
  b.x + b.width <= f.x + f.width + EPS &&
  b.y + b.height <= f.y + f.height + EPS;

function expectInsideField(layout: PlateLayout) {
  for (const g of layout.glyphs) expect(inside(g, layout.field), `${g.char} at ${g.x}`).toBe(true);
  for (const s of layout.seals)
    expect(inside({ x: s.cx - s.r, y: s.cy - s.r, width: 2 * s.r, height: 2 * s.r }, layout.field)).toBe(
      true,
    );
  if (layout.season) expect(inside(layout.season, layout.field)).toBe(true);
  if (layout.band) expect(layout.band.x + layout.band.width).toBeLessThanOrEqual(layout.field.x + EPS);
}

// Widest letters and digits, every district length: the worst cases for each size.
const TEXTS = [
  'B-A 1',
  'M-XY 99',
  'HH-AB 123',
  'ABG-XY 12',
  'B-AB 1234',
  'WÜM-WW 888',
  'HH-WW 8888',
  'ABG-WW 8888',
];
const season = { start: 11, end: 3 };

describe('layoutPlate', () => {
  it('keeps every glyph, seal and season field inside the white field for every size and kind', () => {
    let checked = 0;
    for (const size of PLATE_SIZES) {
      for (const kind of PLATE_KINDS) {
        for (const text of TEXTS) {
          const layout = layoutPlate({ text, kind, season, size: size.id });
          expectInsideField(layout);
          const valid = validatePlate({ text, kind, season, size: size.id }).ok;
          if (valid) expect(layout.fits, `${text} ${kind} ${size.id}`).toBe(true);
          checked++;
        }
      }
    }
    expect(checked).toBe(15 * 6 * TEXTS.length);
  });

  it('places the parts of a registration in order: district, seals, letters, digits, E/H, season', () => {
    const layout = layoutPlate({ text: 'ABG-AB 12', kind: 'H+season', season, size: '520x110' });
    expect(layout.glyphs.map((g) => `${g.role}:${g.char}`)).toEqual([
      'district:A',
      'district:B',
      'district:G',
      'letters:A',
      'letters:B',
      'digits:1',
      'digits:2',
      'suffix:H',
    ]);
    const g3 = layout.glyphs[2] as Box;
    const l1 = layout.glyphs[3] as Box;
    expect(layout.seals.map((s) => s.kind)).toEqual(['inspection', 'registration']);
    for (const s of layout.seals) {
      expect(s.cx - s.r).toBeGreaterThanOrEqual(g3.x + g3.width);
      expect(s.cx + s.r).toBeLessThanOrEqual(l1.x);
    }
    const last = layout.glyphs[7] as Box;
    expect(layout.season).toMatchObject({ start: 11, end: 3 });
    expect(layout.season?.x).toBeGreaterThan(last.x + last.width);
    expect(layout.text).toBe('ABG-AB 12H');
  });

  it('uses 75 mm lettering and a 40 mm EU band on 520x110', () => {
    const layout = layoutPlate({ text: 'B-AB 123', kind: 'standard', size: '520x110' });
    expect(layout.glyphMm).toBe(75);
    expect(layout.band?.width).toBe(40);
    expect(layout.glyphs[0]?.strokeMm).toBe(10);
    expect(layout.fontWidth).toBe('standard');
  });

  it('puts the district on the first line of two-line sizes', () => {
    const layout = layoutPlate({ text: 'BAD-MW 12', kind: 'standard', size: '220x200' });
    const lines = new Set(layout.glyphs.map((g) => g.y));
    expect(lines.size).toBe(2);
    const top = Math.min(...lines);
    expect(layout.glyphs.filter((g) => g.y === top).map((g) => g.char)).toEqual(['B', 'A', 'D']);
    expect(layout.seals.every((s) => s.cy < top + layout.glyphMm)).toBe(true);
  });

  it('uses narrow lettering only on 520x110 and only when needed', () => {
    // Eight places take the narrow lettering (Engschrift) on 520x110; seven fit in standard width.
    const wide = layoutPlate({ text: 'WÜM-WW 888', kind: 'standard', size: '520x110' });
    expect(wide.fontWidth).toBe('narrow');
    expect(wide.fits).toBe(true);
    expect(layoutPlate({ text: 'WÜM-WW 8', kind: 'E+season', season, size: '520x110' }).fontWidth).toBe(
      'narrow',
    );
    expect(layoutPlate({ text: 'WÜM-WW 88', kind: 'standard', size: '520x110' }).fontWidth).toBe('standard');
    expect(layoutPlate({ text: 'B-AB 12', kind: 'E+season', season, size: '520x110' }).fontWidth).toBe(
      'standard',
    );
    for (const size of PLATE_SIZES.filter((s) => s.id !== '520x110')) {
      expect(layoutPlate({ text: 'WÜM-WW 8888', kind: 'E+season', season, size: size.id }).fontWidth).toBe(
        'standard',
      );
    }
  });

  it('squeezes text too long for a size and says so', () => {
    const layout = layoutPlate({ text: 'ABG-WW 8888', kind: 'standard', size: '180x200' });
    expect(layout.fits).toBe(false);
    expectInsideField(layout);
  });

  it('shows unfinished input and survives hostile input', () => {
    expect(
      layoutPlate({ text: 'b-a', kind: 'standard', size: '520x110' })
        .glyphs.map((g) => g.char)
        .join(''),
    ).toBe('BA');
    for (const text of ['', '<script>', 'x'.repeat(10_000), null, 42]) {
      const layout = layoutPlate({ text: text as string, kind: 'nope' as never, size: 'nope' as never });
      expect(layout.size).toBe('520x110');
      expectInsideField(layout);
      expect(layout.glyphs.every((g) => /^[A-ZÄÖÜ0-9-]$/u.test(g.char))).toBe(true);
    }
  });

  it('lays out free text without seals, centred and shrunk to fit', () => {
    for (const size of PLATE_SIZES) {
      const layout = layoutPlate({ text: 'ABCDEFGHIJKL', kind: 'standard', size: size.id, freeText: true });
      expect(layout.seals).toEqual([]);
      expect(layout.glyphs).toHaveLength(12);
      expectInsideField(layout);
    }
    const parking = layoutPlate({
      text: 'Privatparkplatz\nnur für Kunden',
      kind: 'standard',
      size: 'parkplatz',
    });
    expect(parking.band).toBeNull();
    expect(new Set(parking.glyphs.map((g) => g.y)).size).toBe(2);
    expect(parking.text).toBe('PRIVATPARKPLATZ\nNUR FÜR KUNDEN');
    expectInsideField(parking);
  });
});

describe('PLATE_SIZES', () => {
  it('lists the 15 sizes of the catalogue with true dimensions', () => {
    expect(PLATE_SIZES.map((s) => s.id)).toHaveLength(15);
    for (const s of PLATE_SIZES.filter((x) => x.id !== 'parkplatz'))
      expect(s.id).toBe(`${s.widthMm}x${s.heightMm}`);
    expect(PLATE_SIZES.filter((s) => s.fontWidth === 'narrow').map((s) => s.id)).toEqual(['520x110']);
    expect(PLATE_SIZES.filter((s) => s.heightMm === 200).every((s) => s.lines === 2)).toBe(true);
  });

  it('states each capacity as the layout computes it (worst-case standard registrations)', () => {
    for (const size of PLATE_SIZES.filter((s) => s.id !== 'parkplatz')) {
      let capacity = 8;
      for (let d = 1; d <= 3; d++)
        for (let l = 1; l <= 2; l++)
          for (let n = 1; n <= 4; n++) {
            const plate = {
              district: 'WÜM'.slice(0, d),
              letters: 'WW'.slice(0, l),
              digits: '8888'.slice(0, n),
            };
            const chars = countPlaces(plate, 'standard');
            if (chars <= 8 && !fitsSize(plate, 'standard', size)) capacity = Math.min(capacity, chars - 1);
          }
      expect({ size: size.id, capacity }).toEqual({ size: size.id, capacity: size.capacity });
    }
  });
});

describe('suggestSize', () => {
  it('suggests 520x110 for cars and 220x200 for motorcycles', () => {
    expect(suggestSize('B-AB 123', 'standard')).toBe('520x110');
    expect(suggestSize('ABG-XY 1234', 'standard')).toBe('520x110');
    expect(suggestSize('B-A 1', 'standard', { shape: 'motorcycle' })).toBe('220x200');
    expect(suggestSize('HH-AB 1234', 'standard', { shape: 'motorcycle' })).toBe('250x200');
    expect(suggestSize('nonsense', 'standard')).toBe('520x110');
  });

  it('finds the smallest size that fits', () => {
    expect(suggestSize('B-A 1', 'standard', { prefer: 'smallest' })).toBe('380x110');
    expect(suggestSize('M-XY 123', 'standard', { prefer: 'smallest' })).toBe('420x110');
    expect(suggestSize('M-XY 1234', 'standard', { prefer: 'smallest' })).toBe('520x110');
    expect(suggestSize('HH-AB 1234', 'standard', { prefer: 'smallest' })).toBe('520x110');
    expect(suggestSize('B-A 1', 'standard', { shape: 'motorcycle', prefer: 'smallest' })).toBe('180x200');
  });
});
