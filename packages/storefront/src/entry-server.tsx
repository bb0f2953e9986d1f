import { createSdkCore } from '@lp/sdk/compose';
import { type Product, businessPaths } from '@lp/sdk/contract';
import { renderToString } from 'react-dom/server';
import { StaticRouterProvider, createStaticHandler, createStaticRouter } from 'react-router-dom';
import { AppProviders } from './app/AppProviders';
import { publicConfig } from './config';
import { ConsentContext } from './features/consent/ConsentContext';
import { createConsentStore } from './features/consent/consentStore';
import { keepFresh } from './data/keepFresh';
import type { ShopApi } from './data/shopApi';
import { type ShopData, createShopData } from './data/shopData';
import { productWithVariant } from './data/variants';
import { productPictureSvg } from './features/product/productPicture';
import { createErrorReporter } from './errors/errorReporter';
import { serverCartForPage, serverCartReader } from './features/cart/serverCart';
import { type RouteDeps, createRoutes } from './routes/createRoutes';
import type { RouteHandle } from './routes/routeHandle';
import { sitemapEntries } from './routes/sitemap';
import { type PageDataAnswer, pageDataOf } from './server/pageData';
import { computeHead } from './seo/pageHead';
import type { RenderResult, Renderer, RendererOptions, SitemapEntry } from './renderTypes';

export type { RenderResult, Renderer, RendererOptions, SitemapEntry };

/**
 * Wraps fetch so each successful JSON GET answer is kept under the SDK's transfer-state key (`GET <url>`), the
 * same URL string the SDK passes to fetch.
 */
function recordingFetch(inner: typeof fetch, recorded: Record<string, unknown>): typeof fetch {
  return async (input, init) => {
    const response = await inner(input, init);
    const method = (init?.method ?? 'GET').toUpperCase();
    const type = response.headers.get('content-type') ?? '';
    if (method === 'GET' && response.status === 200 && type.includes('json')) {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      try {
        recorded[`GET ${url}`] = await response.clone().json();
      } catch {
        // not JSON after all: the SDK reports it; nothing to transfer
      }
    }
    return response;
  };
}

/** A product document by alias: the one kind of answer the browser asks for again outside the loaders. */
const PRODUCT_DOCUMENT = `${businessPaths.productByAlias}?`;

/**
 * The GET answers the browser's SDK finds instead of asking the API. The browser asks the same URLs relative to
 * its own API base (publicApiUrl), so the keys are rewritten. `everything`: a loader failed, so the browser's
 * loaders run and need every answer.
 */
function browserTransferState(
  recorded: Record<string, unknown>,
  initial: Record<string, unknown>,
  everything: boolean,
  bases: { server: string; browser: string },
): Record<string, unknown> {
  const transferState = { ...initial };
  const serverPrefix = `GET ${bases.server}`;
  for (const [key, body] of Object.entries(recorded)) {
    const rewritten = key.startsWith(serverPrefix)
      ? `GET ${bases.browser}${key.slice(serverPrefix.length)}`
      : key;
    if (everything || rewritten.includes(PRODUCT_DOCUMENT)) transferState[rewritten] = body;
  }
  return transferState;
}

