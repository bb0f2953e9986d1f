import sanitizeHtml from 'sanitize-html';

/**
 * HTML from the catalogue (product descriptions) and content (articles) is cleaned on the storefront server,
 * during SSR and in the /api proxy. The API stores and returns the HTML as given (it does not sanitise), so this
 * is the line of defence; a browser configured to read a public API URL directly cleans the same fields itself
 * (src/data/cleanHtmlInBrowser.ts). Issue 5: no HTML from data unsanitised.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'h2', 'img'],
  allowedAttributes: {
    a: ['href', 'title', 'rel', 'target'],
    img: ['src', 'alt', 'width', 'height', 'loading'],
    '*': ['id'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowProtocolRelative: false,
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
};

export const sanitize = (html: unknown): string =>
  typeof html === 'string' ? sanitizeHtml(html, OPTIONS) : '';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null;

function cleanProduct(product: unknown): unknown {
  if (!isObject(product)) return product;
  const variants = Array.isArray(product.Variants)
    ? product.Variants.map((v) => (isObject(v) ? { ...v, Description: sanitize(v.Description) } : v))
    : product.Variants;
  return { ...product, Description: sanitize(product.Description), Variants: variants };
}

/** Which answers carry HTML, by path (case-insensitive, as the API routes). */
export function needsSanitising(pathname: string): boolean {
  return /\/api\/v1\/(business\/(get-product-by-alias|getproducts)|page)$/i.test(pathname);
}

/** Cleans the HTML fields of one API answer; other answers pass unchanged. */
export function sanitizeApiBody(pathname: string, body: unknown): unknown {
  const path = pathname.toLowerCase();
  if (path.endsWith('/get-product-by-alias')) return cleanProduct(body);
  if (path.endsWith('/getproducts')) {
    if (Array.isArray(body)) return body.map(cleanProduct);
    if (isObject(body) && Array.isArray(body.items)) return { ...body, items: body.items.map(cleanProduct) };
    return body;
  }
  if (path.endsWith('/api/v1/page') && isObject(body)) return { ...body, Content: sanitize(body.Content) };
  return body;
}

/** A fetch for the server-side SDK that cleans HTML in catalogue and content answers. */
export function createSanitizingFetch(inner: typeof fetch = globalThis.fetch): typeof fetch {
  return async (input, init) => {
    const response = await inner(input, init);
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    if (!response.ok || !needsSanitising(url.pathname)) return response;
    const body = sanitizeApiBody(url.pathname, await response.json());
    const headers = new Headers(response.headers);
    headers.delete('content-length');
    headers.delete('content-encoding');
    return new Response(JSON.stringify(body), { status: response.status, headers });
  };
}
