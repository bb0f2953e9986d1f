import type { Attributes, Product, ProductVariant } from '@lp/sdk/contract';
import { ATTR } from '@lp/sdk/contract';

/** One attribute the shopper can choose on the product page, with its values in catalogue order. */
export interface VariantOption {
  name: string;
  values: string[];
}

/** Attributes that are not choices (metadata, the plate type that is the same on all variants). */
const NOT_A_CHOICE = new Set<string>([ATTR.metadataProduct, ATTR.metadataDescription]);

/**
 * spec 2: each attribute whose value differs between variants offers its set of values.
 *
 * @example
 * variantOptions(product); // [{ name: 'Kennzeichengröße', values: ['520x110', '460x110'] }]
 */
export function variantOptions(product: Pick<Product, 'Variants'>): VariantOption[] {
  const values = new Map<string, string[]>();
  for (const variant of product.Variants ?? []) {
    for (const [name, value] of Object.entries(variant.Attributes ?? {})) {
      if (NOT_A_CHOICE.has(name)) continue;
      const list = values.get(name) ?? [];
      if (!list.includes(value)) list.push(value);
      values.set(name, list);
    }
  }
  return [...values].filter(([, list]) => list.length > 1).map(([name, list]) => ({ name, values: list }));
}

export type VariantChoice =
  | { ok: true; variant: ProductVariant }
  | { ok: false; variant: ProductVariant | null; error: string };

/**
 * spec 4: choosing an attribute value picks the matching variant. The variant that has the chosen value and
 * keeps the most of the other current values wins (an exact match first). No variant with that value: an error
 * (spec 8: logged by the caller) and the last valid variant stays.
 */
export function chooseVariant(
  product: Pick<Product, 'Variants'>,
  current: ProductVariant | null,
  name: string,
  value: string,
): VariantChoice {
  const wanted: Attributes = { ...(current?.Attributes ?? {}), [name]: value };
  let best: ProductVariant | null = null;
  let bestScore = -1;
  for (const variant of product.Variants ?? []) {
    if (variant.Attributes?.[name] !== value) continue;
    const score = Object.entries(wanted).filter(([key, v]) => variant.Attributes[key] === v).length;
    if (score > bestScore) {
      best = variant;
      bestScore = score;
    }
  }
  if (!best)
    return { ok: false, variant: current, error: `No variant of the product has ${name} = ${value}.` };
  return { ok: true, variant: best };
}

/** spec 4: the displayed product after a variant choice (its own title, description, attributes, price). */
export function productWithVariant(product: Product, variant: ProductVariant | null): Product {
  if (!variant) return product;
  return {
    ...product,
    Title: variant.Title || product.Title,
    Description: variant.Description || product.Description,
    Attributes: { ...product.Attributes, ...variant.Attributes },
    Price: typeof variant.Price === 'number' ? variant.Price : product.Price,
  };
}

/** spec 2: the offered text colours (Schriftfarbe parameters); a choice is shown only when more than one. */
export function fontColourValues(product: Pick<Product, 'Parameters'>): string[] {
  const colours = (product.Parameters ?? [])
    .filter((parameter) => parameter.Key === ATTR.fontColour)
    .flatMap((parameter) => parameter.Value.split(/[,;|]/))
    .map((value) => value.trim())
    .filter(Boolean);
  return [...new Set(colours)];
}
