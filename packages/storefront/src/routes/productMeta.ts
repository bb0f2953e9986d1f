import type { RouteHandle } from './routeHandle';
import type { ProductData } from './loaders';
import { productJsonLd } from '../seo/productJsonLd';
import { ATTR } from '@lp/sdk/contract';

/** Head of a product page: metadata attributes first, then name and title; Product JSON-LD. */
export const productMeta: RouteHandle['meta'] = (raw, _params, origin) => {
  const { product } = raw as ProductData;
  return {
    title: product.Attributes?.[ATTR.metadataProduct] || product.Title || product.Name,
    description: product.Attributes?.[ATTR.metadataDescription] || product.Title,
    jsonLd: [productJsonLd(product, origin)],
  };
};
