// @vitest-environment node
// The server's route table and React Router's static handler are made once per process (session 25): each page's
// data travels as the handler's request context. Before, every page and every /page-data answer built both again
// (the handler flattens and ranks the whole route table: about 5 % of the server's CPU under a crowd).
import type { Category, Product } from '@lp/sdk/contract';
import { describe, expect, it, vi } from 'vitest';
import { readConfig } from '../src/config';
import { CATEGORY, HOLDERS, holder } from './fixtures';

const made = vi.hoisted(() => ({ handlers: 0 }));
vi.mock('react-router-dom', async (actual) => {
  const router = await actual<typeof import('react-router-dom')>();
  return {
    ...router,
    createStaticHandler: (...args: Parameters<typeof router.createStaticHandler>) => {
      made.handlers += 1;
      return router.createStaticHandler(...args);
    },
  };
});

const tree: Category[] = [CATEGORY.holders];
const catalogue: Product[] = Array.from({ length: 60 }, (_, i) =>
  holder({
    UniqueId: `P-${i + 1}`,
    Alias: `produkt-${i + 1}`,
    Name: `Halter ${i + 1}`,
    Title: `Halter ${i + 1}`,
    Categories: [{ UniqueId: HOLDERS }],
  }),
);

const fetch: typeof globalThis.fetch = async (input) => {
  const url = new URL(String(input instanceof Request ? input.url : input));
  let body: unknown = [];
  if (url.pathname.endsWith('/business/get')) body = { UniqueId: 1001, Alias: 'lp-de', Name: 'Shop' };
  else if (url.pathname.endsWith('/getproducts'))
    body = { items: catalogue, page: 1, pageSize: 1000, total: catalogue.length };
  else if (url.pathname.endsWith('/getCategoriesTree')) body = tree;
  return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
};

describe("the server's route table", () => {
  it('is made once for many pages at once, each page with its own data', async () => {
    const { createRenderer } = await import('../src/entry-server');
    const renderer = await createRenderer({
      config: readConfig({}, { apiUrl: 'http://api.test' }),
      fetch,
      reporter: { report() {} } as never,
    });
    const paths = [
      '/produkt-1',
      '/produkt-2',
      '/kategorie/kennzeichenhalter',
      '/kategorie/kennzeichenhalter?seite=2',
    ];
    const pages = await Promise.all(
      paths.map((path) => renderer.render(new Request(`http://shop.test${path}`), 'http://shop.test')),
    );
    const html = pages.map((page) => (page.kind === 'page' ? page.html : ''));
    const heading = (page: string | undefined) => /<h1[^>]*>([^<]*)</.exec(page ?? '')?.[1];
    expect(html.map(heading).slice(0, 2)).toEqual(['Halter 1', 'Halter 2']);
    expect(html[3]).toContain('Halter 60<');
    expect(html[2]).not.toContain('Halter 60<');
    const answer = await renderer.pageData(
      new Request('http://shop.test/kategorie/kennzeichenhalter?seite=2'),
    );
    expect(answer && 'data' in answer && (answer.data as { page: number }).page).toBe(2);
    expect(await renderer.sitemap()).toEqual(expect.arrayContaining([{ path: '/produkt-60' }]));
    expect(made.handlers).toBe(1);
  });
});