export async function createRenderer(options: RendererOptions): Promise<Renderer> {
  const { config } = options;
  const reporter = options.reporter ?? createErrorReporter();
  const pub = publicConfig(config);
  const base = {
    baseUrl: config.apiUrl,
    companyAlias: config.companyAlias,
    storage: null,
    fetch: options.fetch,
  };
  const company = await createSdkCore(base).getCompany();
  // The catalogue the server keeps for every request (products, menu, category tree): product pictures, the sitemap
  // and the pages' loaders read it once per period, renewed in the background (data/keepFresh.ts), not once per
  // page rendered (every products page and the menu with every product's name: megabytes at 5,000 products).
  // Its reads are no page's: a page's deadline does not cut them short (server/apiFetch.ts outsidePages).
  const catalogueBase = { ...base, fetch: options.catalogueFetch ?? options.fetch };
  const fresh = <T,>(read: (data: ShopData) => Promise<T>) =>
    keepFresh(
      () => read(createShopData(createSdkCore(catalogueBase), company, pub)),
      options.catalogueTtlMs ?? 5 * 60_000,
    );
  const catalogue = {
    products: fresh((data) => data.products()),
    menu: fresh((data) => data.menu()),
    tree: fresh((data) => data.tree()),
  };
  const withCatalogue = (sdk: ShopApi): ShopApi => ({
    ...sdk,
    catalogue: {
      ...sdk.catalogue,
      products: () => catalogue.products(),
      menu: () => catalogue.menu(),
      categoryTree: () => catalogue.tree(),
    },
  });
  // The route table and React Router's static handler (its routes flattened and ranked) once per process; each
  // page's data, config and cart read travel as the handler's request context (routes/createRoutes.tsx).
  const routes = createRoutes();
  const handler = createStaticHandler(routes);
  const companyKey = `GET ${pub.publicApiUrl}/api/v1/business/get?alias=${encodeURIComponent(config.companyAlias)}`;

  async function render(request: Request, origin: string): Promise<RenderResult> {
    const recorded: Record<string, unknown> = {};
    const sdk = createSdkCore({
      ...base,
      fetch: recordingFetch(base.fetch ?? globalThis.fetch, recorded),
      retries: 1,
    });
    const data = createShopData(withCatalogue(sdk), company, pub);
    // The cart page reads the shopper's cart (its guid from the cart cookie) through the plain API fetch: a cart is
    // never recorded as transfer state.
    // Its shipping methods are the page's (the layout read them for the free-shipping minimum): asked once.
    const serverCart = serverCartForPage(
      serverCartReader(base, company.UniqueId, () => data.shippingMethods()),
    );
    const requestContext: RouteDeps = { data, config: pub, serverCart };
    const context = await handler.query(request, { requestContext });
    if (context instanceof Response) {
      return { kind: 'redirect', status: context.status, location: context.headers.get('Location') ?? '/' };
    }
    const router = createStaticRouter(handler.dataRoutes, context);
    // The shopper's consent cookie decides whether the banner is part of the HTML; the browser reads the same
    // cookie, so hydration renders the same markup. Read-only here: decisions are made in the browser or by the
    // banner's form post (server/consentRoute.ts).
    const cookie = request.headers.get('cookie') ?? '';
    const consent = createConsentStore({ cookies: { read: () => cookie, write: () => {} } });
    const html = renderToString(
      <AppProviders value={{ sdk, data, config: pub, reporter }}>
        <ConsentContext.Provider value={consent}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </ConsentContext.Provider>
      </AppProviders>,
    );
    const deepest = context.matches[context.matches.length - 1]?.route.handle as RouteHandle | undefined;
    let status = context.statusCode;
    if (status === 200 && deepest?.status) status = deepest.status;
    for (const error of Object.values(context.errors ?? {}))
      reporter.report(error, `route:${new URL(request.url).pathname}`);
    const head = computeHead(
      context.matches.map((m) => ({
        handle: m.route.handle,
        data: context.loaderData[m.route.id],
        params: m.params,
      })),
      new URL(request.url),
      config.siteUrl || origin,
    );
    // The loaders' results travel as the router's hydration data. They hold what the page shows (eight cards,
    // not the whole catalogue list the loader read them from), so the page carries a fraction of the answers.
    // Only product documents still travel as answers: the widget's elements and useProduct look them up again in
    // the browser. When a loader failed, everything travels and the browser's loaders run on the answers.
    const failed = Object.keys(context.errors ?? {}).length > 0;
    const hydrationData = failed ? undefined : { loaderData: context.loaderData };
    const transferState = browserTransferState(recorded, { [companyKey]: company }, failed, {
      server: config.apiUrl,
      browser: pub.publicApiUrl,
    });
    return {
      kind: 'page',
      status,
      html,
      head,
      boot: { config: pub, company, transferState, ...(hydrationData ? { hydrationData } : {}) },
      hideTemplate: deepest?.hideTemplate === true,
      personal: context.matches.some((m) => (m.route.handle as RouteHandle | undefined)?.personal === true),
      modules: context.matches
        .map((m) => (m.route.handle as RouteHandle | undefined)?.module)
        .filter((module): module is string => typeof module === 'string'),
    };
  }

  // sitemap.xml lists what the route table marks as indexable (routes/sitemap.ts).
  const sitemap = (): Promise<SitemapEntry[]> => {
    const data = createShopData(withCatalogue(createSdkCore(base)), company, pub);
    return sitemapEntries(routes, data, pub.mainCategoryId);
  };

  // Issue 13: product pictures are drawn from the catalogue (features/product/productPicture.ts). One shop-data
  // instance serves them all, so a page of cards asks the API for the catalogue at most once per cache period;
  // each drawing is kept per product document (a new catalogue answer draws afresh).
  const drawn = new WeakMap<object, string>();
  const productPicture = async (code: string): Promise<string | null> => {
    // A product's code, or a variant's (cart lines name variants): the variant is drawn as it will be made.
    const wanted = code.toLowerCase();
    for (const product of await catalogue.products()) {
      const variant = product.Variants?.find((v) => v.UniqueId.toLowerCase() === wanted);
      if (!variant && product.UniqueId.toLowerCase() !== wanted) continue;
      const key: object = variant ?? product;
      let svg = drawn.get(key);
      if (svg === undefined) {
        svg = productPictureSvg(productWithVariant(product, variant ?? null));
        drawn.set(key, svg);
      }
      return svg;
    }
    return null;
  };

  const wishlistProducts = async (ids: readonly string[]): Promise<Product[]> => {
    const wanted = new Set(ids);
    return (await catalogue.products()).filter((product) => wanted.has(product.UniqueId));
  };

  // A catalogue page's loader data for the browser's client navigations (server/pageData.ts): its page of the
  // catalogue kept here, not the whole catalogue read by the browser.
  const pageData = (request: Request): Promise<PageDataAnswer | null> => {
    const data = createShopData(withCatalogue(createSdkCore({ ...base, retries: 1 })), company, pub);
    return pageDataOf(handler, request, { data, config: pub });
  };

  return { company, render, sitemap, productPicture, wishlistProducts, pageData };
}
