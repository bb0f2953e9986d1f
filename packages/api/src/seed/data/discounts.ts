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
  // Every printable holder says "Ab 10 Stück mit Mengenrabatt" (holders.ts), so each has the tiers.
  ...Array.from({ length: 13 }, (_, i) => `KZH-0${29 + i}`).flatMap((code) => [
    tier(code, 10, 10, 'Stück'),
    tier(code, 20, 50, 'Stück'),
  ]),
];
