// A shopper arriving from a search result (a tracking query, another spelling of the path) who then browses on in
// the page: the head the browser keeps must describe the page on screen (spec 2), not the landing page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StorefrontWorld, startStorefrontWorld } from '../storefront/storefrontWorld';

let world: StorefrontWorld;
beforeAll(async () => {
  world = await startStorefrontWorld();
});
afterAll(async () => {
  await world?.close();
});

describe('arriving from a search result', () => {
  it('keeps title, description, canonical, robots, JSON-LD and link-preview tags in step while browsing', async () => {
    const { page, errors } = await world.open('/KFZ-Kennzeichen?utm_source=suche');
    const head = () =>
      page.evaluate(() => ({
        title: document.title,
        description: document.querySelector('meta[name="description"]')?.getAttribute('content'),
        canonicals: [...document.querySelectorAll('link[rel="canonical"]')].map((link) =>
          link.getAttribute('href'),
        ),
        robots: document.querySelectorAll('meta[name="robots"]').length,
        jsonLd: [...document.querySelectorAll('script[type="application/ld+json"]')].map(
          (script) => JSON.parse(script.textContent ?? '{}').name,
        ),
        ogType: document.querySelector('meta[property="og:type"]')?.getAttribute('content') ?? null,
        ogTitle: document.querySelector('meta[property="og:title"]')?.getAttribute('content') ?? null,
        ogUrl: document.querySelector('meta[property="og:url"]')?.getAttribute('content') ?? null,
        og: document.querySelectorAll('meta[property^="og:"]').length,
      }));
    const landing = await head();
    expect(landing).toMatchObject({
      title: 'Kfz-Kennzeichen online bestellen | Kennzeichen-Profi',
      canonicals: [`${world.shop.url}/kfz-kennzeichen`],
      robots: 1,
      ogUrl: `${world.shop.url}/kfz-kennzeichen`,
    });
    expect(landing.jsonLd).toHaveLength(1);

    await page.getByRole('navigation', { name: 'Hauptmenü' }).getByRole('link', { name: 'Zubehör' }).click();
    await page.getByRole('heading', { level: 1, name: 'Zubehör' }).waitFor();
    await expect.poll(head).toEqual({
      title: 'Zubehör | Kennzeichen-Profi',
      description: 'Zubehör online kaufen.',
      canonicals: [`${world.shop.url}/kategorie/zubehoer`],
      robots: 0,
      jsonLd: [],
      // A category's link preview: its own title and address, type website, no picture (the product's tags must
      // not stay behind): og:type, site_name, locale, title, description, url.
      ogType: 'website',
      ogTitle: 'Zubehör | Kennzeichen-Profi',
      ogUrl: `${world.shop.url}/kategorie/zubehoer`,
      og: 6,
    });

    await page.locator('main a[href="/kennzeichenschrauben-set"]').first().click();
    await page.waitForURL('**/kennzeichenschrauben-set');
    await expect.poll(async () => (await head()).jsonLd).toHaveLength(1);
    const product = await head();
    expect(product.canonicals).toEqual([`${world.shop.url}/kennzeichenschrauben-set`]);
    expect(product.ogUrl).toBe(`${world.shop.url}/kennzeichenschrauben-set`);
    expect(product.ogTitle).toBe(product.title);
    expect(product.ogType).toBe('product');
    expect(product.og).toBe(landing.og);
    expect(errors).toEqual([]);
    await page.close();
  });
});
