import type { Product } from '@lp/sdk/contract';
import { PRODUCTS_PAGE_SIZE, businessPaths } from '@lp/sdk/contract';
import { productItems } from './catalogueRules';
import type { ShopApi } from './shopApi';

const PAGES_AT_ONCE = 4;

/**
 * Every shown product of the company: spec 9's page 1 of 1000, then, for a larger catalogue, the next pages the API
 * offers (its `total`), so listings, the sitemap and the wish list know them all. Products that live only in hidden
 * categories are internal (spec 4: hidden categories removed). Loaded with the first read (shopData.ts), not with
 * every route's initial script.
 *
 * @example
 * await shownProducts(sdk, 1001, [1737374404]); // 4,999 products of a 5,000-product catalogue
 */
export async function shownProducts(
  api: ShopApi,
  companyId: number,
  hiddenCategoryIds: readonly number[],
): Promise<Product[]> {
  const first = await api.catalogue.products(companyId);
  const items = [...productItems(first)];
  // The size the API answered with (its cap may be below the size asked for).
  const size = (!Array.isArray(first) && first.pageSize) || PRODUCTS_PAGE_SIZE;
  const pages = Array.isArray(first) ? 1 : Math.ceil(first.total / size);
  // The further pages a few at a time (about 0.4 s and 1 MB each at 1,000 products), in catalogue order.
  for (let page = 2; page <= pages; page += PAGES_AT_ONCE) {
    const batch = Array.from({ length: Math.min(PAGES_AT_ONCE, pages - page + 1) }, (_, i) =>
      api.client.request<{ items: Product[] }>('GET', businessPaths.products, {
        query: { companyId, page: page + i, pageSize: size },
      }),
    );
    for (const answer of await Promise.all(batch)) items.push(...productItems(answer));
  }
  const hidden = new Set(hiddenCategoryIds);
  // A product moved between two pages' reads would come twice: once is enough.
  const seen = new Set<string>();
  return items.filter(
    (product) =>
      !seen.has(product.UniqueId) &&
      seen.add(product.UniqueId) &&
      ((product.Categories ?? []).length === 0 ||
        product.Categories.some((ref) => !hidden.has(ref.UniqueId))),
  );
}
