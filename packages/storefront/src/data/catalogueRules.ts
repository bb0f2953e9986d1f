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

/** Every category id in the subtree rooted at `id` (the id itself included). */
export function subtreeIds(tree: readonly Category[], id: number): Set<number> {
  const ids = new Set<number>();
  const visit = (nodes: readonly Category[], inside: boolean) => {
    for (const node of nodes) {
      const here = inside || node.UniqueId === id;
      if (here) ids.add(node.UniqueId);
      visit(node.Children ?? [], here);
    }
  };
  visit(tree, false);
  if (ids.size === 0) ids.add(id);
  return ids;
}

/** Flattens the tree depth-first. */
export function flattenTree(tree: readonly Category[]): Category[] {
  return tree.flatMap((node) => [node, ...flattenTree(node.Children ?? [])]);
}

const norm = (text: string) => text.trim().toLowerCase();

/** spec 2: /kategorie/{id} also answers /kategorie/{name}: numeric id, alias or name (case-insensitive). */
export function findCategory(tree: readonly Category[], idOrName: string): Category | undefined {
  const key = norm(decodeURIComponent(idOrName));
  return flattenTree(tree).find(
    (node) => String(node.UniqueId) === key || norm(node.Alias) === key || norm(node.Name) === key,
  );
}

/** Products in a category or any of its subcategories, catalogue order kept. */
export function productsInCategory(
  products: readonly Product[],
  tree: readonly Category[],
  id: number,
): Product[] {
  const ids = subtreeIds(tree, id);
  return products.filter((product) => product.Categories?.some((ref) => ids.has(ref.UniqueId)));
}

/** The products list from either answer shape (a page or a bare array). */
export function productItems(answer: { items: Product[] } | Product[] | null | undefined): Product[] {
  if (Array.isArray(answer)) return answer;
  return Array.isArray(answer?.items) ? answer.items : [];
}
