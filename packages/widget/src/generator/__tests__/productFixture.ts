import type { Product } from '@lp/sdk/contract';

const KINDS = [
  ['Standard', 'STD', 0],
  ['E-Kennzeichen', 'E', 0],
  ['H-Kennzeichen', 'H', 0],
  ['Saisonkennzeichen', 'SAI', 2],
  ['H-Saisonkennzeichen', 'HSAI', 2],
  ['E-Saisonkennzeichen', 'ESAI', 2],
] as const;

/** A car plate product shaped like the demo catalogue's KFZ-001 (variants per kind and size). */
export function plateProduct(
  options: { colours?: string[]; sizes?: string[]; price?: number } = {},
): Product {
  const price = options.price ?? 12.9;
  const sizes = options.sizes ?? ['520x110', '460x110', '420x110', '340x200'];
  return {
    UniqueId: 'KFZ-001',
    Alias: 'kfz-kennzeichen',
    Name: 'Kfz-Kennzeichen',
    Title: 'Kfz-Kennzeichen',
    Price: price,
    Currency: 'EUR',
    BaseImages: [],
    Description: '',
    Categories: [],
    Attributes: {
      Kennzeichentyp: 'Auto',
      'Kennzeichen-Art': 'Standard',
      Kennzeichengröße: sizes[0] ?? '520x110',
    },
    Parameters: (options.colours ?? ['Schwarz']).map((Value) => ({ Key: 'Schriftfarbe', Value })),
    Variants: sizes.flatMap((size) =>
      KINDS.map(([art, code, surcharge]) => ({
        UniqueId: `KFZ-001-${size}-${code}`,
        Title: `Kfz-Kennzeichen ${size}, ${art}`,
        Description: '',
        Attributes: { 'Kennzeichen-Art': art, Kennzeichengröße: size },
        Price: Math.round((price + surcharge) * 100) / 100,
      })),
    ),
    MinQuantity: 1,
  };
}
