// The seed's catalogue: the company, its categories, the plates and the other products. (Split from seedData.test.ts
// in session 22.)
import type { Product } from '@lp/sdk/contract';
import { HIDDEN_CATEGORY_ID, MAIN_CATEGORY_ID, PLATE_TYPES } from '@lp/sdk/contract';
import { validatePlateAttributes } from '@lp/sdk/plates';
import { describe, expect, it } from 'vitest';
import { seedData } from '../src/seed/data/index';
import { allVariants, byCode, categories, products } from './support/seedCatalogue';

const SIZE_IDS = [
  '180x200',
  '200x200',
  '220x200',
  '240x130',
  '240x155',
  '250x200',
  '255x130',
  '280x200',
  '340x200',
  '380x110',
  '400x110',
  '420x110',
  '460x110',
  '520x110',
  'parkplatz',
];
const KINDS = [
  'Standard',
  'E-Kennzeichen',
  'H-Kennzeichen',
  'Saisonkennzeichen',
  'H-Saisonkennzeichen',
  'E-Saisonkennzeichen',
];

const officialPlates = products.filter((p) =>
  ['Auto', 'Motorrad'].includes(p.Attributes.Kennzeichentyp ?? ''),
);
const codeRange = (prefix: string, from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => `${prefix}-${String(from + i).padStart(3, '0')}`);

describe('company and categories', () => {
  it('is the lp-de shop with numeric id 1001', () => {
    expect(seedData.company).toMatchObject({ UniqueId: 1001, Alias: 'lp-de' });
    expect(seedData.company.Name).not.toBe('');
  });

  it('has the main category Kennzeichen and the hidden category of spec 9', () => {
    const main = categories.find((c) => c.UniqueId === MAIN_CATEGORY_ID);
    expect(main).toMatchObject({ Name: 'Kennzeichen', Alias: 'kennzeichen', ParentId: null });
    expect(categories.some((c) => c.UniqueId === HIDDEN_CATEGORY_ID)).toBe(true);
    for (const name of [
      'Kennzeichenhalter',
      'Funschilder',
      'Parkplatzschilder',
      'Namensschilder',
      'Zubehör',
    ]) {
      expect(categories.map((c) => c.Name)).toContain(name);
    }
  });

  it('has unique category ids and aliases and every parent exists', () => {
    const ids = new Set(categories.map((c) => c.UniqueId));
    expect(ids.size).toBe(categories.length);
    expect(new Set(categories.map((c) => c.Alias)).size).toBe(categories.length);
    for (const c of categories) {
      if (c.ParentId !== null) expect(ids.has(c.ParentId), `${c.Alias} parent`).toBe(true);
      expect(Number.isInteger(c.UniqueId)).toBe(true);
    }
  });
});

