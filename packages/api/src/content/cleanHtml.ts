import type { Article, Product } from '@lp/sdk/contract';
import sanitizeHtml from 'sanitize-html';

/**
 * The one sanitiser for HTML from data (issue 10): product and variant `Description`, article `Content`.
 *
 * Cleaned on read, in the answers that carry the HTML (get-product-by-alias, getproducts, page), not on write:
 * the API has no write path for these rows. They come from the seed, from data folders written by earlier
 * versions, or from edits straight in the database, and an answer is the one point every row passes, whenever
 * and however it was written. A bounded memo keyed by the raw HTML makes a repeated read a map lookup. Cart and
 * order paths never read these fields, so they never pay. Excerpts and titles are plain text (clients escape
 * them), so they are left alone: cleaning text as HTML would turn `&` into `&amp;`.
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
  // A link may open a new tab (target survives), so it never gets a handle on the opener.
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
};

/** The demo shop has about a hundred distinct texts; the bound keeps hostile or huge data from growing memory. */
const MEMO_MAX_ENTRIES = 2_000;
const MEMO_MAX_CHARS = 4_000_000;
const memo = new Map<string, string>();
let memoChars = 0;

/** Safe HTML for any value: a string is sanitised, anything else (null, a number, an object) becomes ''. */
export function cleanHtml(html: unknown): string {
  if (typeof html !== 'string' || html === '') return '';
  const hit = memo.get(html);
  if (hit !== undefined) return hit;
  const clean = sanitizeHtml(html, OPTIONS);
  const size = html.length + clean.length;
  if (size <= MEMO_MAX_CHARS) {
    // Starting over when full is simpler than an LRU and costs one sanitising pass per distinct text.
    if (memo.size >= MEMO_MAX_ENTRIES || memoChars + size > MEMO_MAX_CHARS) {
      memo.clear();
      memoChars = 0;
    }
    memo.set(html, clean);
    memoChars += size;
  }
  return clean;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** A product as stored, with its own and each variant's Description cleaned. */
export function cleanProduct(product: Product): Product {
  const variants: unknown = product.Variants;
  return {
    ...product,
    Description: cleanHtml(product.Description),
    // Stored JSON is not checked against the type, so a variant may be anything.
    Variants: Array.isArray(variants)
      ? (variants.map((v) =>
          isObject(v) ? { ...v, Description: cleanHtml(v.Description) } : v,
        ) as Product['Variants'])
      : product.Variants,
  };
}

/** An article as stored, with its Content cleaned. */
export function cleanArticle(article: Article): Article {
  return { ...article, Content: cleanHtml(article.Content) };
}
