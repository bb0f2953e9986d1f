import { describe, expect, it } from 'vitest';
import {
  clampPlateQuantity,
  findVariant,
  offeredSizes,
  parseKind,
  parseSize,
  unitPrice,
} from '../configuration';
import { plateProduct } from './productFixture';

describe('reading attribute and URL values', () => {
  it('accepts kind ids, Kennzeichen-Art values and German short forms', () => {
    expect(parseKind('E')).toBe('E');
    expect(parseKind('season')).toBe('season');
    expect(parseKind('Saison')).toBe('season');
    expect(parseKind('h+saison')).toBe('H+season');
    expect(parseKind('E-Kennzeichen')).toBe('E');
    expect(parseKind('H-Saisonkennzeichen')).toBe('H+season');
  });

  it('answers null for empty, unknown and hostile values', () => {
    for (const value of [null, undefined, '', 'X', '<script>', 'E'.repeat(100_000)])
      expect(parseKind(value)).toBeNull();
    expect(parseSize('999x1')).toBeNull();
    expect(parseSize('"><img>')).toBeNull();
    expect(parseSize(' 520 x 110 ')).toBe('520x110');
    expect(parseSize('Parkplatz')).toBe('parkplatz');
  });

  it('keeps quantities whole and within 1..99', () => {
    expect(clampPlateQuantity(Number.NaN)).toBe(1);
    expect(clampPlateQuantity(0)).toBe(1);
    expect(clampPlateQuantity(2.6)).toBe(3);
    expect(clampPlateQuantity(1e9)).toBe(99);
    expect(clampPlateQuantity(1, 3)).toBe(3);
  });
});

describe('variants and prices', () => {
  const product = plateProduct({ price: 12.9 });

  it('finds the variant of (Kennzeichen-Art, Kennzeichengröße)', () => {
    expect(findVariant(product, 'H+season', '460x110')?.UniqueId).toBe('KFZ-001-460x110-HSAI');
    expect(findVariant(product, 'standard', '180x200')).toBeNull();
  });

  it("takes the variant's server price, else the product's", () => {
    expect(unitPrice(product, findVariant(product, 'season', '520x110'))).toBe(14.9);
    expect(unitPrice(product, null)).toBe(12.9);
  });

  it('lists the sizes the product is made in', () => {
    expect([...offeredSizes(product)].sort()).toEqual(['340x200', '420x110', '460x110', '520x110']);
    expect(offeredSizes(null).size).toBe(15);
  });

  it('offers a product without variants only its own size, and every size when it names none', () => {
    const bobbycar = {
      ...product,
      Variants: [],
      Attributes: { ...product.Attributes, Kennzeichengröße: '240x130' },
    };
    expect([...offeredSizes(bobbycar)]).toEqual(['240x130']);
    const unsized = { ...product, Variants: [], Attributes: { Kennzeichentyp: 'Funschild' } };
    expect(offeredSizes(unsized).size).toBe(15);
  });
});
