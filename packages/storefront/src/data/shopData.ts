import type { Article, ArticleSummary, Category, Company, MenuEntry, Product } from '@lp/sdk/contract';
import type { PublicConfig } from '../config';
import { freeShippingMinimum, removeHiddenCategories, rootPrice, visibleMenu } from './catalogueRules';
import type { ShopApi } from './shopApi';

/** The data the page chrome needs on every route (root loader). */
export interface LayoutData {
  menu: MenuEntry[];
  tree: Category[];
  articles: ArticleSummary[];
  freeShippingFrom: number;
}

/**
 * Catalogue and content reads for the route loaders. Each read is shared while it is in flight and kept for
 * `ttlMs`, so two loaders of one navigation ask once. That matters for transfer state too: each transferred
 * answer is used once (SDK), so one page must not ask twice for the same URL.
 * `fromServer` (the browser, once hydrated from the server's loader data): the catalogue's pages take their data
 * from the shop's server (routes/loaders.ts), which keeps the catalogue, instead of reading all of it here.
 */
export function createShopData(
  api: ShopApi,
  company: Company,
  config: PublicConfig,
  { ttlMs = 5 * 60_000, fromServer = false } = {},
) {
  const cache = new Map<string, { at: number; value: Promise<unknown> }>();
  function memo<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = cache.get(key);
    if (hit && Date.now() - hit.at < ttlMs) return hit.value as Promise<T>;
    const value = load();
    cache.set(key, { at: Date.now(), value });
    value.catch(() => cache.delete(key));
    return value;
  }
  const id = company.UniqueId;
  // Articles and orders come through services made on first use: their code loads with the route loaders (the
  // first reads), not with every route's initial script.
  const content = async () => (await import('../sdk/contentOf')).contentOf(api);
  const orders = async () => (await import('../sdk/ordersOf')).ordersOf(api);

  const data = {
    company,
    /** Session 18: reads that are never kept (the shop's search, features/search/searchLoader.ts) ask through it. */
    api,
    fromServer,
    menu: () => memo('menu', async () => visibleMenu(await api.catalogue.menu(id), config.hiddenCategoryIds)),
    tree: () =>
      memo('tree', async () =>
        removeHiddenCategories(
          await api.catalogue.categoryTree(config.companyAlias),
          config.hiddenCategoryIds,
        ),
      ),
    products: () =>
      memo('products', async () =>
        (await import('./shownProducts')).shownProducts(api, id, config.hiddenCategoryIds),
      ),
    product: (alias: string) =>
      memo(`product:${alias.toLowerCase()}`, () => api.catalogue.productByAlias(id, alias)),
    /** Issue 13: the quantity discounts of a product (none when the API cannot say: the page still sells). */
    discounts: (productKey: string) =>
      memo(`discounts:${productKey.toLowerCase()}`, async () =>
        api.catalogue.discounts ? api.catalogue.discounts(productKey, id).catch(() => []) : [],
      ),
    articles: () => memo('articles', async () => (await content()).articles(id)),
    article: (alias: string) =>
      memo(`article:${alias.toLowerCase()}`, async () => (await content()).page(alias, id)),
    shippingMethods: () => memo('shipping', () => api.shipping.activeMethods(id)),
    freeShippingFrom: async () => freeShippingMinimum(await data.shippingMethods()),
    rootPrice: async () => rootPrice(await data.products()),
    /** One order by its headerGuid (thank-you page); never kept: its status changes while the shopper pays. */
    order: async (headerGuid: string) => (await orders()).get(headerGuid),
    async layout(): Promise<LayoutData> {
      const [menu, tree, articles, freeShippingFrom] = await Promise.all([
        data.menu(),
        data.tree(),
        data.articles(),
        data.freeShippingFrom(),
      ]);
      return { menu, tree, articles, freeShippingFrom };
    },
  };
  return data;
}

export type ShopData = ReturnType<typeof createShopData>;
export type { Article, Product };
