import { type StaticHandler, matchRoutes } from 'react-router-dom';
import type { RouteDeps } from '../routes/routeDeps';
import type { RouteHandle } from '../routes/routeHandle';

/**
 * The loader data of one page as the browser's loaders take it (routes/loaders.ts `fromServer`): the data, or the
 * address the page redirects to (`?seite` out of range, an unknown category).
 */
export type PageDataAnswer = { data: unknown } | { redirect: string };

/**
 * The pages whose data the browser asks the shop's server for on a client navigation: the catalogue's (home,
 * categories, the other listings, products). Their loaders read the catalogue the server keeps (entry-server.tsx);
 * in the browser they would read every products page of the API. No shopper's data is among them.
 */
const SERVED: ReadonlySet<string> = new Set([
  // The cart page's catalogue part (minimums, upsell): rendered here without the shopper's cart (no cart reader,
  // no cookies), which the browser's cart store has.
  'cart',
  'home',
  'category',
  'catalog',
  'list',
  'product',
  'configurator',
]);

/**
 * A product page's first picture travels inline only in the page's HTML, for its largest paint
 * (features/product/inlinePicture.ts); after a client navigation the page shows it from its address (cached, and the
 * answer stays small), as it did before this endpoint.
 */
function withoutInlinePicture(data: unknown): unknown {
  if (!data || typeof data !== 'object' || !('picture' in data)) return data;
  const { picture: _inline, ...rest } = data as Record<string, unknown>;
  return rest;
}

const redirectOf = (response: Response): PageDataAnswer | undefined => {
  const location = response.headers.get('Location');
  return response.status >= 300 && response.status < 400 && location ? { redirect: location } : undefined;
};

/**
 * Runs the loader of the page `request` asks for, and only that one (not the layout's), as the server render runs
 * it: the browser shows the same products, pages and redirects for the same address. `null` for a page that is not
 * the catalogue's. `handler`: the server's, made once (entry-server.tsx); `deps` travel as its request context.
 *
 * @example
 * await pageDataOf(handler, new Request('http://shop/kategorie/funschilder?seite=2'), { data, config });
 * // { data: { category, tree, products: [48 products], total: 2092, page: 2, pages: 44 } }
 */
export async function pageDataOf(
  handler: StaticHandler,
  request: Request,
  deps: RouteDeps,
): Promise<PageDataAnswer | null> {
  const deepest = matchRoutes(handler.dataRoutes, new URL(request.url).pathname)?.at(-1)?.route;
  const head = (deepest?.handle as RouteHandle | undefined)?.head;
  if (!deepest?.id || !deepest.loader || !head || !SERVED.has(head)) return null;
  try {
    const result: unknown = await handler.queryRoute(request, { routeId: deepest.id, requestContext: deps });
    if (result instanceof Response) return redirectOf(result) ?? null;
    return { data: withoutInlinePicture(result) };
  } catch (thrown) {
    const redirected = thrown instanceof Response ? redirectOf(thrown) : undefined;
    if (redirected) return redirected;
    throw thrown;
  }
}