describe('plates', () => {
  it('offers all 15 size ids of spec 3 as variant Kennzeichengröße', () => {
    const sizes = new Set(allVariants.map((v) => v.Attributes.Kennzeichengröße));
    for (const size of SIZE_IDS) expect(sizes, size).toContain(size);
    for (const size of sizes) if (size !== undefined) expect(SIZE_IDS).toContain(size);
  });

  it('offers standard, E, H and seasonal kinds in every size of every official plate', () => {
    expect(officialPlates.length).toBeGreaterThanOrEqual(3);
    for (const p of officialPlates) {
      const sizes = new Set(p.Variants.map((v) => v.Attributes.Kennzeichengröße));
      for (const size of sizes) {
        const kinds = p.Variants.filter((v) => v.Attributes.Kennzeichengröße === size).map(
          (v) => v.Attributes['Kennzeichen-Art'],
        );
        expect(kinds, `${p.UniqueId} ${size}`).toEqual(
          expect.arrayContaining(['Standard', 'E-Kennzeichen', 'H-Kennzeichen']),
        );
        expect(kinds.some((k) => k?.includes('Saison'))).toBe(true);
        for (const k of kinds) expect(KINDS).toContain(k);
      }
    }
  });

  it('names plate variants <code>-<size>-<kind> and prices seasonal plates a little higher', () => {
    const car = byCode.get('KFZ-001')!;
    const std = car.Variants.find((v) => v.UniqueId === 'KFZ-001-520x110-STD')!;
    const season = car.Variants.find((v) => v.UniqueId === 'KFZ-001-520x110-SAI')!;
    expect(std.Attributes).toEqual({ 'Kennzeichen-Art': 'Standard', Kennzeichengröße: '520x110' });
    expect(season.Attributes['Kennzeichen-Art']).toBe('Saisonkennzeichen');
    expect(season.Price!).toBeGreaterThan(std.Price!);
    expect(season.Price! - std.Price!).toBeLessThanOrEqual(5);
    expect(car.Price).toBe(12.9);
  });

  it('lists the car plate KFZ-001 as the first Auto product, so it sets the headline price', () => {
    const autos = products.filter((p) => p.Attributes.Kennzeichentyp === 'Auto');
    expect(autos[0]!.UniqueId).toBe('KFZ-001');
    expect(autos[0]!.Variants.map((v) => v.Attributes.Kennzeichengröße)).toEqual(
      expect.arrayContaining(['520x110', '460x110', '420x110', '400x110', '380x110', '340x200']),
    );
  });

  it('offers a choice of Schriftfarbe on the car plate and the fun plate, one value elsewhere', () => {
    const colours = (p: Product) => p.Parameters.filter((x) => x.Key === 'Schriftfarbe').map((x) => x.Value);
    expect(colours(byCode.get('KFZ-001')!)).toEqual(
      expect.arrayContaining(['Schwarz', 'Rot (Händlerkennzeichen)', 'Grün (steuerbefreit)']),
    );
    expect(colours(products.find((p) => p.Alias === 'funschild')!).length).toBeGreaterThan(1);
    expect(products.some((p) => colours(p).length === 1)).toBe(true);
  });
});

