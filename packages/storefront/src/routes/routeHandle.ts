import type { Product } from '@lp/sdk/contract';
import type { HeadName } from '../seo/routeHeads';

/** Head data of one page (spec 2: title and description come from the deepest route's data). */
export interface PageMeta {
  title: string;
  description?: string;
  /**
   * The page's own path for its canonical link when the URL may spell it otherwise: a category by id or by name, a
   * product alias in other letter case (URL-encoded, as in sitemap.xml). Without it the canonical is the requested
   * path, trimmed and lower-cased.
   */
  path?: string;
  /** JSON-LD objects for `<script type="application/ld+json">` (Product on product pages). */
  jsonLd?: Record<string, unknown>[];
  /** The page's picture for link previews (Open Graph); product pages give the product's picture. */
  image?: import('../seo/pageHead').HeadImage;
  /** The picture that is the page's largest paint, preloaded with the head. */
  preloadImage?: string;
  /**
   * The product a page shows: the head code adds its JSON-LD, link-preview picture and picture preload
   * (seo/productHead.ts). `pictureInPage`: its first picture is in the HTML (no preload).
   */
  product?: { product: Product; pictureInPage: boolean };
  /** The page is kept out of search engines' indexes (`<meta name="robots" content="noindex">`): search results. */
  noindex?: boolean;
  /** The page's links are followed although its address has a query its canonical lacks (a sorted listing). */
  follow?: boolean;
}

/** The `handle` every route may carry; read by the head, the layout and the server. */
export interface RouteHandle {
  /** The route's head (title, description ...), built from its loader data by the head code (seo/routeHeads.ts). */
  head?: HeadName;
  /** spec 2: page-level data can hide the template (header, footer and body chrome). */
  hideTemplate?: boolean;
  /** HTTP status the server answers with when this is the deepest route (404 pages). */
  status?: number;
  /** Source path of the page module (the build manifest key), for preload tags. */
  module?: string;
  /**
   * The route's place in sitemap.xml (read by routes/sitemap.ts): `true` lists its fixed path; a source lists one
   * entry per page the route serves. Routes without it (cart, account, ...) stay out.
   */
  sitemap?: true | SitemapSource;
  /** The page's HTML carries a shopper's data (an order): answered `private, no-store` instead of `no-cache`. */
  personal?: boolean;
}

/** One page of a parameterised route: its path parameters and, where known, when it last changed. */
export interface SitemapPage {
  params?: Record<string, string>;
  lastmod?: string;
}
/**
 * Where a parameterised route's pages come from (routes/sitemap.ts reads them from the shop's data): every
 * category (but those with a page of their own), every plate kind, every product, every blog post, or the one
 * article of an information page.
 */
export type SitemapSource = 'categories' | 'plateKinds' | 'products' | 'blogPosts' | { article: string };

export const SHOP_NAME = 'Kennzeichen-Profi';
