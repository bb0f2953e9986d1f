import type { Article, ArticleSummary, Category, MenuEntry, Product, ProductsPage } from '@lp/sdk/contract';
import { HIDDEN_CATEGORY_ID, MAIN_CATEGORY_ID, paths } from '@lp/sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, call, makeApi, expectError } from './support/testApi';

let api: Api;
beforeAll(async () => {
  api = await makeApi();
});
afterAll(() => api.close());

const flatten = (nodes: Category[]): Category[] => nodes.flatMap((n) => [n, ...flatten(n.Children)]);

describe('business catalogue', () => {
  it('lists companies and finds lp-de by alias in any case', async () => {
    const list = await call(api, 'GET', paths.business.companies);
    expect(list.body).toEqual([{ UniqueId: 1001, Alias: 'lp-de', Name: expect.any(String) }]);
    const one = await call(api, 'GET', `${paths.business.company}?alias=LP-DE`);
    expect(one.status).toBe(200);
    expect((one.body as { UniqueId: number }).UniqueId).toBe(1001);
    expectError(await call(api, 'GET', `${paths.business.company}?alias=nope`), 404, 'not-found');
  });

  it('answers the menu with the main category first and without the hidden category', async () => {
    const res = await call(api, 'GET', `${paths.business.menu}?companyId=1001`);
    const menu = res.body as MenuEntry[];
    expect(res.status).toBe(200);
    expect(menu[0]!.CategoryId).toBe(MAIN_CATEGORY_ID);
    expect(menu[0]!.Products.length).toBeGreaterThan(0);
    expect(menu.map((m) => m.CategoryId)).not.toContain(HIDDEN_CATEGORY_ID);
  });

  it("lists each shown product under every category it names, in the products' order, once", async () => {
    // A product filed under two categories, one of them named twice, and one filed under none.
    const ACCESSORIES = 1737374407; // the seed's "zubehoer"
    await api.db.query(
      `INSERT INTO products (unique_id, company_id, alias, price_cents, min_quantity, position, data)
       SELECT 'MENU-' || n, company_id, 'menu-' || n, price_cents, min_quantity, 100000 + position,
              data || jsonb_build_object('UniqueId', 'MENU-' || n, 'Alias', 'menu-' || n, 'Name', 'Menü ' || n,
                                         'Categories', cats)
         FROM products,
              (VALUES (1, '[{"UniqueId": ${MAIN_CATEGORY_ID}}, {"UniqueId": 1737374407}, {"UniqueId": 1737374407}]'::jsonb),
                      (2, '[]'::jsonb)) AS extra(n, cats)
        WHERE unique_id = 'KFZ-001'`,
    );
    const menu = (await call(api, 'GET', `${paths.business.menu}?companyId=1001`)).body as MenuEntry[];
    const { items } = (await call(api, 'GET', `${paths.business.products}?companyId=1001&pageSize=1000`))
      .body as ProductsPage<Product>;
    for (const entry of menu) {
      const filed = items.filter((p) => p.Categories.some((ref) => ref.UniqueId === entry.CategoryId));
      expect(entry.Products).toEqual(
        filed.map((p) => ({ UniqueId: p.UniqueId, Name: p.Name, Alias: p.Alias })),
      );
    }
    const listed = (id: string) => menu.filter((entry) => entry.Products.some((p) => p.UniqueId === id));
    expect(listed('MENU-1').map((entry) => entry.CategoryId)).toEqual([MAIN_CATEGORY_ID, ACCESSORIES]);
    expect(menu.find((entry) => entry.CategoryId === ACCESSORIES)!.Products.at(-1)).toEqual({
      UniqueId: 'MENU-1',
      Name: 'Menü 1',
      Alias: 'menu-1',
    });
    expect(listed('MENU-2')).toEqual([]);
    await api.db.query("DELETE FROM products WHERE unique_id LIKE 'MENU-%'");
  });

  it('pages products with the total and caps pageSize at 1000', async () => {
    const all = (await call(api, 'GET', `${paths.business.products}?companyId=1001&page=1&pageSize=1000`))
      .body as ProductsPage<Product>;
    expect(all.page).toBe(1);
    expect(all.pageSize).toBe(1000);
    expect(all.items.length).toBe(all.total);
    const second = (await call(api, 'GET', `${paths.business.products}?companyId=1001&page=2&pageSize=5`))
      .body as ProductsPage<Product>;
    expect(second.items.map((p) => p.UniqueId)).toEqual(all.items.slice(5, 10).map((p) => p.UniqueId));
    expect((await call(api, 'GET', `${paths.business.products}?companyId=1001&pageSize=1001`)).status).toBe(
      400,
    );
    expectError(
      await call(api, 'GET', `${paths.business.products}?companyId=1001&page=0`),
      400,
      'validation',
    );
  });

  it('pages the products of one category and the categories below it, without the hidden one', async () => {
    const products = async (query: string) =>
      (await call(api, 'GET', `${paths.business.products}?companyId=1001&${query}`))
        .body as ProductsPage<Product>;
    const all = (await products('pageSize=1000')).items;
    const tree = flatten(
      (await call(api, 'GET', `${paths.business.categoryTree}?companyAlias=lp-de`)).body as Category[],
    );
    const below = (id: number): number[] => [
      id,
      ...tree.filter((c) => c.ParentId === id).flatMap((c) => below(c.UniqueId)),
    ];
    // The main category lists its own products and its kinds' (Autokennzeichen, Motorrad, Saison).
    const main = new Set(below(MAIN_CATEGORY_ID));
    expect(main.size).toBeGreaterThan(1);
    const inMain = all.filter((p) => p.Categories.some((ref) => main.has(ref.UniqueId)));
    const first = await products(`categoryId=${MAIN_CATEGORY_ID}&pageSize=4`);
    expect(first.total).toBe(inMain.length);
    expect(first.items.map((p) => p.UniqueId)).toEqual(inMain.slice(0, 4).map((p) => p.UniqueId));
    const second = await products(`categoryId=${MAIN_CATEGORY_ID}&page=2&pageSize=4`);
    expect(second.items.map((p) => p.UniqueId)).toEqual(inMain.slice(4, 8).map((p) => p.UniqueId));
    // A leaf category: exactly its products.
    const leaf = tree.find((c) => c.Alias === 'funschilder')!;
    const funs = await products(`categoryId=${leaf.UniqueId}`);
    expect(funs.items.map((p) => p.UniqueId)).toEqual(
      all.filter((p) => p.Categories.some((ref) => ref.UniqueId === leaf.UniqueId)).map((p) => p.UniqueId),
    );
    // The hidden category and an unknown one list nothing; malformed ids are refused.
    expect(await products(`categoryId=${HIDDEN_CATEGORY_ID}`)).toMatchObject({ items: [], total: 0 });
    expect(await products('categoryId=999999')).toMatchObject({ items: [], total: 0 });
    for (const bad of ['0', '-1', 'abc', '1.5', '99999999999', "1'--"])
      expectError(
        await call(
          api,
          'GET',
          `${paths.business.products}?companyId=1001&categoryId=${encodeURIComponent(bad)}`,
        ),
        400,
        'validation',
      );
  });

  it('pages products of equal position without overlaps or gaps (session 19)', async () => {
    // An import that sets no positions (all equal): pages were cut from an order among ties that each LIMIT/OFFSET
    // chose anew, so a reader of every page (the storefront's catalogue) met some products twice and others never.
    const products = async (query: string) =>
      (await call(api, 'GET', `${paths.business.products}?companyId=1001&${query}`))
        .body as ProductsPage<Product>;
    await api.db.query(`
      INSERT INTO products (unique_id, company_id, alias, price_cents, min_quantity, position, data)
      SELECT 'TIE-' || n, 1001, 'gleich-' || n, 490, 1, 5000,
             s.data || jsonb_build_object('UniqueId', 'TIE-' || n, 'Alias', 'gleich-' || n)
        FROM generate_series(1, 400) n, (SELECT data FROM products WHERE unique_id = 'KZH-001') s`);
    try {
      const seen: string[] = [];
      let total = 0;
      for (let page = 1; page === 1 || seen.length < total; page++) {
        const answer = await products(`pageSize=7&page=${page}`);
        total = answer.total;
        seen.push(...answer.items.map((p) => p.UniqueId));
        if (answer.items.length === 0) break;
      }
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen).toHaveLength(total);
      const category = await products('categoryId=1737374402&pageSize=13');
      const pages = Math.ceil(category.total / 13);
      const inCategory: string[] = [];
      for (let page = 1; page <= pages; page++)
        inCategory.push(
          ...(await products(`categoryId=1737374402&pageSize=13&page=${page}`)).items.map((p) => p.UniqueId),
        );
      expect(new Set(inCategory).size).toBe(category.total);
    } finally {
      await api.db.query("DELETE FROM products WHERE unique_id LIKE 'TIE-%'");
    }
  });

  it('finds a product by alias and answers 404 for an unknown one', async () => {
    const res = await call(
      api,
      'GET',
      `${paths.business.productByAlias}?companyId=1001&alias=kfz-kennzeichen`,
    );
    expect((res.body as Product).UniqueId).toBe('KFZ-001');
    const missing = await call(
      api,
      'GET',
      `${paths.business.productByAlias}?companyId=1001&alias=gibt-es-nicht`,
    );
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({
      status: 404,
      code: 'product-not-found',
      message: 'Product gibt-es-nicht not found.',
    });
  });

  it('builds the category tree without the hidden category', async () => {
    const res = await call(api, 'GET', `${paths.business.categoryTree}?companyAlias=lp-de`);
    const all = flatten(res.body as Category[]);
    expect(all.map((c) => c.UniqueId)).toContain(MAIN_CATEGORY_ID);
    expect(all.map((c) => c.UniqueId)).not.toContain(HIDDEN_CATEGORY_ID);
    const main = (res.body as Category[]).find((c) => c.UniqueId === MAIN_CATEGORY_ID)!;
    expect(main.Children.length).toBeGreaterThan(0);
  });

  it('answers discounts per product key', async () => {
    const res = await call(api, 'GET', `${paths.business.discounts}?productKey=KFZ-001&companyId=1001`);
    expect(res.body).toEqual([expect.objectContaining({ ProductKey: 'KFZ-001', Percent: 10 })]);
    expect(
      (await call(api, 'GET', `${paths.business.discounts}?productKey=NONE&companyId=1001`)).body,
    ).toEqual([]);
  });
});

