import type { AddCartItemBody, Attributes, Product, ProductVariant } from '@lp/sdk/contract';
import { ATTR } from '@lp/sdk/contract';

const NOT_SENT = new Set<string>([ATTR.metadataProduct, ATTR.metadataDescription]);

/**
 * The add-to-cart body of the shared decisions: the variant id when one is chosen, one addData entry whose
 * count equals the quantity, the configuration in `info.Attributes`. No price: the server's price counts.
 */
export function addToCartBody(input: {
  product: Product;
  variant: ProductVariant | null;
  displayed: Product;
  quantity: number;
  colour?: string;
  text?: string;
}): AddCartItemBody {
  const attributes: Attributes = {};
  for (const [key, value] of Object.entries(input.displayed.Attributes ?? {})) {
    if (!NOT_SENT.has(key)) attributes[key] = value;
  }
  if (input.colour) attributes[ATTR.fontColour] = input.colour;
  if (input.text) attributes[ATTR.plateText] = input.text.trim();
  return {
    productUniqueId: input.variant?.UniqueId ?? input.product.UniqueId,
    quantity: input.quantity,
    addData: [
      {
        count: input.quantity,
        info: { Alias: input.product.Alias, Title: input.displayed.Title, Attributes: attributes },
      },
    ],
  };
}
