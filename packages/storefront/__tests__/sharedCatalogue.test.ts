// @vitest-environment node
// The server reads the catalogue (every products page, the menu, the category tree) once for all requests and
// renews it in the background (session 17, catalogue). Before, every page rendered read the products page (1 MB at
// 1,000 products) and the menu (580 KB at 5,000) again: 0.6-1.3 s before the first byte of a category page.
import type { Category, Product } from '@lp/sdk/contract';
import { describe, expect, it } from 'vitest';
import { readConfig } from '../src/config';
import { createRenderer } from '../src/entry-server';
import { CATEGORY, HOLDERS, holder } from './fixtures';

const tree: Category[] = [CATEGORY.holders];
const catalogue: Product[] = Array.from({ length: 1500 }, (_, i) =>
  holder({ UniqueId: `P-${i + 1}`, Alias: `produkt-${i + 1}`, Categories: [{ UniqueId: HOLDERS }] }),
);

describe('the catalogue on the server', () => {
  it('is read once for many pages, the sitemap and the wish list', async () => {
    const asked: string[] = [];
    const fetch: typeof globalThis.fetch = async (input) => {
      const url = new URL(String(input instanceof Request ? input.url : input));
      asked.push(url.pathname);
      let body: unknown = [];
      if (url.pathname.endsWith('/business/get')) body = { UniqueId: 1001, Alias: 'lp-de', Name: 'Shop' };
      else if (url.pathname.endsWith('/getproducts')) {
        const page = Number(url.searchParams.get('page'));
        body = { items: catalogue.slice((page - 1) * 1000, page * 1000), page, pageSize: 1000, total: 1500 };
      } else if (url.pathname.endsWith('/getCategoriesTree')) body = tree;
      return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
    };
    const renderer = await createRenderer({
      config: readConfig({}, { apiUrl: 'http://api.test' }),
      fetch,
      reporter: { report() {} } as never,
    });
    for (const path of ['/kategorie/kennzeichenhalter', '/kategorie/kennzeichenhalter?seite=2', '/catalog']) {
      const page = await renderer.render(new Request(`http://shop.test${path}`), 'http://shop.test');
      expect(page.kind === 'page' && page.status).toBe(200);
    }
    expect((await renderer.sitemap()).filter((entry) => entry.path.startsWith('/produkt-'))).toHaveLength(
      1500,
    );
    expect(await renderer.wishlistProducts(['P-1500', 'nope'])).toEqual([catalogue[1499]]);
    const reads = (name: string) => asked.filter((path) => path.endsWith(name)).length;
    expect(reads('/getproducts')).toBe(2); // pages 1 and 2, once
    expect(reads('/getCategoriesTree')).toBe(1);
    expect(reads('/getCategoresWithProductsSimple')).toBe(1);
  });
});
