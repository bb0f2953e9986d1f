import type { Category, Company, Discount, MenuEntry, Product } from '@lp/sdk/contract';
import type { Queryable } from '../db/Db';
import { SHOWN_PRODUCT, inCategory } from './shownProduct';

interface CategoryRow extends Record<string, unknown> {
  id: number;
  parent_id: number | null;
  alias: string;
  name: string;
}

const toCompany = (r: Record<string, unknown>): Company => ({
  UniqueId: Number(r.id),
  Alias: String(r.alias),
  Name: String(r.name),
});

/** Catalogue reads: companies, categories, products, discounts (plain SQL, DESIGN 6). */
export function catalogueRepo(db: Queryable) {
  return {
    async companies(): Promise<Company[]> {
      return (await db.query('SELECT id, alias, name FROM companies ORDER BY id')).map(toCompany);
    },
    async companyById(id: number): Promise<Company | null> {
      const [row] = await db.query('SELECT id, alias, name FROM companies WHERE id = $1', [id]);
      return row ? toCompany(row) : null;
    },
    async companyByAlias(alias: string): Promise<Company | null> {
      const [row] = await db.query('SELECT id, alias, name FROM companies WHERE lower(alias) = lower($1)', [
        alias,
      ]);
      return row ? toCompany(row) : null;
    },
    /** Categories without `hiddenId` and its descendants, in seed order. */
    async visibleCategories(companyId: number, hiddenId: number): Promise<Category[]> {
      const rows = await db.query<CategoryRow>(
        'SELECT id, parent_id, alias, name FROM categories WHERE company_id = $1 ORDER BY position',
        [companyId],
      );
      const hidden = new Set([hiddenId]);
      let grew = true;
      while (grew) {
        grew = false;
        for (const r of rows) {
          if (r.parent_id !== null && hidden.has(r.parent_id) && !hidden.has(r.id)) {
            hidden.add(r.id);
            grew = true;
          }
        }
      }
      return rows
        .filter((r) => !hidden.has(r.id))
        .map((r) => ({ UniqueId: r.id, Alias: r.alias, Name: r.name, ParentId: r.parent_id, Children: [] }));
    },
    /** A page of the shown products in position order and their number; with `categoryId`, of that category. */
    async products(
      companyId: number,
      offset: number,
      limit: number,
      categoryId?: number,
    ): Promise<{ items: Product[]; total: number }> {
      const filter = categoryId === undefined ? '' : `AND ${inCategory('$2', '$1')}`;
      const where = `WHERE company_id = $1 AND ${SHOWN_PRODUCT} ${filter}`;
      const first = categoryId === undefined ? [companyId] : [companyId, categoryId];
      const next = first.length + 1;
      // The code breaks ties: products of one position (an import that sets none) were otherwise ordered anew by
      // each LIMIT/OFFSET, and a reader of every page met some twice and others never.
      const rows = await db.query<{ data: Product }>(
        `SELECT data FROM products p ${where} ORDER BY position, unique_id LIMIT $${next} OFFSET $${next + 1}`,
        [...first, limit, offset],
      );
      const [count] = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM products p ${where}`,
        first,
      );
      return { items: rows.map((r) => r.data), total: count?.n ?? 0 };
    },
    async productByAlias(companyId: number, alias: string): Promise<Product | null> {
      const [row] = await db.query<{ data: Product }>(
        `SELECT data FROM products p WHERE company_id = $1 AND lower(alias) = lower($2) AND ${SHOWN_PRODUCT}`,
        [companyId, alias],
      );
      return row?.data ?? null;
    },
    /**
     * The shown products as menu entries name them, with the ids of their categories, in position order. Only the
     * fields the menu answers are read out of each product's JSON (a full product is ~0.5 KB; a large shop's menu
     * read parsed every one of them).
     */
    async menuProducts(companyId: number): Promise<MenuProductRow[]> {
      return db.query<MenuProductRow>(
        `SELECT p.data->>'UniqueId' AS id, p.data->>'Name' AS name, p.data->>'Alias' AS alias,
                ARRAY(SELECT (ref->>'UniqueId')::int FROM jsonb_array_elements(p.data->'Categories') AS ref)
                  AS category_ids
           FROM products p WHERE company_id = $1 AND ${SHOWN_PRODUCT} ORDER BY position`,
        [companyId],
      );
    },
    async discounts(companyId: number, productKey: string): Promise<Discount[]> {
      const rows = await db.query<{ data: Discount }>(
        'SELECT data FROM discounts WHERE company_id = $1 AND lower(product_key) = lower($2) ORDER BY position',
        [companyId, productKey],
      );
      return rows.map((r) => r.data);
    },
  };
}

/** A shown product as the menu needs it (`catalogueRepo.menuProducts`). */
export interface MenuProductRow extends Record<string, unknown> {
  id: string;
  name: string;
  alias: string;
  category_ids: number[];
}

/**
 * Builds menu entries (spec 3: Alias, CategoryId, Name, Products) from categories and their products; a product
 * filed under several categories is listed under each, in the products' order. One pass over the products, so a
 * shop of thousands of products and hundreds of categories does not compare every pair.
 */
export function buildMenu(categories: Category[], products: MenuProductRow[]): MenuEntry[] {
  const byCategory = new Map<number, MenuEntry['Products']>(categories.map((c) => [c.UniqueId, []]));
  for (const product of products) {
    const entry = { UniqueId: product.id, Name: product.name, Alias: product.alias };
    // A product names a category once per reference; a repeated reference lists it once.
    for (const id of new Set(product.category_ids)) byCategory.get(id)?.push(entry);
  }
  return categories.map((c) => ({
    Alias: c.Alias,
    CategoryId: c.UniqueId,
    Name: c.Name,
    Products: byCategory.get(c.UniqueId) ?? [],
  }));
}

/** Rebuilds the tree from ParentId (spec 4: hidden categories are already removed). */
export function buildTree(categories: Category[]): Category[] {
  const byId = new Map(categories.map((c) => [c.UniqueId, { ...c, Children: [] as Category[] }]));
  const roots: Category[] = [];
  for (const node of byId.values()) {
    const parent = node.ParentId === null ? undefined : byId.get(node.ParentId);
    if (parent) parent.Children.push(node);
    else roots.push(node);
  }
  return roots;
}
