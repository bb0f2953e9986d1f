import { ATTR, type Product } from '@lp/sdk/contract';

/**
 * A product as its card shows it (features/catalogue/ProductCard.tsx: picture, name, price, wish-list button) and its
 * "In den Warenkorb" adds it (cardAdd.ts: variant, colour, minimum, attributes). `variantCount`: how many variants
 * a product has whose variants stayed behind (a card adds none of them, cardPurchase.ts); absent on a whole product.
 */
export type CardProduct = Product & { variantCount?: number };

/** Sent with a cart line by no card (features/product/addToCartBody.ts leaves them out): the product page's head. */
const PAGE_ONLY_ATTRIBUTES: ReadonlySet<string> = new Set([ATTR.metadataProduct, ATTR.metadataDescription]);

/**
 * The card's part of a product, for the loaders of listings (home, categories, lists, the catalogue, a product's
 * upsell). Their data travels in the page as the router's hydration data and as a client navigation's answer: with
 * whole documents the home page carried 57 KB for its eight cards, mostly the variants of plates no card adds (each
 * size and kind, with its description). The description, categories, further pictures and other parameters go; the
 * variants stay only where a card may add one (at most one variant, cardPurchase.ts). The product page reads its
 * own whole product (routes/loaders.ts), so a click on a card opens it as before.
 *
 * @example
 * cardProduct(kfzKennzeichen); // { UniqueId: 'KFZ-001', Name: 'Kfz-Kennzeichen', Price: 12.9, Variants: [], variantCount: 36, ... }
 */
export function cardProduct(product: Product): CardProduct {
  const variants = product.Variants ?? [];
  const attributes: Product['Attributes'] = {};
  for (const [key, value] of Object.entries(product.Attributes ?? {}))
    if (!PAGE_ONLY_ATTRIBUTES.has(key)) attributes[key] = value;
  return {
    UniqueId: product.UniqueId,
    Alias: product.Alias,
    Name: product.Name,
    Title: product.Title,
    Price: product.Price,
    Currency: product.Currency,
    BaseImages: (product.BaseImages ?? []).slice(0, 1),
    Description: '',
    Categories: [],
    Attributes: attributes,
    Parameters: (product.Parameters ?? []).filter((parameter) => parameter.Key === ATTR.fontColour),
    Variants: variants.length > 1 ? [] : variants,
    MinQuantity: product.MinQuantity,
    ...(variants.length > 1 ? { variantCount: variants.length } : {}),
  };
}
