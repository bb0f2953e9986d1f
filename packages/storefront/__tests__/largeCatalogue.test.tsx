// A shop with thousands of products (session 17, catalogue): every product is read (spec 9's page 1 of 1000, then
// the further pages the API offers), a category of hundreds is shown in pages of its own (`?seite=2`, canonical and
// title per page), the layout data no longer carries every category's product names, the catalogue overview shows
// the first products of each category, and the server reads the catalogue once for all requests.
import { createSdk } from '@lp/sdk';
import type { Category, MenuEntry, Product } from '@lp/sdk/contract';
import { render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../src/app/AppProviders';
import { publicConfig, readConfig } from '../src/config';
import { keepFresh } from '../src/data/keepFresh';
import { createShopData } from '../src/data/shopData';
import { createErrorReporter } from '../src/errors/errorReporter';
import { Component as CategoryPage } from '../src/pages/CategoryPage';
import { type CategoryData, LISTING_PAGE_SIZE, createLoaders } from '../src/routes/loaders';
import { computeHead } from '../src/seo/pageHead';
import { CATEGORY, COMPANY, HOLDERS, SIGNS, holder } from './fixtures';
import { loaderArgs as args, redirected } from './loaderCalls';

const config = publicConfig(readConfig({}));
const tree: Category[] = [CATEGORY.main, CATEGORY.holders, CATEGORY.signs];

/** 2,345 products: 130 holders, the rest signs; the API answers pages of at most 1000 (spec 9). */
const catalogue: Product[] = Array.from({ length: 2345 }, (_, i) =>
  holder({
    UniqueId: `P-${i + 1}`,
    Alias: `produkt-${i + 1}`,
    Name: `Produkt ${i + 1}`,
    Categories: [{ UniqueId: i < 130 ? HOLDERS : SIGNS }],
  }),
);
const menu: MenuEntry[] = tree.map((category) => ({
  Alias: category.Alias,
  CategoryId: category.UniqueId,
  Name: category.Name,
  Products: catalogue
    .filter((product) => product.Categories[0]?.UniqueId === category.UniqueId)
    .map(({ UniqueId, Name, Alias }) => ({ UniqueId, Name, Alias })),
}));

/** The shop API as far as these pages read it; records every path and query asked. */
function fakeApi() {
  const asked: string[] = [];
  const fetch: typeof globalThis.fetch = async (input) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    asked.push(`${url.pathname}${url.search}`);
    let body: unknown = [];
    if (url.pathname.endsWith('/getproducts')) {
      const page = Number(url.searchParams.get('page') ?? 1);
      const pageSize = Math.min(1000, Number(url.searchParams.get('pageSize') ?? 1000));
      const items = catalogue.slice((page - 1) * pageSize, page * pageSize);
      body = { items, page, pageSize, total: catalogue.length };
    } else if (url.pathname.endsWith('/getCategoresWithProductsSimple')) body = menu;
    else if (url.pathname.endsWith('/getCategoriesTree')) body = tree;
    return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  };
  const sdk = createSdk({ baseUrl: 'http://shop.test', storage: null, fetch, retries: 0 });
  return { sdk, asked, data: createShopData(sdk, COMPANY, config) };
}

