import { pictureAlt } from '../features/product/pictureAlt';
import type { PageMeta } from '../routes/routeHandle';
import { productJsonLd } from './productJsonLd';

const absolute = (origin: string, path: string) => (/^https?:\/\//.test(path) ? path : `${origin}${path}`);

/**
 * The head parts of a product page beyond title and description: Product JSON-LD, the picture for link previews
 * and the preload of its first picture. Built by the head code (pageHead.ts), which the browser loads after
 * hydration, so the route table in every route's initial script carries only the product's title rules.
 */
export function productHead(
  { product, pictureInPage }: NonNullable<PageMeta['product']>,
  origin: string,
): Pick<PageMeta, 'jsonLd' | 'image' | 'preloadImage'> {
  const image = product.BaseImages?.[0];
  return {
    jsonLd: [productJsonLd(product, origin)],
    ...(image
      ? {
          // A picture carried in the page (inlinePicture.ts) needs no preload.
          ...(pictureInPage ? {} : { preloadImage: image }),
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
}