describe('content', () => {
  it('lists article summaries without content', async () => {
    const res = await call(api, 'GET', `${paths.content.articles}?companyId=1001`);
    const list = res.body as ArticleSummary[];
    expect(list.map((a) => a.Alias)).toContain('impressum');
    expect(list.every((a) => !('Content' in a))).toBe(true);
  });

  it('answers one page by alias and company id', async () => {
    const res = await call(api, 'GET', `${paths.content.page}?alias=impressum&companyId=1001`);
    expect((res.body as Article).Content.length).toBeGreaterThan(0);
    expectError(
      await call(api, 'GET', `${paths.content.page}?alias=missing&companyId=1001`),
      404,
      'not-found',
    );
  });
});

describe('shipping', () => {
  const base = '/api/fellowtimeshipping/api/Shipping';

  it('lists active methods with ordered rates and Germany as the only country', async () => {
    const methods = await call(api, 'GET', `${base}/getActiveShippingMethods?companyId=1001`);
    expect(methods.body).toEqual([
      {
        id: 1,
        name: 'DHL Standard',
        shippingRates: [expect.objectContaining({ rate: 0 }), expect.anything()],
        deliveryTime: '1–3 Werktage',
      },
    ]);
    expect((await call(api, 'GET', `${base}/getAvailableCountries`)).body).toEqual([
      { code: 'DE', name: 'Deutschland' },
    ]);
  });

  it('charges shipping below the free-shipping minimum and nothing above it', async () => {
    const cheap = await call(api, 'GET', `${base}/getShippingRates?companyId=1001&totalAmount=10&country=DE`);
    expect(cheap.body).toEqual([{ methodId: 1, name: 'DHL Standard', shippingCost: 4.9 }]);
    const big = await call(api, 'GET', `${base}/getShippingRates?companyId=1001&totalAmount=500`);
    expect(big.body).toEqual([{ methodId: 1, name: 'DHL Standard', shippingCost: 0 }]);
  });

  it('refuses other countries and bad totals', async () => {
    const at = await call(api, 'GET', `${base}/getShippingRates?companyId=1001&totalAmount=10&country=AT`);
    expectError(at, 400, 'validation');
    expect((at.body as { message: string }).message).toMatch(/DE/);
    expect((await call(api, 'GET', `${base}/getShippingRates?companyId=1001&totalAmount=-1`)).status).toBe(
      400,
    );
    expect((await call(api, 'GET', `${base}/getShippingRates?companyId=1001&totalAmount=abc`)).status).toBe(
      400,
    );
  });
});

