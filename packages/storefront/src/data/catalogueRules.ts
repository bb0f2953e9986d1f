import type { Category, MenuEntry, Product, ShippingMethod } from '@lp/sdk/contract';
import { ATTR } from '@lp/sdk/contract';

/**
 * spec 4: categories listed in the hidden-category configuration are removed from the tree (with their
 * children).
 */
export function removeHiddenCategories(tree: readonly Category[], hiddenIds: readonly number[]): Category[] {
  const hidden = new Set(hiddenIds);
  return tree
    .filter((node) => !hidden.has(node.UniqueId))
    .map((node) => ({ ...node, Children: removeHiddenCategories(node.Children ?? [], hiddenIds) }));
}

/** spec 2: the menu without hidden categories. */
export function visibleMenu(menu: readonly MenuEntry[], hiddenIds: readonly number[]): MenuEntry[] {
  const hidden = new Set(hiddenIds);
  return menu.filter((entry) => !hidden.has(entry.CategoryId));
}

/** spec 5: the plate-type lookup ignores the first space ('Auto ' and ' Auto' both mean 'Auto'). */
export const plateTypeOf = (product: Pick<Product, 'Attributes'>): string =>
  (product.Attributes?.[ATTR.plateType] ?? '').replace(' ', '').trim();

/** spec 1: the product of plate type "Auto" sets the headline root price; 0 without one. */
export function rootPrice(products: readonly Product[]): number {
  const auto = products.find((product) => plateTypeOf(product) === 'Auto');
  return auto && Number.isFinite(auto.Price) ? auto.Price : 0;
}

/** spec 9: free-shipping minimum = minOrderAmount of the first rate with rate 0 (0 if none). */
export function freeShippingMinimum(methods: readonly ShippingMethod[]): number {
  for (const method of methods) {
    const free = method.shippingRates?.find((rate) => rate.rate === 0);
    if (free) return free.minOrderAmount;
  }
  return 0;
}

/** The products list from either answer shape (a page or a bare array). */
export function productItems(answer: { items: Product[] } | Product[] | null | undefined): Product[] {
  if (Array.isArray(answer)) return answer;
  return Array.isArray(answer?.items) ? answer.items : [];
}
