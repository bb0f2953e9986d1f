import type { AddCartItemBody, Product } from '@lp/sdk/contract';
import { plateTypeOf } from '../../data/catalogueRules';
import { fontColourValues, productWithVariant } from '../../data/variants';
import { addToCartBody } from '../product/addToCartBody';
import { clampToMinimum } from '../product/quantity';
import type { WishlistEntry } from './wishlistStore';

/** Plate types whose lines need a text the shopper types on the product page (shared decisions). */
const NEEDS_TEXT = new Set(['Auto', 'Motorrad', 'Funschild', 'Parkplatzschild']);

/** The product as remembered: its chosen variant (if it still exists) applied. */
export function displayedProduct(product: Product, entry: WishlistEntry): Product {
  const variant =
    product.Variants?.find((v) => v.UniqueId === entry.variantId) ?? product.Variants?.[0] ?? null;
  return productWithVariant(product, variant);
}

/**
 * The add-to-cart body for a remembered product at its minimum quantity (spec 5), with the remembered variant
 * and colour; `null` when the product needs a plate text first (then the shopper configures it on its page).
 * No price: the server prices every line.
 */
export function wishlistCartBody(product: Product, entry: WishlistEntry): AddCartItemBody | null {
  if (NEEDS_TEXT.has(plateTypeOf(product))) return null;
  const variant =
    product.Variants?.find((v) => v.UniqueId === entry.variantId) ?? product.Variants?.[0] ?? null;
  const colours = fontColourValues(product);
  const colour = entry.colour && colours.includes(entry.colour) ? entry.colour : colours[0];
  return addToCartBody({
    product,
    variant,
    displayed: productWithVariant(product, variant),
    quantity: clampToMinimum(product.MinQuantity, product.MinQuantity),
    colour: colours.length > 0 ? colour : undefined,
  });
}
