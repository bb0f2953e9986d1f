import type { Product } from '@lp/sdk/contract';
import { productPictureSvg } from './productPicture';

/** A picture carried in the page itself: its address (`src`) and the same drawing as a `data:` URI. */
export interface InlinePicture {
  src: string;
  data: string;
}

/**
 * The drawing as a `data:` URI. Percent-encoding `"`, `'`, `<`, `>`, `&`, `#` and `%` keeps it the same text in the
 * img attribute and in the page's hydration JSON (neither escapes it again), so the page's gzip stores it about
 * once; spaces and URL punctuation stay as they are (valid in a data: URI, and shorter).
 */
export function svgDataUri(svg: string): string {
  const encoded = encodeURIComponent(svg)
    .replace(/'/g, '%27')
    .replace(/%(20|3D|3A|2F|2C|3B)/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return `data:image/svg+xml,${encoded}`;
}

/**
 * The product page's largest paint is its first picture (a ~2 KB drawing, features/product/productPicture.ts).
 * Carried in the server HTML it needs no request, so it shows with the first paint instead of waiting for a
 * connection beside the page's scripts. Only for the server render (the browser's loaders have no drawing), and
 * only when the first picture is the product's own drawing (server/productPictures.ts serves the same SVG there).
 */
export function inlinePicture(product: Product): InlinePicture | undefined {
  const src = product.BaseImages?.[0];
  if (!src || src.toLowerCase() !== `/images/products/${product.UniqueId.toLowerCase()}.svg`)
    return undefined;
  // Drawn per render (about 130 µs), like the picture's own address (server/productPictures.ts): nothing to keep
  // in step with a changed catalogue.
  return { src, data: svgDataUri(productPictureSvg(product)) };
}
