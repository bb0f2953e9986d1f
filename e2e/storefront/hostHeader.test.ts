// The Host header is the client's to choose: canonical links, robots.txt and the sitemap must never take it.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StorefrontWorld, startStorefrontWorld } from './storefrontWorld';

const FORGED = 'evil.example';

/** GET with a forged Host header (fetch forbids setting Host). */
function getWithHost(base: string, path: string) {
  return new Promise<{ status: number; cache: string; body: string }>((done, fail) => {
    const req = request(`${base}${path}`, { headers: { host: FORGED } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () =>
        done({ status: res.statusCode ?? 0, cache: String(res.headers['cache-control'] ?? ''), body }),
      );
    });
    req.on('error', fail);
    req.end();
  });
}

describe('storefront origin without a configured siteUrl', () => {
  let world: StorefrontWorld;
  beforeAll(async () => {
    world = await startStorefrontWorld({ browser: false, shop: { env: { LP_RELEASE: '1' } } });
  }, 60_000);
  afterAll(() => world?.close());

  it('uses its own listen URL for sitemap, robots and canonical, and keeps the sitemap out of shared caches', async () => {
    const sitemap = await getWithHost(world.shop.url, '/sitemap.xml');
    expect(sitemap.status).toBe(200);
    expect(sitemap.body).not.toContain(FORGED);
    expect(sitemap.body).toContain(`<loc>${world.shop.url}/`);
    expect(sitemap.cache).not.toContain('public');
    const robots = await getWithHost(world.shop.url, '/robots.txt');
    expect(robots.body).toContain(`Sitemap: ${world.shop.url}/sitemap.xml`);
    expect(robots.body).not.toContain(FORGED);
    const page = await getWithHost(world.shop.url, '/kfz-kennzeichen');
    expect(page.body).toContain(`<link rel="canonical" href="${world.shop.url}/kfz-kennzeichen">`);
    expect(page.body).not.toContain(FORGED);
  });
});

describe('storefront origin with a configured siteUrl', () => {
  let world: StorefrontWorld;
  beforeAll(async () => {
    world = await startStorefrontWorld({
      browser: false,
      shop: { env: { LP_RELEASE: '1', LP_SITE_URL: 'https://www.kennzeichen.example' } },
    });
  }, 60_000);
  afterAll(() => world?.close());

  it('uses siteUrl and lets caches keep the sitemap', async () => {
    const sitemap = await getWithHost(world.shop.url, '/sitemap.xml');
    expect(sitemap.body).toContain('<loc>https://www.kennzeichen.example/');
    expect(sitemap.body).not.toContain(FORGED);
    expect(sitemap.cache).toContain('public');
  });
});