describe('products', () => {
  it('has holders KZH-001..KZH-045 including the special variants KZH-029..KZH-041', () => {
    for (const c of codeRange('KZH', 1, 45)) {
      expect(byCode.get(c)?.Attributes.Kennzeichentyp, c).toBe('Kennzeichenhalter');
    }
    for (const c of codeRange('KZH', 29, 41)) expect(byCode.get(c)?.Name).toMatch(/bedrucken/);
  });

  it('has the routed products funschild, parkplatzschild, namensschild and ooono with their plate types', () => {
    const alias = (a: string) => products.find((p) => p.Alias === a);
    expect(alias('funschild')?.Attributes.Kennzeichentyp).toBe('Funschild');
    expect(alias('parkplatzschild')?.Attributes.Kennzeichentyp).toBe('Parkplatzschild');
    expect(
      alias('parkplatzschild')?.Variants.every((v) => v.Attributes.Kennzeichengröße === 'parkplatz'),
    ).toBe(true);
    expect(alias('namensschild')?.Attributes.Kennzeichentyp).toBe('Namensschild');
    expect(alias('ooono')?.Attributes.Kennzeichentyp).toBe('Zubehör');
    expect(products.some((p) => p.UniqueId.startsWith('FKZ-') && p.Alias !== 'funschild')).toBe(true);
  });

  it('uses unique ids for products and variants together, and unique url-safe aliases', () => {
    const ids = [...products.map((p) => p.UniqueId), ...allVariants.map((v) => v.UniqueId)];
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(products.map((p) => p.Alias)).size).toBe(products.length);
    for (const p of products) expect(p.Alias).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it('prices every product and variant above 0 in euro with at most 2 decimals', () => {
    for (const item of [...products, ...allVariants]) {
      const price = item.Price;
      expect(typeof price, item.UniqueId).toBe('number');
      expect(price!, item.UniqueId).toBeGreaterThan(0);
      expect(price!, item.UniqueId).toBeLessThan(1000);
      expect(Math.round(price! * 100) / 100, item.UniqueId).toBe(price);
    }
    for (const p of products) {
      expect(p.Currency).toBe('EUR');
      expect(p.MinQuantity).toBe(1);
    }
  });

  it('puts every product in at least one existing category', () => {
    const ids = new Set(categories.map((c) => c.UniqueId));
    for (const p of products) {
      expect(p.Categories.length, p.UniqueId).toBeGreaterThan(0);
      for (const c of p.Categories) expect(ids.has(c.UniqueId), `${p.UniqueId} -> ${c.UniqueId}`).toBe(true);
    }
  });

  it('fills the main category past the menu limit of 8 with plate products (issue 13: "Weitere" is real)', () => {
    const main = products.filter((p) => p.Categories.some((c) => c.UniqueId === MAIN_CATEGORY_ID));
    expect(main.length).toBeGreaterThan(8);
    expect(
      main.every((p) => ['Auto', 'Motorrad', 'Funschild'].includes(p.Attributes.Kennzeichentyp ?? '')),
    ).toBe(true);
  });

  it('gives every fun plate, parking sign and name plate a picture text (Beispieltext)', () => {
    const designed = products.filter((p) =>
      ['Funschild', 'Parkplatzschild', 'Namensschild'].includes(p.Attributes.Kennzeichentyp ?? ''),
    );
    for (const p of designed)
      expect(
        p.Parameters.some((x) => x.Key === 'Beispieltext'),
        p.UniqueId,
      ).toBe(true);
  });

  it('promises on the Funschild page exactly the free-text length a cart line accepts', () => {
    const funschild = products.find((p) => p.Alias === 'funschild');
    const promised = Number(/Freier Text bis (\d+) Zeichen/.exec(funschild?.Description ?? '')?.[1]);
    expect(promised).toBeGreaterThan(0);
    const line = (text: string) => validatePlateAttributes('Funschild', { Kennzeichen: text });
    expect(line('W'.repeat(promised))).toMatchObject({ ok: true });
    expect(line('W'.repeat(promised + 1))).toMatchObject({ ok: false, rule: 'free-text-too-long' });
  });

  it('keeps funschild in the main category only, beside other main-only products (spec 4)', () => {
    const onlyMain = products.filter(
      (p) => p.Categories.length === 1 && p.Categories[0]!.UniqueId === MAIN_CATEGORY_ID,
    );
    expect(products.find((p) => p.Alias === 'funschild')!.Categories).toEqual([
      { UniqueId: MAIN_CATEGORY_ID },
    ]);
    expect(onlyMain.filter((p) => p.Alias !== 'funschild').length).toBeGreaterThan(0);
  });

  it('gives every product a known plate type, metadata and a relative image under /images/products/', () => {
    for (const p of products) {
      expect(PLATE_TYPES as readonly string[]).toContain(p.Attributes.Kennzeichentyp);
      expect(p.Attributes.MetadataProduct, p.UniqueId).toBeTruthy();
      expect(p.Attributes.MetadataDescription, p.UniqueId).toBeTruthy();
      expect(p.BaseImages).toEqual([`/images/products/${p.UniqueId.toLowerCase()}.svg`]);
    }
  });

  it('gives every product its own page title and description (a search result tells sizes apart)', () => {
    const titles = products.map((p) => p.Attributes.MetadataProduct);
    const descriptions = products.map((p) => p.Attributes.MetadataDescription);
    expect(titles.filter((title, i) => titles.indexOf(title) !== i)).toEqual([]);
    expect(descriptions.filter((text, i) => descriptions.indexOf(text) !== i)).toEqual([]);
  });

  it('has quantity discounts only for existing products, e.g. 10 % from 4 car plates', () => {
    expect(seedData.discounts).toContainEqual(
      expect.objectContaining({ ProductKey: 'KFZ-001', Percent: 10, MinQuantity: 4 }),
    );
    for (const d of seedData.discounts) {
      expect(byCode.has(d.ProductKey)).toBe(true);
      expect(d.Percent).toBeGreaterThan(0);
      expect(d.Percent).toBeLessThan(100);
      expect(d.Label).toMatch(/Mengenrabatt/);
    }
  });
});
