import type { Category, Product, ProductVariant } from '@lp/sdk/contract';

export const MAIN = 1737374401;
/** The seed's categories of holders and of signs (funschilder). */
export const HOLDERS = 1737374402;
export const SIGNS = 1737374403;
/** The shop's company, as the layout data names it. */
export const COMPANY = { UniqueId: 1001, Alias: 'lp-de', Name: 'Kennzeichen-Profi' };
/** Top categories as getCategoriesTree answers them. */
export const CATEGORY: Record<'main' | 'holders' | 'signs', Category> = {
  main: { UniqueId: MAIN, Alias: 'kennzeichen', Name: 'Kennzeichen', ParentId: null, Children: [] },
  holders: {
    UniqueId: HOLDERS,
    Alias: 'kennzeichenhalter',
    Name: 'Kennzeichenhalter',
    ParentId: null,
    Children: [],
  },
  signs: { UniqueId: SIGNS, Alias: 'funschilder', Name: 'Funschilder', ParentId: null, Children: [] },
};

export function product(overrides: Partial<Product> = {}): Product {
  return {
    UniqueId: 'FKZ-001',
    Alias: 'funschild',
    Name: 'Funschild',
    Title: 'Funschild mit Wunschtext',
    Price: 14.9,
    Currency: 'EUR',
    BaseImages: ['/images/products/fkz-001.svg'],
    Description: '<p>Schild</p>',
    Categories: [{ UniqueId: MAIN }],
    Attributes: { Kennzeichentyp: 'Funschild', 'Kennzeichen-Art': 'Standard', Kennzeichengröße: '520x110' },
    Parameters: [],
    Variants: [],
    MinQuantity: 1,
    ...overrides,
  };
}

export const variant = (
  UniqueId: string,
  Attributes: Record<string, string>,
  Price?: number,
): ProductVariant => ({
  UniqueId,
  Title: `Variante ${UniqueId}`,
  Description: `<p>${UniqueId}</p>`,
  Attributes,
  Price,
});

/** A plate holder without variants (4,90 EUR): the product form with only a quantity. */
export const holder = (overrides: Partial<Product> = {}): Product =>
  product({
    UniqueId: 'KZH-001',
    Alias: 'kennzeichenhalter',
    Title: 'Kennzeichenhalter',
    Price: 4.9,
    Attributes: { Kennzeichentyp: 'Kennzeichenhalter' },
    ...overrides,
  });