describe('bad catalogue input', () => {
  it.each([
    [`${paths.business.menu}`, 'companyId'],
    [`${paths.business.products}?companyId=abc`, 'companyId'],
    [`${paths.business.productByAlias}?companyId=1001`, 'alias'],
    [`${paths.business.productByAlias}?companyId=1001&alias=${encodeURIComponent("x' OR 1=1 --")}`, 'alias'],
    [`${paths.business.productByAlias}?companyId=1001&alias=${'a'.repeat(100_000)}`, 'alias'],
    [`${paths.business.categoryTree}?companyAlias=${encodeURIComponent('<script>')}`, 'companyAlias'],
    [`${paths.content.page}?alias=impressum&companyId=1.5`, 'companyId'],
    [`${paths.business.discounts}?productKey=${encodeURIComponent('a\u0000b')}&companyId=1001`, 'productKey'],
  ])('%s -> 400 naming %s', async (url, field) => {
    const res = await call(api, 'GET', url);
    expect(res.status).toBe(400);
    expect((res.body as { code?: string }).code).toMatch(/^(parameter-missing|validation)$/);
    const body = res.body as { status: number; message: string; errors: { field: string }[] };
    expect(body.status).toBe(400);
    expect(body.message).toContain(field);
  });

  it('answers 404 for an unknown company', async () => {
    const res = await call(api, 'GET', `${paths.business.menu}?companyId=999`);
    expect(res.body).toEqual({ status: 404, code: 'not-found', message: 'Company 999 not found.' });
  });

  it('accepts query keys in any case', async () => {
    const res = await call(api, 'GET', `${paths.business.productByAlias}?COMPANYID=1001&Alias=funschild`);
    expect((res.body as Product).UniqueId).toBe('FKZ-001');
  });
});
