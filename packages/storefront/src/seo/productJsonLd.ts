import type { Product } from '@lp/sdk/contract';
import { pictureAlt } from '../features/product/pictureAlt';

const absolute = (origin: string, path: string) => (/^https?:\/\//.test(path) ? path : `${origin}${path}`);
const plain = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * schema.org Product for a product page. spec 9: quantities are built as `?count={n}`, so the offer points at
 * the product URL with the minimum quantity.
 *
 * @example
 * productJsonLd(product, 'https://shop.example')['@type']; // 'Product'
 */
export function productJsonLd(product: Product, origin: string): Record<string, unknown> {
  const url = absolute(origin, `/${encodeURIComponent(product.Alias)}`);
  const count = Math.max(1, product.MinQuantity || 1);
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.Title || product.Name,
    sku: product.UniqueId,
    description: plain(product.Description ?? '').slice(0, 500),
    // Issue 13: the drawn product pictures (640 × 320, features/product/productPicture.ts) with their alt text.
    image: (product.BaseImages ?? []).map((image) => ({
      '@type': 'ImageObject',
      url: absolute(origin, image),
      width: 640,
      height: 320,
      caption: pictureAlt(product),
    })),
    url,
    offers: {
      '@type': 'Offer',
      url: `${url}?count=${count}`,
      price: product.Price.toFixed(2),
      priceCurrency: 'EUR',
      availability: 'https://schema.org/InStock',
      eligibleQuantity: { '@type': 'QuantitativeValue', minValue: count },
    },
  };
}
