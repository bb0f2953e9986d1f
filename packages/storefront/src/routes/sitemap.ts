import type { ArticleSummary } from '@lp/sdk/contract';
import { type RouteObject, generatePath } from 'react-router-dom';
import { flattenTree, ownPagePath } from '../data/categoryTree';
import type { ShopData } from '../data/shopData';
import type { SitemapEntry } from '../renderTypes';
import type { RouteHandle, SitemapPage, SitemapSource } from './routeHandle';

const joinPath = (parent: string, path: string | undefined) =>
  path === undefined ? parent : path.startsWith('/') ? path : `${parent.replace(/\/$/, '')}/${path}`;

const articlePages = async (data: ShopData, keep: (article: ArticleSummary) => boolean, param?: string) =>
  (await data.articles()).filter(keep).map((article) => ({
    ...(param ? { params: { [param]: article.Alias } } : {}),
    lastmod: article.PublishedAt?.slice(0, 10),
  }));

/** The pages a route's sitemap source names, from the shop's data (catalogue, articles). */
async function pagesOf(
  source: SitemapSource,
  data: ShopData,
  mainCategoryId: number,
): Promise<SitemapPage[]> {
  if (typeof source === 'object') return articlePages(data, (article) => article.Alias === source.article);
  if (source === 'blogPosts') return articlePages(data, (article) => article.Kind === 'blog', 'alias');
  if (source === 'categories') {
    // A category with a page of its own is listed under that page (its own route's entry), not twice.
    const tree = await data.tree();
    return flattenTree(tree)
      .filter((category) => !ownPagePath(tree, category, mainCategoryId))
      .map((category) => ({ params: { idOrName: category.Alias } }));
  }
  if (source === 'plateKinds') {
    const tree = await data.tree();
    const main = flattenTree(tree).find((node) => node.UniqueId === mainCategoryId);
    return (main?.Children ?? []).map((kind) => ({ params: { kind: kind.Alias } }));
  }
  return (await data.products()).map((product) => ({ params: { alias: product.Alias } }));
}

/**
 * Every indexable page of the shop, read from the route table: each route whose handle has `sitemap` adds its fixed
 * path, or one path per page its source lists (parameters encoded by React Router's generatePath). Duplicates go.
 * The sources are read here, on the server, so the browser's route table carries only their names.
 *
 * @example
 * await sitemapEntries(createRoutes({ data, config }), data, config.mainCategoryId); // [{ path: '/' }, ...]
 */
export async function sitemapEntries(
  routes: readonly RouteObject[],
  data: ShopData,
  mainCategoryId: number,
): Promise<SitemapEntry[]> {
  const pending: Promise<SitemapEntry[]>[] = [];
  const visit = (list: readonly RouteObject[], parent: string) => {
    for (const route of list) {
      const path = route.index ? parent : joinPath(parent, route.path);
      const source = (route.handle as RouteHandle | undefined)?.sitemap;
      if (source === true) pending.push(Promise.resolve([{ path }]));
      else if (source) {
        pending.push(
          pagesOf(source, data, mainCategoryId).then((pages) =>
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
