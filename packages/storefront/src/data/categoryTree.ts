import type { Category, Product } from '@lp/sdk/contract';

// Lookups in the category tree for the route loaders and the sitemap. Apart from catalogueRules.ts (what the shop
// data needs as it starts): the loaders load after hydration, so these stay out of every route's initial script.

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

/** The alias prefix of the printed holders' category, which the printing page (/kennzeichenhalter-bedrucken) lists. */
export const PRINTED_HOLDERS = 'kennzeichenhalter-bedruck';

/**
 * The spec-2 page that lists a category's products under a path of its own, if any: /kennzeichen for the main
 * category, /kennzeichen/{kind} for a plate kind in it, /kennzeichenhalter-bedrucken for the printed holders. Their
 * /kategorie/ listing shows the same products, so that page is the canonical one and the one in sitemap.xml: one
 * listing, one address for a search engine and one search result for a shopper.
 */
export function ownPagePath(
  tree: readonly Category[],
  category: Category,
  mainCategoryId: number,
): string | undefined {
  if (category.UniqueId === mainCategoryId) return '/kennzeichen';
  const main = flattenTree(tree).find((node) => node.UniqueId === mainCategoryId);
  if (main?.Children?.some((kind) => kind.UniqueId === category.UniqueId))
    return `/kennzeichen/${encodeURIComponent(category.Alias)}`;
  if (category.Alias.startsWith(PRINTED_HOLDERS)) return '/kennzeichenhalter-bedrucken';
  return undefined;
}
