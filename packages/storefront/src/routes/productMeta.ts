import type { RouteHandle } from './routeHandle';
import type { ProductData } from './loaders';
import { productJsonLd } from '../seo/productJsonLd';
import { ATTR } from '@lp/sdk/contract';
import { pictureAlt } from '../features/product/pictureAlt';

const absolute = (origin: string, path: string) => (/^https?:\/\//.test(path) ? path : `${origin}${path}`);

/** Head of a product page: metadata attributes first, then name and title; Product JSON-LD. */
export const productMeta: RouteHandle['meta'] = (raw, _params, origin) => {
  const { product, picture } = raw as ProductData;
  const image = product.BaseImages?.[0];
  return {
    title: product.Attributes?.[ATTR.metadataProduct] || product.Title || product.Name,
    description: product.Attributes?.[ATTR.metadataDescription] || product.Title,
    jsonLd: [productJsonLd(product, origin)],
    ...(image
      ? {
          // A picture carried in the page (inlinePicture.ts) needs no preload.
          ...(picture ? {} : { preloadImage: image }),
          // Link previews need a raster: the same drawing as PNG (server/productPictures.ts), 1200 × 600.
          image: {
            url: absolute(origin, image.replace(/\.svg$/, '.png')),
            width: 1200,
            height: 600,
            alt: pictureAlt(product),
            type: 'image/png',
          },
        }
      : {}),
  };
};
