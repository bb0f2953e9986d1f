import type { Company, Product } from '@lp/sdk/contract';
import type { BootData } from './app/bootData';
import type { StorefrontConfig } from './config';
import type { ErrorReporter } from './errors/errorReporter';
import type { PageHead } from './seo/pageHead';
import type { PageDataAnswer } from './server/pageData';

// The contract between the Node server (server/) and the render module (entry-server.tsx, built by Vite).

export interface RendererOptions {
  config: StorefrontConfig;
  /** The fetch the server-side SDK uses (the server passes one that sanitises HTML in answers). */
  fetch?: typeof fetch;
  reporter?: ErrorReporter;
  /** The fetch for the catalogue kept for every request (server/apiFetch.ts outsidePages); `fetch` when not given. */
  catalogueFetch?: typeof fetch;
  /**
   * How long the catalogue (products, menu, category tree) read once for every request is kept before it is read
   * again in the background; 5 minutes by default (as the browser's shop data keeps its reads).
   */
  catalogueTtlMs?: number;
}

export type RenderResult =
  | { kind: 'redirect'; status: number; location: string }
  | {
      kind: 'page';
      status: number;
      html: string;
      head: PageHead;
      boot: BootData;
      hideTemplate: boolean;
      /** The HTML carries a shopper's data (RouteHandle.personal): no cache may keep it. */
      personal: boolean;
      /** Build-manifest keys of the matched page modules (for preload tags). */
      modules: string[];
    };

export interface SitemapEntry {
  path: string;
  lastmod?: string;
}

export interface Renderer {
  company: Company;
  render(request: Request, origin: string): Promise<RenderResult>;
  /** Every indexable path of the shop, from the catalogue (sitemap.xml). */
  sitemap(): Promise<SitemapEntry[]>;
  /** The picture of a shown product as SVG, drawn from the catalogue (issue 13); null for an unknown code. */
  productPicture(code: string): Promise<string | null>;
  /** The shown products among these ids, in catalogue order (the wish list page, server/wishlistProducts.ts). */
  wishlistProducts(ids: readonly string[]): Promise<Product[]>;
  /** A catalogue page's loader data for a client navigation (server/pageData.ts); null for other pages. */
  pageData(request: Request): Promise<PageDataAnswer | null>;
}

/**
 * The server side of the app: resolves the company once (spec 7: at start-up), then renders each request with
 * its own SDK, which records every GET answer as transfer state for the browser (DESIGN 5).
 */
