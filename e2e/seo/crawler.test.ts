// The shop as a search engine's crawler sees it: plain HTTP requests (no script), robots.txt, sitemap.xml, every
// page it lists, and the other spellings of those pages that links and shoppers produce.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StorefrontWorld, startStorefrontWorld } from '../storefront/storefrontWorld';

let world: StorefrontWorld;
beforeAll(async () => {
  world = await startStorefrontWorld({ browser: false });
});
afterAll(async () => {
  await world?.close();
});

const get = (path: string) => fetch(`${world.shop.url}${path}`, { redirect: 'manual' });

/** What a crawler reads from a page's HTML. */
async function crawl(path: string) {
  const response = await get(path);
  const html = await response.text();
  const head = html.slice(0, html.indexOf('</head>'));
  const all = (pattern: RegExp) => [...head.matchAll(pattern)].map((match) => match[1] ?? '');
  return {
    status: response.status,
    location: response.headers.get('location'),
    lang: /<html lang="de">/.test(html),
    titles: all(/<title>([^<]*)<\/title>/g),
    descriptions: all(/<meta name="description" content="([^"]*)">/g),
    canonicals: all(/<link rel="canonical" href="([^"]*)">/g),
    robots: all(/<meta name="robots" content="([^"]*)">/g),
    h1: (html.match(/<h1[\s>]/g) ?? []).length,
    og: Object.fromEntries(
      [...head.matchAll(/<meta property="(og:[^"]+)" content="([^"]*)">/g)].map((match) => [
        match[1],
        match[2],
      ]),
    ),
    jsonLd: all(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g).map(
      (text) => JSON.parse(text) as Record<string, unknown>,
    ),
  };
}

const sitemapUrls = async () => {
  const xml = await (await get('/sitemap.xml')).text();
  return [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1] as string);
};