describe('a catalogue larger than one products page', () => {
  it('is read in full: page 1 of 1000, then the further pages the API offers', async () => {
    const { data, asked } = fakeApi();
    const products = await data.products();
    expect(products).toHaveLength(2345);
    expect(products.at(-1)?.Alias).toBe('produkt-2345');
    const pages = asked.filter((path) => path.includes('/getproducts'));
    expect(pages).toHaveLength(3);
    expect(pages.slice(1)).toEqual([
      '/api/v1/business/getproducts?companyId=1001&page=2&pageSize=1000',
      '/api/v1/business/getproducts?companyId=1001&page=3&pageSize=1000',
    ]);
  });

  it("lists a category's products in pages of its own, one spelling per page", async () => {
    const loaders = createLoaders({ data: fakeApi().data, config });
    const first = await loaders.category(args('/kategorie/funschilder', { idOrName: 'funschilder' }));
    expect(first.total).toBe(2215);
    expect(first.products).toHaveLength(LISTING_PAGE_SIZE);
    expect(first.products[0]?.Alias).toBe('produkt-131');
    expect([first.page, first.pages]).toEqual([1, Math.ceil(2215 / LISTING_PAGE_SIZE)]);

    const last = await loaders.category(args('/kategorie/funschilder?seite=47', { idOrName: 'funschilder' }));
    expect(last.products.map((product) => product.Alias)).toEqual(
      Array.from({ length: 7 }, (_, i) => `produkt-${2339 + i}`),
    );
    expect(last.page).toBe(47);

    for (const [query, location] of [
      ['?seite=1', '/kategorie/funschilder'],
      ['?seite=48', '/kategorie/funschilder'],
      ['?seite=abc', '/kategorie/funschilder'],
      ['?seite=02', '/kategorie/funschilder?seite=2'],
      ['?utm_source=mail&seite=1', '/kategorie/funschilder?utm_source=mail'],
      ['?seite=99&utm_source=mail', '/kategorie/funschilder?utm_source=mail'],
    ])
      expect(
        await redirected(
          loaders.category(args(`/kategorie/funschilder${query}`, { idOrName: 'funschilder' })),
        ),
        query,
      ).toBe(location);
  });

  it('names each page in its title and canonical link, and lets search engines follow it', async () => {
    const loaders = createLoaders({ data: fakeApi().data, config });
    const url = new URL('https://shop.example/kategorie/funschilder?seite=2');
    const page = await loaders.category(args(`${url.pathname}${url.search}`, { idOrName: 'funschilder' }));
    const head = computeHead([{ handle: { head: 'category' }, data: page, params: {} }], url);
    expect(head.canonical).toBe('https://shop.example/kategorie/funschilder?seite=2');
    expect(head.title).toBe('Funschilder – Seite 2 von 47 | Kennzeichen-Profi');
    expect(head.nofollow).toBe(false);
    // Any other query still asks search engines not to follow.
    const other = new URL('https://shop.example/kategorie/funschilder?sort=preis');
    const plain = await loaders.category(
      args(`${other.pathname}${other.search}`, { idOrName: 'funschilder' }),
    );
    const plainHead = computeHead([{ handle: { head: 'category' }, data: plain, params: {} }], other);
    expect(plainHead.canonical).toBe('https://shop.example/kategorie/funschilder');
    expect(plainHead.nofollow).toBe(true);
  });

  it("keeps other categories' product lists out of the layout data every page carries", async () => {
    const root = await createLoaders({ data: fakeApi().data, config }).root(args('/'));
    expect(root.menu.map((entry) => entry.Products.length)).toEqual([0, 0, 0]);
    const withMain = menu.map((entry, i) =>
      i === 0 ? { ...entry, Products: [{ UniqueId: 'A', Name: 'Auto', Alias: 'auto' }] } : entry,
    );
    const { data } = fakeApi();
    const rootWithMain = await createLoaders({
      data: { ...data, layout: async () => ({ ...(await data.layout()), menu: withMain }) },
      config,
    }).root(args('/'));
    expect(rootWithMain.menu.map((entry) => entry.Products.length)).toEqual([1, 0, 0]);
    expect(rootWithMain.mainProducts).toEqual([{ UniqueId: 'A', Name: 'Auto', Alias: 'auto' }]);
  });

  it('shows the first products of each category in the catalogue overview, with their number', async () => {
    const { groups } = await createLoaders({ data: fakeApi().data, config }).catalog();
    expect(groups.map((group) => [group.category.Alias, group.products.length, group.total])).toEqual([
      ['kennzeichenhalter', 8, 130],
      ['funschilder', 8, 2215],
    ]);
  });
});

describe('the category page of a long category', () => {
  it('links the previous and next page with German labels and names the page in its heading', async () => {
    const { sdk, data } = fakeApi();
    const page: CategoryData = await createLoaders({ data, config }).category(
      args('/kategorie/funschilder?seite=2', { idOrName: 'funschilder' }),
    );
    const router = createMemoryRouter(
      [{ path: '/kategorie/:idOrName', Component: CategoryPage, loader: () => page }],
      { initialEntries: ['/kategorie/funschilder?seite=2'] },
    );
    render(
      <AppProviders value={{ sdk, data, config, reporter: createErrorReporter([]) }}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading.textContent).toBe('Funschilder, Seite 2 von 47');
    const nav = screen.getByRole('navigation', { name: 'Seiten' });
    expect(nav.textContent).toContain('Seite 2 von 47');
    expect(screen.getByRole('link', { name: 'Vorherige Seite' }).getAttribute('href')).toBe(
      '/kategorie/funschilder',
    );
    expect(screen.getByRole('link', { name: 'Nächste Seite' }).getAttribute('href')).toBe(
      '/kategorie/funschilder?seite=3',
    );
    expect(screen.getAllByRole('article')).toHaveLength(LISTING_PAGE_SIZE);
  });
});

describe('keepFresh (the catalogue the server keeps for every request)', () => {
  it('answers the kept value at once after its time and renews it in the background', async () => {
    let clock = 0;
    let loads = 0;
    const gates: ((value: number) => void)[] = [];
    const read = keepFresh(
      () => {
        loads++;
        return new Promise<number>((resolve) => gates.push(resolve));
      },
      1000,
      () => clock,
    );
    const first = read();
    expect(read()).toBe(first);
    gates[0]?.(1);
    expect(await first).toBe(1);
    clock = 1500;
    expect(await read()).toBe(1); // the kept one, not waiting for the renewal
    expect(await read()).toBe(1);
    expect(loads).toBe(2); // one renewal only
    gates[1]?.(2);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await read()).toBe(2);
  });

  it('forgets a failed first read, and keeps the value when a renewal fails', async () => {
    let clock = 0;
    let fail = true;
    const read = keepFresh(
      () => (fail ? Promise.reject(new Error('API down')) : Promise.resolve(clock)),
      1000,
      () => clock,
    );
    await expect(read()).rejects.toThrow('API down');
    await new Promise((resolve) => setTimeout(resolve, 0));
    fail = false;
    expect(await read()).toBe(0);
    fail = true;
    clock = 2000;
    expect(await read()).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await read()).toBe(0);
  });
});
