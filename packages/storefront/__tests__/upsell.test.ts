import { describe, expect, it } from 'vitest';
import { upsellProducts } from '../src/data/upsell';
import { MAIN, product } from './fixtures';

const OTHER = 1737374402;
const p = (UniqueId: string, Alias: string, categories: number[]) =>
  product({ UniqueId, Alias, Categories: categories.map((UniqueId) => ({ UniqueId })) });

const catalogue = [
  p('KFZ-001', 'kfz-kennzeichen', [MAIN]),
  p('FKZ-001', 'FunSchild', [MAIN]),
  p('KZH-001', 'halter', [OTHER]),
  p('KZH-002', 'halter-2', [OTHER]),
  p('FKZ-002', 'bobbycar', [MAIN, OTHER]),
  p('ZUB-001', 'schrauben', [OTHER]),
];

describe('upsell list (spec 4)', () => {
  it('drops the product shown and main-category-only products, except funschild in any case', () => {
    const list = upsellProducts(catalogue, {
      currentUniqueId: 'KZH-001',
      mainCategoryId: MAIN,
      sortOrder: [],
    });
    expect(list.map((x) => x.UniqueId)).toEqual(['FKZ-001', 'KZH-002', 'FKZ-002', 'ZUB-001']);
  });

  it('puts the configured sort order first, in that order; the rest keep catalogue order', () => {
    const list = upsellProducts(catalogue, {
      currentUniqueId: null,
      mainCategoryId: MAIN,
      sortOrder: ['ZUB-001', 'KZH-002', 'UNKNOWN'],
    });
    expect(list.map((x) => x.UniqueId)).toEqual(['ZUB-001', 'KZH-002', 'FKZ-001', 'KZH-001', 'FKZ-002']);
  });

  it('copes with empty input, products without categories and a limit', () => {
    expect(upsellProducts([], { mainCategoryId: MAIN, sortOrder: [] })).toEqual([]);
    const loose = product({ UniqueId: 'X', Categories: [] });
    expect(upsellProducts([loose], { mainCategoryId: MAIN, sortOrder: [] })).toEqual([loose]);
    expect(upsellProducts(catalogue, { mainCategoryId: MAIN, sortOrder: [], limit: 2 })).toHaveLength(2);
  });
});
