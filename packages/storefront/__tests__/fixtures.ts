import type { Product, ProductVariant } from '@lp/sdk/contract';

export const MAIN = 1737374401;

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
