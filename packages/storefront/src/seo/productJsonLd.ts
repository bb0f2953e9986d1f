import type { Product } from '@lp/sdk/contract';

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
    image: (product.BaseImages ?? []).map((image) => absolute(origin, image)),
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