describe('the shop as a crawler sees it', () => {
  it('lists in sitemap.xml only pages that answer 200 and name themselves canonical, each with one head', async () => {
    const response = await get('/sitemap.xml');
    expect(response.headers.get('content-type')).toMatch(/^application\/xml/);
    const xml = await response.text();
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">\n/,
    );
    // Well-formed: every entry is one <url> with an absolute <loc> and an optional W3C date, nothing unescaped.
    const body = xml.slice(xml.indexOf('<url>'), xml.lastIndexOf('</url>') + 6);
    for (const line of body.split('\n'))
      expect(line).toMatch(
        /^<url><loc>http:\/\/127\.0\.0\.1:\d+\/[^<>&"\s]*<\/loc>(<lastmod>\d{4}-\d\d-\d\d<\/lastmod>)?<\/url>$/,
      );
    const urls = await sitemapUrls();
    expect(urls.length).toBeGreaterThan(50);
    expect(new Set(urls).size).toBe(urls.length);
    const titles = new Map<string, string>();
    for (const url of urls) {
      const path = url.slice(world.shop.url.length);
      const page = await crawl(path);
      expect(page.status, path).toBe(200);
      expect(page.lang, path).toBe(true);
      expect(page.titles, path).toHaveLength(1);
      expect(page.descriptions, path).toHaveLength(1);
      expect(page.descriptions[0]?.length, path).toBeGreaterThan(10);
      expect(page.canonicals, path).toEqual([url]);
      expect(page.robots, path).toEqual([]);
      expect(page.h1, path).toBe(1);
      // Link previews (Open Graph) from the same head: product pages as products, every other page as a website.
      expect(page.og, path).toMatchObject({
        'og:type': page.jsonLd.some((item) => item['@type'] === 'Product') ? 'product' : 'website',
        'og:site_name': 'Kennzeichen-Profi',
        'og:locale': 'de_DE',
        'og:title': page.titles[0],
        'og:description': page.descriptions[0],
        'og:url': url,
      });
      titles.set(path, page.titles[0] ?? '');
    }
    expect(titles.get('/')).toBe('Kennzeichen online bestellen | Kennzeichen-Profi');
  });

  it('keeps the hidden category (1737374404) and its products out of the sitemap and out of the index', async () => {
    const urls = await sitemapUrls();
    expect(urls.filter((url) => /intern|1737374404|grafikservice/.test(url))).toEqual([]);
    // spec 2: unknown and hidden pages go to /404, which answers with a real 404 status.
    for (const path of ['/kategorie/1737374404', '/kategorie/intern', '/grafikservice-druckvorlage']) {
      const page = await crawl(path);
      expect([page.status, page.location], path).toEqual([302, '/404']);
    }
    expect((await crawl('/404')).status).toBe(404);
  });

  it('names one canonical URL for every spelling of a page: letter case, trailing slash, category id or name', async () => {
    const spellings: [string, string][] = [
      ['/KFZ-Kennzeichen', '/kfz-kennzeichen'],
      ['/kfz-kennzeichen/', '/kfz-kennzeichen'],
      ['/KFZ-Kennzeichen/configurator', '/kfz-kennzeichen/configurator'],
      ['/Impressum', '/impressum'],
      ['/impressum/', '/impressum'],
      ['/Blog/', '/blog'],
      ['/kategorie/1737374402', '/kategorie/kennzeichenhalter'],
      ['/kategorie/Kennzeichenhalter', '/kategorie/kennzeichenhalter'],
      ['/kategorie/kennzeichenhalter/', '/kategorie/kennzeichenhalter'],
      ['/kategorie/Funschilder?sort=price', '/kategorie/funschilder'],
      ['/kennzeichen/auto', '/kennzeichen/autokennzeichen'],
      ['/Kennzeichen/Autokennzeichen/', '/kennzeichen/autokennzeichen'],
      // A category listing with a page of its own names that page: one listing, one address.
      ['/kategorie/kennzeichen', '/kennzeichen'],
      ['/kategorie/autokennzeichen', '/kennzeichen/autokennzeichen'],
      ['/kategorie/kennzeichenhalter-bedruckt', '/kennzeichenhalter-bedrucken'],
    ];
    for (const [path, canonical] of spellings) {
      const page = await crawl(path);
      expect(page.status, path).toBe(200);
      expect(page.canonicals, path).toEqual([`${world.shop.url}${canonical}`]);
    }
    const urls = await sitemapUrls();
    expect(urls).toContain(`${world.shop.url}/kategorie/kennzeichenhalter`);
    expect(urls).toContain(`${world.shop.url}/kennzeichen/autokennzeichen`);
    for (const listing of ['kennzeichen', 'autokennzeichen', 'kennzeichenhalter-bedruckt'])
      expect(urls).not.toContain(`${world.shop.url}/kategorie/${listing}`);
  });

  it('describes a product with valid Product JSON-LD whose price is the API price', async () => {
    const page = await crawl('/kfz-kennzeichen?utm_source=suche');
    expect(page.robots).toEqual(['nofollow']);
    expect(page.jsonLd).toHaveLength(1);
    const product = page.jsonLd[0] as {
      '@context': string;
      '@type': string;
      name: string;
      url: string;
      image: { url: string }[];
      offers: { '@type': string; price: string; priceCurrency: string; availability: string };
    };
    expect(product['@context']).toBe('https://schema.org');
    expect(product['@type']).toBe('Product');
    expect(product.url).toBe(page.canonicals[0]);
    expect(product.image[0]?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
    const api = await (
      await fetch(`${world.apiUrl}/api/v1/business/get-product-by-alias?companyId=1001&alias=kfz-kennzeichen`)
    ).json();
    const price = api.Price as number;
    expect(product.offers).toMatchObject({
      '@type': 'Offer',
      price: price.toFixed(2),
      priceCurrency: 'EUR',
      availability: 'https://schema.org/InStock',
    });
    expect(product.offers.price).toMatch(/^\d+\.\d\d$/);
  });

  it('tells crawlers where the sitemap is and keeps shopping-state pages out', async () => {
    const robots = await (await get('/robots.txt')).text();
    expect(robots).toContain(`Sitemap: ${world.shop.url}/sitemap.xml`);
    for (const path of ['/cart', '/wishlist', '/account/', '/thank-you/', '/api/'])
      expect(robots).toContain(`Disallow: ${path}\n`);
    const urls = await sitemapUrls();
    expect(urls.filter((url) => /\/(cart|wishlist|account|thank-you|api)\b/.test(url))).toEqual([]);
  });

  it('answers /{alias}/configurator only for products that have a configurator, and lists none', async () => {
    const answer = await fetch(
      `${world.apiUrl}/api/v1/business/getproducts?companyId=1001&page=1&pageSize=1000`,
    );
    const { items } = (await answer.json()) as {
      items: { Alias: string; Attributes?: Record<string, string> }[];
    };
    const ofType = (type: string) =>
      items.filter((product) => product.Attributes?.Kennzeichentyp === type).map((product) => product.Alias);
    // spec 2: the name plate configurator; official plates show their generator there (decisions.md).
    const withConfigurator = [...ofType('Namensschild'), ...ofType('Auto'), ...ofType('Motorrad')];
    const without = ['Kennzeichenhalter', 'Funschild', 'Parkplatzschild', 'Zubehör'].flatMap(ofType);
    expect(withConfigurator).toContain('namensschild');
    expect(without).toEqual(expect.arrayContaining(['funschild', 'parkplatzschild', 'ooono']));
    expect(ofType('Kennzeichenhalter').length).toBeGreaterThan(0);
    for (const alias of withConfigurator) {
      const page = await crawl(`/${alias}/configurator`);
      expect(page.status, alias).toBe(200);
      expect(page.canonicals, alias).toEqual([`${world.shop.url}/${alias}/configurator`]);
    }
    // Every other product: the unknown page of spec 2 (302 to /404, which answers 404), as unknown products get.
    for (const alias of without) {
      const page = await crawl(`/${alias}/configurator`);
      expect([page.status, page.location], alias).toEqual([302, '/404']);
    }
    const urls = await sitemapUrls();
    expect(urls.filter((url) => url.endsWith('/configurator'))).toEqual([]);
  });
});
