import type { Attributes, Product, ProductParameter, ProductVariant } from '@lp/sdk/contract';
import { euro, html, productImage } from './helpers';

/** The fields that differ between the non-plate products; the rest is derived. */
export interface SimpleProductSpec {
  code: string;
  alias: string;
  name: string;
  title: string;
  price: number;
  plateType: string;
  categories: number[];
  paragraphs: string[];
  bullets?: string[];
  metaDescription: string;
  attributes?: Attributes;
  parameters?: ProductParameter[];
  variants?: ProductVariant[];
}

/** Builds a catalogue product with the shared defaults (EUR, one image by code, MinQuantity 1). */
export function simpleProduct(spec: SimpleProductSpec): Product {
  return {
    UniqueId: spec.code,
    Alias: spec.alias,
    Name: spec.name,
    Title: spec.title,
    Price: euro(spec.price),
    Currency: 'EUR',
    BaseImages: [productImage(spec.code)],
    Description: html(spec.paragraphs, spec.bullets ?? []),
    Categories: spec.categories.map((UniqueId) => ({ UniqueId })),
    Attributes: {
      Kennzeichentyp: spec.plateType,
      ...spec.attributes,
      MetadataProduct: `${spec.name} kaufen | Kennzeichen-Profi`,
      MetadataDescription: spec.metaDescription,
    },
    Parameters: spec.parameters ?? [],
    Variants: spec.variants ?? [],
    MinQuantity: 1,
  };
}
