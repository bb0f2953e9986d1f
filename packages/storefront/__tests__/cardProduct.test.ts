// @vitest-environment node
// A listing's cards travel as the card's part of each product (data/cardProduct.ts, session 25): what a card shows
// and what its "In den Warenkorb" sends stay those of the whole product.
import { describe, expect, it } from 'vitest';
import { cardProduct } from '../src/data/cardProduct';
import { buyableFromCard } from '../src/features/catalogue/cardPurchase';
import { addToCartBody } from '../src/features/product/addToCartBody';
import { holder, product, variant } from './fixtures';

/** The body a card's add sends (features/catalogue/cardAdd.ts) for the product it holds. */
const cardAddBody = (shown: ReturnType<typeof cardProduct> | ReturnType<typeof product>) =>
  addToCartBody({
    product: shown,
    variant: shown.Variants[0] ?? null,
    displayed: shown,
    quantity: shown.MinQuantity,
  });

describe("a card's part of a product", () => {
  it('keeps what the card shows and its add sends, for a product the card adds', () => {
    const whole = holder({
      MinQuantity: 2,
      Description: '<p>Lang</p>'.repeat(200),
      BaseImages: ['/a.svg', '/b.svg'],
      Variants: [variant('KZH-001-S', { Farbe: 'Schwarz' }, 5.9)],
      Attributes: { Kennzeichentyp: 'Kennzeichenhalter', MetadataProduct: 'Kennzeichenhalter kaufen' },
      Parameters: [
        { Key: 'Material', Value: 'Kunststoff' },
        { Key: 'Schriftfarbe', Value: 'Schwarz' },
      ],
    });
    const card = cardProduct(whole);
    expect(card).toMatchObject({ Name: whole.Name, Price: whole.Price, BaseImages: ['/a.svg'] });
    expect(card.Description).toBe('');
    expect(buyableFromCard(card)).toBe(true);
    expect(cardAddBody(card)).toEqual(cardAddBody(whole));
    expect(JSON.stringify(card).length).toBeLessThan(JSON.stringify(whole).length / 4);
  });

  it('leaves out the variants of a product the card does not add, and still offers no button', () => {
    const sizes = Array.from({ length: 36 }, (_, i) => variant(`H-${i}`, { Größe: `${i}` }, 5 + i));
    for (const whole of [
      holder({ Variants: sizes }),
      product({ Variants: sizes }),
      holder({ Parameters: [1, 2].map((n) => ({ Key: 'Schriftfarbe', Value: `Farbe ${n}` })) }),
    ]) {
      const card = cardProduct(whole);
      expect(card.Variants).toEqual([]);
      expect(buyableFromCard(whole)).toBe(false);
      expect(buyableFromCard(card)).toBe(false);
    }
  });
});
