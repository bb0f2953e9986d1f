// Client navigations in a large catalogue (session 18, catalogue-nav): the browser's loaders of the catalogue's pages
// take their page's data from the shop's server (server/pageData.ts), which keeps the catalogue, instead of reading
// every products page of the API and the menu themselves (5 requests and about 5 MB at 5,000 products). The browser
// shows exactly what the server renders for the same address: the answer is the server's own loader's.
import { createSdk } from '@lp/sdk';
import type { Category, Product } from '@lp/sdk/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { publicConfig, readConfig } from '../src/config';
import { createShopData } from '../src/data/shopData';
import { createRenderer } from '../src/entry-server';
import { createLoaders } from '../src/routes/loaders';
import { CATEGORY, COMPANY, HOLDERS, SIGNS, holder, product } from './fixtures';
import { loaderArgs as args, redirected } from './loaderCalls';

const config = publicConfig(readConfig({}));
const tree: Category[] = [CATEGORY.main, CATEGORY.holders, CATEGORY.signs];
/** 2,345 products: an Auto plate, 129 holders, the rest signs; the API answers pages of at most 1000 (spec 9). */
const catalogue: Product[] = [
  product({
    UniqueId: 'AUTO-1',
    Alias: 'auto-kennzeichen',
    Name: 'Auto-Kennzeichen',
    Price: 12.5,
    Attributes: { Kennzeichentyp: 'Auto' },
  }),
  ...Array.from({ length: 2344 }, (_, i) =>
    holder({
      UniqueId: `P-${i + 2}`,
      Alias: `produkt-${i + 2}`,
      Name: `Produkt ${i + 2}`,
      Categories: [{ UniqueId: i < 129 ? HOLDERS : SIGNS }],
    }),
  ),
];

/** The shop API behind a fetch that records every path and query asked; `catalogue` is what it has now. */
function fakeApiFetch(asked: string[], shop = { catalogue }): typeof fetch {
  return async (input) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    asked.push(`${url.pathname}${url.search}`);
    let body: unknown = [];
    let status = 200;
    if (url.pathname.endsWith('/business/get')) body = COMPANY;
    else if (url.pathname.endsWith('/getproducts')) {
      const page = Number(url.searchParams.get('page') ?? 1);
      const pageSize = Math.min(1000, Number(url.searchParams.get('pageSize') ?? 1000));
      const items = shop.catalogue.slice((page - 1) * pageSize, page * pageSize);
      body = { items, page, pageSize, total: shop.catalogue.length };
    } else if (url.pathname.endsWith('/getCategoriesTree')) body = tree;
    else if (url.pathname.endsWith('/get-product-by-alias')) {
      const alias = url.searchParams.get('alias')?.toLowerCase();
      body = catalogue.find((item) => item.Alias === alias) ?? { message: 'Not found' };
      status = catalogue.some((item) => item.Alias === alias) ? 200 : 404;
    }
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  };
}

/** The shop's server (its kept catalogue) and a browser hydrated from it, each with its own record of API reads. */
async function shopAndBrowser(shop = { catalogue }) {
  const serverAsked: string[] = [];
  const renderer = await createRenderer({
    config: readConfig({}, { apiUrl: 'http://api.test' }),
    fetch: fakeApiFetch(serverAsked, shop),
    reporter: { report() {} } as never,
  });
  const browserAsked: string[] = [];
  const pageDataAsked: string[] = [];
  // The browser's same-origin fetch: /page-data/... reaches the shop's server, anything else the API.
  const apiFetch = fakeApiFetch(browserAsked, shop);
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const address = String(input instanceof Request ? input.url : input);
    if (!address.startsWith('/page-data/')) return apiFetch(input, init);
    pageDataAsked.push(address);
    const answer = await renderer.pageData(
      new Request(`http://shop.test${address.slice('/page-data'.length)}`),
    );
    return new Response(JSON.stringify(answer), {
      status: answer ? 200 : 404,
      headers: { 'content-type': 'application/json' },
    });
  });
  const sdk = createSdk({ baseUrl: 'http://shop.test', storage: null, retries: 0, fetch: apiFetch });
  const browser = createLoaders({ data: createShopData(sdk, COMPANY, config, { fromServer: true }), config });
  return { renderer, browser, browserAsked, pageDataAsked, serverAsked };
}

