import { ATTR } from '@lp/sdk/contract';
import type { CardProduct } from '../../data/cardProduct';
import { plateTypeOf } from '../../data/catalogueRules';

/** Plate types a shopper configures on the product page (text, kind, size, season, inscription). */
const CONFIGURED_TYPES = new Set(['Auto', 'Motorrad', 'Funschild', 'Parkplatzschild', 'Namensschild']);

/**
 * Issue 13: a product card offers "In den Warenkorb" only where nothing is left to choose: no text to type, no
 * print to design, at most one variant and at most one text colour. Everything else leads to its page. (The
 * add itself, cardAdd.ts, loads on the first click: cards stay light in every route's initial script.)
 * A card's product from the loaders (data/cardProduct.ts) counts the variants it left behind.
 */
export function buyableFromCard(product: CardProduct): boolean {
  if (CONFIGURED_TYPES.has(plateTypeOf(product))) return false;
  if (product.Attributes?.Bedruckbar === 'ja') return false;
  if ((product.variantCount ?? product.Variants?.length ?? 0) > 1) return false;
  return (product.Parameters ?? []).filter((p) => p.Key === ATTR.fontColour).length <= 1;
}
