import { isLpError } from '@lp/sdk';
import type { Product, ProductsPage } from '@lp/sdk/contract';
import { productSearchPath } from '@lp/sdk/contract';
import { type LoaderFunctionArgs, redirect } from 'react-router-dom';
import type { ShopData } from '../../data/shopData';

/** Products per results page, as on the category pages (routes/loaders.ts LISTING_PAGE_SIZE). */
export const SEARCH_RESULTS_PAGE_SIZE = 48;
/** The longest query the API takes (contract `q`); a longer text is cut, not refused. */
export const SEARCH_QUERY_MAX = 100;

/** The results page's data (/suche?q=…&seite=N). */
export interface SearchData {
  /** The query as searched: spaces collapsed, control characters and lone surrogates removed, at most 100 signs. */
  query: string;
  /**
   * Why nothing was searched: no query at all, fewer than two letters or digits (a sign alone finds nothing), or
   * the shopper's searches reached the API's limit per minute (429 `rate-limited`, session 20).
   */
  problem?: 'empty' | 'short' | 'busy';
  products: Product[];
  total: number;
  page: number;
  pages: number;
  /** The API's "Meinten Sie …?" (session 19): the query with its typos corrected, when that finds more. */
  suggestion?: string;
}

/** The API's answer (contract `ProductSearchPageSchema`): a page of products and maybe a suggested query. */
type SearchAnswer = ProductsPage<Product> & { suggestion?: string };

const UNSAFE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this removes.
  /[\u0000-\u001f\u007f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * Bidirectional formatting characters (U+202E RIGHT-TO-LEFT OVERRIDE and its kin): shown in the heading "Suchergebnisse
 * für „…“", they reversed the closing quote and what follows. The search folds them away anyway.
 */
const BIDI_CONTROLS = /\p{Bidi_Control}/gu;

/**
 * The shopper's text as the API takes it: control characters and lone surrogates (which a form field can hold, and
 * the API refuses) and bidirectional formatting characters become spaces, runs of spaces one, and it is cut at 100
 * characters (code points, as the API counts).
 */
export function cleanQuery(raw: string): string {
  const text = raw.replace(UNSAFE, ' ').replace(BIDI_CONTROLS, ' ').replace(/\s+/g, ' ').trim();
  return Array.from(text).slice(0, SEARCH_QUERY_MAX).join('').trim();
}

/** Whether the API can search it: at least two letters or digits (its words are split at everything else). */
const searchable = (query: string) => (query.match(/[\p{L}\p{N}]/gu)?.length ?? 0) >= 2;

const empty = (query: string, problem: SearchData['problem']): SearchData => ({
  query,
  problem,
  products: [],
  total: 0,
  page: 1,
  pages: 1,
});

/**
 * Session 18: the loader of /suche. Asks the API's search (`search-products`) for the page `?seite=N` of the
 * query `q` (48 products, the shown products only); one spelling per page as the listings have it: `?seite=1`, a page
 * past the last or not a number go to the first page, keeping `q`. An empty query shows the page with its hint,
 * one the API cannot search (a sign, one letter) the hint to type more; neither asks the API.
 *
 * @example
 * await searchLoader(data)({ request: new Request('https://shop.example/suche?q=fussball') }); // { query: 'fussball', total: 3, ... }
 */
export const searchLoader =
  (data: Pick<ShopData, 'api' | 'company'>) =>
  async ({ request }: Pick<LoaderFunctionArgs, 'request'>): Promise<SearchData> => {
    const url = new URL(request.url);
    const query = cleanQuery(url.searchParams.get('q') ?? '');
    const asked = url.searchParams.get('seite');
    const number = Number(asked ?? 1);
    const firstPage = () => {
      url.searchParams.delete('seite');
      return redirect(`${url.pathname}${url.search}`);
    };
    if (asked !== null && !(Number.isInteger(number) && number > 1 && asked === String(number))) {
      if (Number.isInteger(number) && number > 1) {
        url.searchParams.set('seite', String(number));
        throw redirect(`${url.pathname}${url.search}`);
      }
      throw firstPage();
    }
    if (!query) return empty('', 'empty');
    if (!searchable(query)) return empty(query, 'short');
    let answer: SearchAnswer;
    try {
      answer = await data.api.client.request<SearchAnswer>('GET', productSearchPath, {
        query: {
          companyId: data.company.UniqueId,
          q: query,
          page: number,
          pageSize: SEARCH_RESULTS_PAGE_SIZE,
        },
      });
    } catch (error) {
      // The API's own rule says it cannot search this text (400 `validation` naming `q`): the shopper is asked for
      // more, not shown an error. Any other refusal is an error, not a silent "type more".
      if (isLpError(error) && error.status === 400 && error.apiCode === 'validation')
        return empty(query, 'short');
      // Too many searches from this shopper in a short time: they are asked to wait, not shown an error page.
      if (isLpError(error) && error.apiCode === 'rate-limited') return empty(query, 'busy');
      throw error;
    }
    const pages = Math.max(1, Math.ceil(answer.total / SEARCH_RESULTS_PAGE_SIZE));
    if (number > pages) throw firstPage();
    const suggestion = answer.suggestion ? cleanQuery(answer.suggestion) : '';
    return {
      query,
      products: answer.items,
      total: answer.total,
      page: number,
      pages,
      ...(suggestion && suggestion !== query ? { suggestion } : {}),
    };
  };
