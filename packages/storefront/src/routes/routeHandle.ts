import type { Params } from 'react-router-dom';

/** Head data of one page (spec 2: title and description come from the deepest route's data). */
export interface PageMeta {
  title: string;
  description?: string;
  /** JSON-LD objects for `<script type="application/ld+json">` (Product on product pages). */
  jsonLd?: Record<string, unknown>[];
}

/** The `handle` every route may carry; read by the head, the layout and the server. */
export interface RouteHandle {
  /** Builds the head from the route's loader data. */
  meta?: (data: unknown, params: Params, origin: string) => PageMeta;
  /** spec 2: page-level data can hide the template (header, footer and body chrome). */
  hideTemplate?: boolean;
  /** HTTP status the server answers with when this is the deepest route (404 pages). */
  status?: number;
  /** Source path of the page module (the build manifest key), for preload tags. */
  module?: string;
}

export const SHOP_NAME = 'Kennzeichen-Profi';
