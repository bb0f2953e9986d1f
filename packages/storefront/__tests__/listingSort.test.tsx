// @vitest-environment node
// Sorting a listing (session 18, listing-sort): `?sortierung=preis-aufsteigend|preis-absteigend|name-aufsteigend` on
// every listing that pages (routes/loaders.ts pageOf), sorted before paging, by the price the card shows or the
// German name; a GET form above the listing (features/catalogue/SortForm.tsx); sorted pages out of the index.
import { createSdk } from '@lp/sdk';
import type { Category, Product } from '@lp/sdk/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { publicConfig, readConfig } from '../src/config';
import { createShopData } from '../src/data/shopData';
import { createRenderer } from '../src/entry-server';
import { type ListingPage, createLoaders } from '../src/routes/loaders';
import { CATEGORY, COMPANY, HOLDERS, holder, product, variant } from './fixtures';
import { loaderArgs, redirected } from './loaderCalls';

const config = publicConfig(readConfig({}));
const tree: Category[] = [CATEGORY.main, CATEGORY.holders];
/** A few names a plain `<` sorts wrongly (Ö after z, lower case after upper, "10" before "2"). */
const NAMED = ['Zierrahmen', 'Ölfest', 'apfelgrün', 'Äpfel', 'Bär', 'Halter 10', 'Halter 2', 'Apfelgrün'];
/**
 * 805 holders in catalogue order (decisions.md session 17: "Kennzeichenhalter", 17 pages of 48) with prices from
 * 2,90 to 40,80 € (many equal), the names above first; one has a variant cheaper than its own price ("ab" prices do
 * not exist on cards: the card shows the product's price). Plus one plate in the main category.
 */
const holders: Product[] = Array.from({ length: 805 }, (_, i) =>
  holder({
    UniqueId: `KZH-${i + 1}`,
    Alias: `halter-${i + 1}`,
    Name: NAMED[i] ?? `Kennzeichenhalter ${i + 1}`,
    Price: 2.9 + ((i * 37) % 380) / 10,
    Categories: [{ UniqueId: HOLDERS }],
    Variants: i === 5 ? [variant('V-1', { Farbe: 'Rot' }, 0.5)] : [],
  }),
);
const catalogue: Product[] = [
  product({ UniqueId: 'AUTO-1', Alias: 'auto-kennzeichen', Name: 'Auto-Kennzeichen' }),
  ...holders,
];

function fakeApiFetch(): typeof fetch {
  return async (input) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    let body: unknown = [];
    if (url.pathname.endsWith('/business/get')) body = COMPANY;
    else if (url.pathname.endsWith('/getproducts')) {
      const page = Number(url.searchParams.get('page') ?? 1);
      const pageSize = Math.min(1000, Number(url.searchParams.get('pageSize') ?? 1000));
      body = {
        items: catalogue.slice((page - 1) * pageSize, page * pageSize),
        page,
        pageSize,
        total: catalogue.length,
      };
    } else if (url.pathname.endsWith('/getCategoriesTree')) body = tree;
    return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  };
}

const serverLoaders = () => {
  const sdk = createSdk({ baseUrl: 'http://api.test', storage: null, retries: 0, fetch: fakeApiFetch() });
  return createLoaders({ data: createShopData(sdk, COMPANY, config), config });
};
const renderer = () =>
  createRenderer({
    config: readConfig({}, { apiUrl: 'http://api.test' }),
    fetch: fakeApiFetch(),
    reporter: { report() {} } as never,
  });
const args = (url: string, params: Record<string, string> = { idOrName: 'kennzeichenhalter' }) =>
  loaderArgs(url, params);