/** The loader data the server's render of `path` hydrates the browser with (its deepest route's). */
async function serverRendered(renderer: Awaited<ReturnType<typeof createRenderer>>, path: string) {
  const page = await renderer.render(new Request(`http://shop.test${path}`), 'http://shop.test');
  if (page.kind !== 'page') return { redirect: page.location };
  const loaderData = page.boot.hydrationData?.loaderData ?? {};
  const deepest = Object.keys(loaderData).at(-1) as string;
  return JSON.parse(JSON.stringify(loaderData[deepest])) as unknown;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a client navigation in a catalogue of 2,345 products', () => {
  it('to page 2 of a category reads that page from the shop server, not the catalogue from the API', async () => {
    const { browser, browserAsked, pageDataAsked } = await shopAndBrowser();
    const page = await browser.category(args('/kategorie/funschilder?seite=2', { idOrName: 'funschilder' }));
    expect(page.products.map((item) => item.Alias)).toEqual(
      Array.from({ length: 48 }, (_, i) => `produkt-${131 + 48 + i}`),
    );
    expect([page.page, page.pages, page.total]).toEqual([2, 47, 2215]);
    expect(browserAsked).toEqual([]);
    expect(pageDataAsked).toEqual(['/page-data/kategorie/funschilder?seite=2']);
    // Back to the same page: the kept answer, no second read.
    await browser.category(args('/kategorie/funschilder?seite=2', { idOrName: 'funschilder' }));
    expect(pageDataAsked).toHaveLength(1);
  });

  it('shows what the server renders for the same address: each listing, home, overview and product', async () => {
    const { renderer, browser, browserAsked } = await shopAndBrowser();
    const cases: [string, (loaders: typeof browser) => Promise<unknown>][] = [
      [
        '/kategorie/funschilder?seite=47',
        (l) => l.category(args('/kategorie/funschilder?seite=47', { idOrName: 'funschilder' })),
      ],
      [
        '/kategorie/kennzeichenhalter?seite=3',
        (l) => l.category(args('/kategorie/kennzeichenhalter?seite=3', { idOrName: 'kennzeichenhalter' })),
      ],
      ['/shops/lp-de?seite=20', (l) => l.shop(args('/shops/lp-de?seite=20', { alias: 'lp-de' }))],
      ['/kennzeichen', (l) => l.plates(args('/kennzeichen'))],
      ['/kennzeichenhalter-bedrucken', (l) => l.printing(args('/kennzeichenhalter-bedrucken'))],
      ['/catalog', (l) => l.catalog(args('/catalog'))],
      ['/', (l) => l.home(args('/'))],
      ['/produkt-2345', (l) => l.productByParam(args('/produkt-2345', { alias: 'produkt-2345' }))],
    ];
    for (const [path, load] of cases) {
      const shown = JSON.parse(JSON.stringify(await load(browser))) as unknown;
      expect(shown, path).toEqual(await serverRendered(renderer, path));
    }
    expect(browserAsked).toEqual([]);
  });

  it('shows the page the server renders while the server still keeps the catalogue from before an import', async () => {
    const shop = { catalogue };
    const { renderer, browser } = await shopAndBrowser(shop);
    const path = '/kategorie/funschilder?seite=2';
    await serverRendered(renderer, path); // the server reads and keeps the catalogue (5 minutes)
    // An import adds a sign in front: the server's pages show it after their next renewal, so must the browser.
    const imported = holder({
      UniqueId: 'NEU-1',
      Alias: 'neu-1',
      Name: 'Neu',
      Categories: [{ UniqueId: SIGNS }],
    });
    shop.catalogue = [imported, ...catalogue];
    const shown = await browser.category(args(path, { idOrName: 'funschilder' }));
    expect(JSON.parse(JSON.stringify(shown))).toEqual(await serverRendered(renderer, path));
    expect(shown.products[0]?.Alias).toBe('produkt-179');
  });

  it('redirects a page out of range where the server does', async () => {
    const { renderer, browser } = await shopAndBrowser();
    for (const query of ['?seite=48', '?seite=1', '?seite=abc', '?seite=02', '?seite=99&utm_source=mail']) {
      const path = `/kategorie/funschilder${query}`;
      const server = await serverRendered(renderer, path);
      const client = await redirected(browser.category(args(path, { idOrName: 'funschilder' })));
      expect({ redirect: client }, query).toEqual(server);
    }
    expect(await redirected(browser.productByParam(args('/gibt-es-nicht', { alias: 'gibt-es-nicht' })))).toBe(
      '/404',
    );
    expect(await redirected(browser.category(args('/kategorie/nichts', { idOrName: 'nichts' })))).toBe(
      '/404',
    );
  });

  it('answers only catalogue pages', async () => {
    const { renderer } = await shopAndBrowser();
    for (const path of ['/thank-you/abc', '/account', '/wishlist', '/blog', '/impressum'])
      expect(await renderer.pageData(new Request(`http://shop.test${path}`)), path).toBeNull();
  });

  // Lead, session 18 (catalogue-nav's request): the cart page's loader read every products page in the browser too.
  it("to the cart reads the catalogue part from the shop server, and never a shopper's cart from there", async () => {
    const { renderer, browserAsked, pageDataAsked } = await shopAndBrowser();
    const sdk = createSdk({ baseUrl: 'http://shop.test', storage: null, retries: 0, fetch: fetch });
    const data = createShopData(sdk, COMPANY, config, { fromServer: true });
    const load = (await import('../src/features/cart/cartLoader')).cartLoader({ data, config });
    const page = await load(args('/cart'));
    expect(pageDataAsked).toEqual(['/page-data/cart']);
    expect(browserAsked).toEqual([]);
    expect(page.snapshot).toBeNull();
    expect(page.ask).toBe(false);
    expect(page.upsell.length).toBeGreaterThan(0);
    // The server's answer never reads a cart, whatever the request carries.
    const withCookie = new Request('http://shop.test/cart?cartGuid=00000000-0000-4000-8000-000000000001', {
      headers: { cookie: 'lp_cart=00000000-0000-4000-8000-000000000002' },
    });
    expect(await renderer.pageData(withCookie)).toMatchObject({ data: { snapshot: null, ask: false } });
  });

  it('reads the catalogue in the browser as before when the page was not hydrated from server data', async () => {
    const asked: string[] = [];
    const sdk = createSdk({
      baseUrl: 'http://shop.test',
      storage: null,
      retries: 0,
      fetch: fakeApiFetch(asked),
    });
    const loaders = createLoaders({ data: createShopData(sdk, COMPANY, config), config });
    const page = await loaders.category(args('/kategorie/funschilder?seite=2', { idOrName: 'funschilder' }));
    expect(page.products).toHaveLength(48);
    expect(asked.filter((path) => path.includes('/getproducts'))).toHaveLength(3);
  });
});
