import { type RouteObject, generatePath } from 'react-router-dom';
import type { SitemapEntry } from '../renderTypes';
import type { RouteHandle } from './routeHandle';

const joinPath = (parent: string, path: string | undefined) =>
  path === undefined ? parent : path.startsWith('/') ? path : `${parent.replace(/\/$/, '')}/${path}`;

/**
 * Every indexable page of the shop, read from the route table: each route whose handle has `sitemap` adds its fixed
 * path, or one path per page its source lists (parameters encoded by React Router's generatePath). Duplicates go.
 *
 * @example
 * await sitemapEntries(createRoutes({ data, config })); // [{ path: '/' }, { path: '/catalog' }, ...]
 */
export async function sitemapEntries(routes: readonly RouteObject[]): Promise<SitemapEntry[]> {
  const pending: Promise<SitemapEntry[]>[] = [];
  const visit = (list: readonly RouteObject[], parent: string) => {
    for (const route of list) {
      const path = route.index ? parent : joinPath(parent, route.path);
      const source = (route.handle as RouteHandle | undefined)?.sitemap;
      if (source === true) pending.push(Promise.resolve([{ path }]));
      else if (source) {
        pending.push(
          source().then((pages) =>
            pages.map((page) => ({
              path: generatePath(path, page.params ?? {}),
              ...(page.lastmod ? { lastmod: page.lastmod } : {}),
            })),
          ),
        );
      }
      if (route.children) visit(route.children, path);
    }
  };
  visit(routes, '');
  const seen = new Set<string>();
  return (await Promise.all(pending)).flat().filter((entry) => !seen.has(entry.path) && seen.add(entry.path));
}