/** Every page of the holders' category in the order `sort` asks, as the pages list them one after another. */
async function allPages(loaders: ReturnType<typeof serverLoaders>, sort: string) {
  const first = await loaders.category(args(`/kategorie/kennzeichenhalter?sortierung=${sort}`));
  const shown = [...first.products];
  for (let page = 2; page <= first.pages; page++) {
    const next = await loaders.category(
      args(`/kategorie/kennzeichenhalter?sortierung=${sort}&seite=${page}`),
    );
    expect(next.sort).toBe(sort);
    shown.push(...next.products);
  }
  return { first, shown };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a sorted listing of 805 holders', () => {
  it('by price: the card price, cheapest first over all 17 pages, equal prices in catalogue order', async () => {
    const loaders = serverLoaders();
    const { first, shown } = await allPages(loaders, 'preis-aufsteigend');
    expect([first.page, first.pages, first.total, first.sort]).toEqual([1, 17, 805, 'preis-aufsteigend']);
    expect(shown).toHaveLength(805);
    const catalogueIndex = (item: Product) => holders.findIndex((h) => h.UniqueId === item.UniqueId);
    for (let i = 1; i < shown.length; i++) {
      const [a, b] = [shown[i - 1] as Product, shown[i] as Product];
      expect(a.Price <= b.Price).toBe(true);
      if (a.Price === b.Price) expect(catalogueIndex(a)).toBeLessThan(catalogueIndex(b));
    }
    expect(first.products[0]?.Price).toBe(Math.min(...holders.map((h) => h.Price)));
    // The holder whose variant costs 0,50 € sorts by the price its card shows.
    expect(shown.findIndex((item) => item.UniqueId === 'KZH-6')).toBeGreaterThan(0);

    const down = (await allPages(loaders, 'preis-absteigend')).shown;
    for (let i = 1; i < down.length; i++) {
      const [a, b] = [down[i - 1] as Product, down[i] as Product];
      expect(a.Price >= b.Price).toBe(true);
      if (a.Price === b.Price) expect(catalogueIndex(a)).toBeLessThan(catalogueIndex(b));
    }
  });

  it('by name: German order (ä beside a, Ö among o, any letter case, "2" before "10"), ties in catalogue order', async () => {
    const { shown } = await allPages(serverLoaders(), 'name-aufsteigend');
    const names = shown.map((item) => item.Name);
    // "apfelgrün" and "Apfelgrün" differ in letter case only: catalogue order (index 2 before 7).
    expect(names.slice(0, 6)).toEqual(['Äpfel', 'apfelgrün', 'Apfelgrün', 'Bär', 'Halter 2', 'Halter 10']);
    expect(names.slice(-2)).toEqual(['Ölfest', 'Zierrahmen']);
  });

  it('without `sortierung` keeps the catalogue order; every listing that pages sorts', async () => {
    const loaders = serverLoaders();
    const plain = await loaders.category(args('/kategorie/kennzeichenhalter?seite=2'));
    expect(plain.products.map((item) => item.UniqueId)).toEqual(
      holders.slice(48, 96).map((item) => item.UniqueId),
    );
    expect('sort' in plain).toBe(false);
    const cheapest = (page: ListingPage) => page.products[0]?.Price;
    const shop = await loaders.shop(args('/shops/lp-de?sortierung=preis-absteigend', { alias: 'lp-de' }));
    expect(cheapest(shop)).toBe(Math.max(...catalogue.map((item) => item.Price)));
    const printing = await loaders.printing(
      args('/kennzeichenhalter-bedrucken?sortierung=preis-aufsteigend'),
    );
    expect([cheapest(printing), printing.sort]).toEqual([2.9, 'preis-aufsteigend']);
    const plates = await loaders.plates(args('/kennzeichen?sortierung=name-aufsteigend', {}));
    expect(plates.sort).toBe('name-aufsteigend');
  });

  it('an unknown order (or "empfehlung", the catalogue\'s own) goes to the address without it', async () => {
    const loaders = serverLoaders();
    const at = (url: string) => redirected(loaders.category(args(url)));
    expect(await at('/kategorie/kennzeichenhalter?sortierung=billig')).toBe('/kategorie/kennzeichenhalter');
    expect(await at('/kategorie/kennzeichenhalter?sortierung=empfehlung')).toBe(
      '/kategorie/kennzeichenhalter',
    );
    expect(await at('/kategorie/kennzeichenhalter?sortierung=Preis-Aufsteigend&seite=2&utm_source=x')).toBe(
      '/kategorie/kennzeichenhalter?seite=2&utm_source=x',
    );
    expect(await at('/kategorie/kennzeichenhalter?sortierung=')).toBe('/kategorie/kennzeichenhalter');
    expect(
      await at('/kategorie/kennzeichenhalter?sortierung=preis-aufsteigend&sortierung=name-aufsteigend'),
    ).toBe('/kategorie/kennzeichenhalter');
    // The page number's own rules keep the order.
    expect(await at('/kategorie/kennzeichenhalter?sortierung=preis-aufsteigend&seite=99')).toBe(
      '/kategorie/kennzeichenhalter?sortierung=preis-aufsteigend',
    );
    expect(await at('/kategorie/kennzeichenhalter?sortierung=preis-aufsteigend&seite=1')).toBe(
      '/kategorie/kennzeichenhalter?sortierung=preis-aufsteigend',
    );
    expect(await at('/kategorie/kennzeichenhalter?sortierung=preis-aufsteigend&seite=2')).toBeNull();
  });
});

