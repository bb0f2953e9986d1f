import { CART_GUID_URL_MARKERS } from '../contract/paths';

/**
 * spec 7: true for exactly the URLs that carry the CartGuid header ('/api/cart/' or '/api/order/saveorder',
 * case-insensitively).
 *
 * @example
 * needsCartGuid('/API/CART/getCart'); // true
 * needsCartGuid('/api/Order/confirmOrder'); // false
 */
export const needsCartGuid = (url: string): boolean =>
  CART_GUID_URL_MARKERS.some((marker) => url.toLowerCase().includes(marker));

/**
 * spec 7 / DESIGN 2: the anti-forgery token from the `XSRF-TOKEN` cookie (URI-decoded), when there is a document
 * with one.
 *
 * @example
 * xsrfToken({ cookie: 'a=1; XSRF-TOKEN=abc%3D' }); // 'abc='
 */
export function xsrfToken(source: { cookie?: unknown } | undefined): string | undefined {
  const match = /(?:^|;)\s*XSRF-TOKEN=([^;]+)/.exec(typeof source?.cookie === 'string' ? source.cookie : '');
  try {
    return match?.[1] && decodeURIComponent(match[1].trim());
  } catch {
    return match?.[1];
  }
}
