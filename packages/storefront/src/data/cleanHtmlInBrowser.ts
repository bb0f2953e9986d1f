import type { Article, Product } from '@lp/sdk/contract';
import type { ShopApi } from './shopApi';

// Mirrors server/sanitizeBody.ts (sanitize-html defaults plus h2 and img), without shipping sanitize-html.
const TAGS = new Set(
  (
    'address article aside footer header h1 h2 h3 h4 h5 h6 hgroup main nav section blockquote dd div dl dt ' +
    'figcaption figure hr li ol p pre ul a abbr b bdi bdo br cite code data dfn em i kbd mark q rb rp rt rtc ' +
    'ruby s samp small span strong sub sup time u var wbr caption col colgroup table tbody td tfoot th thead tr img'
  ).split(' '),
);
/** Elements dropped with their content (not unwrapped): their text is code or markup, not prose. */
const DROP = new Set(
  'script style textarea option select noscript iframe object embed template svg math title head'.split(' '),
);
const ATTRS: Record<string, readonly string[]> = {
  a: ['href', 'title', 'rel', 'target'],
  img: ['src', 'alt', 'width', 'height', 'loading'],
};
const URL_ATTRS = new Set(['href', 'src']);

/** Relative URLs and http(s)/mailto/tel only; protocol-relative '//host' is refused like on the server. */
function safeUrl(value: string): boolean {
  // Browsers ignore control characters and spaces inside a scheme and read '\\' like '/'.
  const v = Array.from(value)
    .filter((char) => char.charCodeAt(0) > 0x20)
    .join('')
    .replaceAll('\\', '/');
  if (v.startsWith('//')) return false;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(v);
  return !scheme || ['http', 'https', 'mailto', 'tel'].includes((scheme[1] ?? '').toLowerCase());
}

function cleanNode(node: Element): void {
  for (const child of Array.from(node.children)) {
    const tag = child.tagName.toLowerCase();
    if (DROP.has(tag)) {
      child.remove();
      continue;
    }
    cleanNode(child);
    if (!TAGS.has(tag)) {
      child.replaceWith(...Array.from(child.childNodes));
      continue;
    }
    const allowed = ATTRS[tag] ?? [];
    for (const { name, value } of Array.from(child.attributes)) {
      const keep = (allowed.includes(name) || name === 'id') && (!URL_ATTRS.has(name) || safeUrl(value));
      if (!keep) child.removeAttribute(name);
    }
    if (tag === 'a') child.setAttribute('rel', 'noopener noreferrer');
  }
  // Comments and processing instructions carry nothing a shopper needs.
  for (const child of Array.from(node.childNodes)) {
    if (child.nodeType !== 1 && child.nodeType !== 3) child.remove();
  }
}

/**
 * Allow-list HTML cleaning in the browser (DOMParser documents run no script and load no image). Used only when
 * the browser reads the API directly (a public API URL is configured), so nothing bypasses the server's cleaning.
 *
 * @example
 * cleanHtmlInBrowser('<p onclick="x()">Hi</p><script>x()</script>'); // '<p>Hi</p>'
 */
export function cleanHtmlInBrowser(html: unknown): string {
  if (typeof html !== 'string' || html === '') return '';
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  cleanNode(doc.body);
  return doc.body.innerHTML;
}

const cleanProduct = (product: Product): Product => ({
  ...product,
  Description: cleanHtmlInBrowser(product.Description),
  Variants: (product.Variants ?? []).map((v) => ({ ...v, Description: cleanHtmlInBrowser(v.Description) })),
});

/**
 * Wraps the reads that carry HTML (product descriptions, article content) with browser-side cleaning. With a
 * public API URL the browser talks to the API directly, past the storefront's sanitising /api proxy.
 */
export function withBrowserCleaning(api: ShopApi): ShopApi {
  // Every method is called on its own service object (no spreading: a service may rely on `this`).
  return {
    shipping: api.shipping,
    catalogue: {
      menu: (companyId) => api.catalogue.menu(companyId),
      categoryTree: (companyAlias) => api.catalogue.categoryTree(companyAlias),
      products: async (companyId) => {
        const answer = await api.catalogue.products(companyId);
        return Array.isArray(answer)
          ? answer.map(cleanProduct)
          : { ...answer, items: (answer.items ?? []).map(cleanProduct) };
      },
      productByAlias: async (companyId, alias) =>
        cleanProduct(await api.catalogue.productByAlias(companyId, alias)),
    },
    content: {
      articles: (companyId) => api.content.articles(companyId),
      page: async (alias, companyId): Promise<Article> => {
        const article = await api.content.page(alias, companyId);
        return { ...article, Content: cleanHtmlInBrowser(article.Content) };
      },
    },
  };
}

/** True in a browser whose SDK reads a public API URL (not the storefront's own /api proxy). */
export function readsApiDirectly(publicApiUrl: string): boolean {
  if (typeof window === 'undefined' || typeof DOMParser === 'undefined' || !publicApiUrl) return false;
  try {
    return new URL(publicApiUrl, window.location.href).origin !== window.location.origin;
  } catch {
    return true;
  }
}
