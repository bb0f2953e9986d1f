import type { Product } from '@lp/sdk/contract';

/**
 * spec 4: the upsell list excludes the product shown and products that sit only in the main category (except
 * alias 'funschild', compared case-insensitively); the configured sort order puts chosen products first, in
 * that order, the rest keep catalogue order.
 *
 * @example
 * upsellProducts(all, { currentUniqueId: 'KZH-001', mainCategoryId: 1737374401, sortOrder: ['FKZ-002'] });
 */
export function upsellProducts(
  products: readonly Product[],
  options: {
    currentUniqueId?: string | null;
    mainCategoryId: number;
    sortOrder: readonly string[];
    limit?: number;
  },
): Product[] {
  const onlyMain = (product: Product) =>
    (product.Categories ?? []).length > 0 &&
    product.Categories.every((ref) => ref.UniqueId === options.mainCategoryId);
  const kept = products.filter(
    (product) =>
      product.UniqueId !== options.currentUniqueId &&
      (!onlyMain(product) || product.Alias?.toLowerCase() === 'funschild'),
  );
  const rank = new Map(options.sortOrder.map((code, index) => [code, index]));
  const ordered = kept
    .map((product, index) => ({
      product,
      index,
      rank: rank.get(product.UniqueId) ?? Number.POSITIVE_INFINITY,
    }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map((entry) => entry.product);
  return options.limit === undefined ? ordered : ordered.slice(0, options.limit);
}
