import { ATTR } from '@lp/sdk/contract';
import type { ProductData } from './loaders';
import type { RouteHandle } from './routeHandle';

/** Head of a product page: metadata attributes first, then name and title; JSON-LD and picture by the head code. */
export const productMeta: RouteHandle['meta'] = (raw) => {
  const { product, picture } = raw as ProductData;
  return {
    title: product.Attributes?.[ATTR.metadataProduct] || product.Title || product.Name,
    description: product.Attributes?.[ATTR.metadataDescription] || product.Title,
    product: { product, pictureInPage: Boolean(picture) },
  };
};
