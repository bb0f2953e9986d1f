import type { Discount } from '@lp/sdk/contract';

const tier = (ProductKey: string, Percent: number, MinQuantity: number, what: string): Discount => ({
  ProductKey,
  Percent,
  MinQuantity,
  Label: `Mengenrabatt: ${Percent} % ab ${MinQuantity} ${what}`,
});

/** Quantity discounts by product code; KZH-029..KZH-041 are the printable holders bought by businesses. */
export const discounts: Discount[] = [
  tier('KFZ-001', 10, 4, 'Kennzeichen'),
  tier('KFZ-002', 10, 4, 'Kennzeichen'),
  ...['KZH-029', 'KZH-030', 'KZH-031'].flatMap((code) => [
    tier(code, 10, 10, 'Stück'),
    tier(code, 20, 50, 'Stück'),
  ]),
];