describe('the server render of a sorted listing', () => {
  it('has the form (no page number in it), page links with both parameters, and is out of the index', async () => {
    const shop = await renderer();
    const page = await shop.render(
      new Request('http://shop.test/kategorie/kennzeichenhalter?sortierung=preis-aufsteigend&seite=2'),
      'http://shop.test',
    );
    if (page.kind !== 'page') throw new Error(`no page: ${page.kind}`);
    const form = page.html.match(/<form[^>]*listing-sort[\s\S]*?<\/form>/)?.[0] ?? '';
    const pagination = page.html.match(/<nav class="pagination"[\s\S]*?<\/nav>/)?.[0] ?? '';
    expect(form).toContain('<label for="listing-sort">Sortieren nach</label>');
    expect(form).toContain('<select id="listing-sort" name="sortierung">');
    expect(form).toMatch(/<option value="preis-aufsteigend" selected="">Preis aufsteigend<\/option>/);
    expect(form).toContain('<button type="submit">Sortieren</button>');
    expect(form).not.toContain('seite');
    expect(pagination).toContain(
      'rel="prev" href="/kategorie/kennzeichenhalter?sortierung=preis-aufsteigend"',
    );
    expect(pagination).toContain(
      'rel="next" href="/kategorie/kennzeichenhalter?sortierung=preis-aufsteigend&amp;seite=3"',
    );
    // The same page in another order: canonical to the unsorted page, not indexed, its links followed.
    expect(page.head.canonical).toBe('http://shop.test/kategorie/kennzeichenhalter?seite=2');
    expect([page.head.noindex, page.head.nofollow]).toEqual([true, false]);
    const first = await shop.render(
      new Request('http://shop.test/kennzeichen?sortierung=name-aufsteigend&utm_source=x'),
      'http://shop.test',
    );
    if (first.kind !== 'page') throw new Error(`no page: ${first.kind}`);
    expect(first.head.canonical).toBe('http://shop.test/kennzeichen');
    expect([first.head.noindex, first.head.nofollow]).toEqual([true, false]);
    // Unsorted pages stay as they were: indexed, no robots meta.
    const plain = await shop.render(
      new Request('http://shop.test/kategorie/kennzeichenhalter?seite=2'),
      'http://shop.test',
    );
    if (plain.kind !== 'page') throw new Error(`no page: ${plain.kind}`);
    expect([plain.head.noindex, plain.head.nofollow]).toEqual([undefined, false]);
    expect(plain.html).toContain('rel="next" href="/kategorie/kennzeichenhalter?seite=3"');
  });

  it("equals the client navigation to the same address (the browser reads the server's page data)", async () => {
    const shop = await renderer();
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      const address = String(input instanceof Request ? input.url : input);
      if (!address.startsWith('/page-data/')) throw new Error(`the browser asked ${address}`);
      const answer = await shop.pageData(
        new Request(`http://shop.test${address.slice('/page-data'.length)}`),
      );
      return new Response(JSON.stringify(answer), { status: answer ? 200 : 404 });
    });
    const sdk = createSdk({ baseUrl: 'http://shop.test', storage: null, retries: 0, fetch: fakeApiFetch() });
    const browser = createLoaders({
      data: createShopData(sdk, COMPANY, config, { fromServer: true }),
      config,
    });
    for (const url of [
      '/kategorie/kennzeichenhalter?sortierung=preis-aufsteigend&seite=2',
      '/kategorie/kennzeichenhalter?sortierung=name-aufsteigend&seite=17',
    ]) {
      const rendered = await shop.render(new Request(`http://shop.test${url}`), 'http://shop.test');
      if (rendered.kind !== 'page') throw new Error(`no page: ${rendered.kind}`);
      const loaderData = rendered.boot.hydrationData?.loaderData ?? {};
      const server = loaderData[Object.keys(loaderData).at(-1) as string] as ListingPage;
      const client = await browser.category(args(url));
      expect(client.sort).toBeDefined();
      expect(JSON.parse(JSON.stringify(client))).toEqual(JSON.parse(JSON.stringify(server)));
    }
    expect(
      await redirected(browser.category(args('/kategorie/kennzeichenhalter?sortierung=billig&seite=2'))),
    ).toBe('/kategorie/kennzeichenhalter?seite=2');
  });
});
