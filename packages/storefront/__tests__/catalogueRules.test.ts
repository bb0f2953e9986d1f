import type { Category, ShippingMethod } from '@lp/sdk/contract';
import { describe, expect, it } from 'vitest';
import { freeShippingMinimum, removeHiddenCategories, rootPrice } from '../src/data/catalogueRules';
import { findCategory, productsInCategory } from '../src/data/categoryTree';
import { product } from './fixtures';

const node = (UniqueId: number, Name: string, Children: Category[] = []): Category => ({
  UniqueId,
  Alias: Name.toLowerCase(),
  Name,
  ParentId: null,
  Children,
});
const tree = [
  node(1, 'Kennzeichen', [node(11, 'Auto')]),
  node(4, 'Intern', [node(41, 'Geheim')]),
  node(2, 'Halter'),
];

describe('catalogue rules', () => {
  it('removes hidden categories with their children (spec 4)', () => {
    const visible = removeHiddenCategories(tree, [4]);
    expect(visible.map((c) => c.Name)).toEqual(['Kennzeichen', 'Halter']);
    expect(removeHiddenCategories(tree, [11])[0]?.Children).toEqual([]);
    expect(removeHiddenCategories([], [4])).toEqual([]);
  });

  it('finds a category by id, alias or name in any case, also nested', () => {
    expect(findCategory(tree, '11')?.Name).toBe('Auto');
    expect(findCategory(tree, 'HALTER')?.UniqueId).toBe(2);
    expect(findCategory(tree, '%20auto%20')?.UniqueId).toBe(11);
    expect(findCategory(tree, 'nichts')).toBeUndefined();
  });

  it('lists products of a category and its subcategories', () => {
    const a = product({ UniqueId: 'A', Categories: [{ UniqueId: 11 }] });
    const b = product({ UniqueId: 'B', Categories: [{ UniqueId: 2 }] });
    expect(productsInCategory([a, b], tree, 1)).toEqual([a]);
  });

  it('takes the headline price from the "Auto" plate type (first space ignored), else 0 (spec 1/5)', () => {
    expect(
      rootPrice([product({ Price: 9 }), product({ Price: 12.9, Attributes: { Kennzeichentyp: ' Auto' } })]),
    ).toBe(12.9);
    expect(rootPrice([product()])).toBe(0);
    expect(rootPrice([])).toBe(0);
  });

  it('takes the free-shipping minimum from the first rate with rate 0 (spec 9)', () => {
    const methods: ShippingMethod[] = [
      {
        id: 1,
        name: 'DHL',
        shippingRates: [
          { rate: 4.9, minOrderAmount: 0 },
          { rate: 0, minOrderAmount: 50 },
          { rate: 0, minOrderAmount: 80 },
        ],
      },
    ];
    expect(freeShippingMinimum(methods)).toBe(50);
    expect(freeShippingMinimum([{ id: 1, name: 'x', shippingRates: [{ rate: 3, minOrderAmount: 0 }] }])).toBe(
      0,
    );
    expect(freeShippingMinimum([])).toBe(0);
  });
});
