import { get as httpGet } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StorefrontWorld, startStorefrontWorld } from './storefrontWorld';

let world: StorefrontWorld;
beforeAll(async () => {
  world = await startStorefrontWorld({ browser: false });
});
afterAll(async () => {
  await world?.close();
});

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${world.shop.url}${path}`, { redirect: 'manual', headers });
const html = async (path: string) => {
  const response = await get(path);
  expect(response.status, path).toBe(200);
  return response.text();
};
/** A raw GET (fetch would decompress on its own). */
const rawGet = (path: string, headers: Record<string, string>) =>
  new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
    httpGet(`${world.shop.url}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    }).on('error', reject);
  });
const main = (page: string) => page.slice(page.indexOf('<main'), page.indexOf('</main>'));

// Every route of spec 2 with text its server-rendered HTML must contain (no JavaScript involved).
const ROUTES: [string, RegExp][] = [
  ['/', /Kennzeichen online bestellen[\s\S]*Bundesweit zertifiziert/],
  ['/number-banner', /<h1[^>]*>Konfigurator<\/h1>/],
  // PAngV: every price shown to consumers says VAT included and shipping added, with a link to the costs.
  [
    '/kategorie/kennzeichenhalter',
    /<h1[^>]*>Kennzeichenhalter<\/h1>[\s\S]*Produkte[\s\S]*inkl. MwSt., zzgl. <a href="\/zahlung-und-versand"[^>]*>Versand<\/a>/,
  ],
  ['/kategorie/1737374402', /<h1[^>]*>Kennzeichenhalter<\/h1>/],
  ['/kategorie/Funschilder', /<h1[^>]*>Funschilder<\/h1>/],
  ['/catalog', /<h1>Katalog<\/h1>/],
  ['/shops/lp-de', /<h1>Kennzeichen-Profi/],
  ['/kennzeichen', /<h1>Kennzeichen<\/h1>/],
  ['/kennzeichen/autokennzeichen', /<h1>Autokennzeichen<\/h1>/],
  ['/funschild', /Funschild[\s\S]*inkl. MwSt\./],
  ['/parkplatzschild', /Parkplatz[\s\S]*inkl. MwSt\./],
  ['/kennzeichenhalter-bedrucken', /<h1>Kennzeichenhalter bedrucken<\/h1>/],
  ['/ooono', /inkl. MwSt\./],
  ['/blog', /<h1>Blog<\/h1>/],
  ['/impressum', /<h1>Impressum<\/h1>/],
  ['/datenschutz', /<h1>Datenschutz/],
  ['/agb', /<h1>(AGB|Allgemeine)/],
  ['/uber-uns', /<h1>/],
  ['/zahlung-und-versand', /<h1>/],
  ['/widerrufsrecht', /<h1>Widerruf/],
  ['/kontakt', /<h1>Kontakt/],
  ['/site/terms', /<h1>Nutzungsbedingungen<\/h1>/],
  ['/kfz-kennzeichen', /Kfz-Kennzeichen[\s\S]*inkl. MwSt\., zzgl. <a[^>]*>Versand<\/a>[\s\S]*Beschreibung/],
  ['/namensschild/configurator', /gestalten<\/h1>(?=[\s\S]*Zeile)[\s\S]*zzgl. <a[^>]*>Versand<\/a>/],
  ['/cart', /<h1>Warenkorb<\/h1>[\s\S]*Ihr Warenkorb ist leer/],
  // § 312j (1) BGB: delivery restriction and means of payment before the first field, in the server's HTML.
  [
    '/cart/checkout',
    /<h1>Kasse<\/h1><p[^>]*>Wir liefern nur innerhalb Deutschlands\. Wie Sie bezahlen können/,
  ],
  ['/wishlist', /<h1>Merkzettel<\/h1>/],
  ['/account/login', /<h1>Anmelden<\/h1>/],
  ['/account/register', /<h1>Registrieren<\/h1>/],
  ['/wait-for-confirmation', /<h1>Bestellung wird bestätigt<\/h1>/],
  ['/cancel-order/x', /<h1>Bestellung abgebrochen<\/h1>/],
];

describe('server-side rendering (issue 5, spec 2)', () => {
  it.each(ROUTES)('%s renders its content on the server', async (path, content) => {
    const page = await html(path);
    expect(page).toMatch(/^<!doctype html>\s*<html lang="de">/);
    expect(main(page)).toMatch(content);
    expect(page.match(/<link rel="canonical"/g)).toHaveLength(1);
  });

  it('renders the chrome: Kennzeichen menu with Weitere, footer sections, version, payment icons', async () => {
    const page = await html('/impressum');
    expect(page).toContain('Weitere</a>');
    for (const title of ['Information', 'Produkte', 'Weitere Links', 'Warum wir', 'Folge uns'])
      expect(page).toContain(title);
    expect(page).toContain('Version 1.32.0');
    expect(page).toContain(`© ${new Date().getFullYear()}`);
    expect(page).toContain('aria-label="American Express"');
    expect(page).toContain('Kostenloser Versand ab');
  });

  it('hides header, footer and body chrome on /number-banner and titles it Configurator', async () => {
    const page = await html('/number-banner');
    expect(page).toContain('<title>Configurator</title>');
    expect(page).not.toContain('<footer');
    expect(page).not.toContain('<header');
  });

  it('answers unknown routes and unknown products with /404, and /404 with status 404', async () => {
    for (const path of [
      '/a/b/c',
      '/gibt-es-nicht',
      '/kategorie/gibt-es-nicht',
      '/blog/gibt-es-nicht',
      '/shops/other',
      // Issue 13: a thank-you page only for an order that exists.
      '/thank-you/abc',
      '/thank-you/00000000-0000-4000-8000-000000000000',
    ]) {
      const response = await get(path);
      expect(response.status, path).toBe(302);
      expect(response.headers.get('location')).toBe('/404');
    }
    for (const path of ['/404', '/site/not-found']) {
      const response = await get(path);
      expect(response.status).toBe(404);
      expect(await response.text()).toContain('Seite nicht gefunden');
    }
  });

  it('embeds the GET answers as transfer state that no data can break out of', async () => {
    const page = await html('/kfz-kennzeichen');
    const script = /<script id="lp-boot" type="application\/json">([\s\S]*?)<\/script>/.exec(page)?.[1] ?? '';
    expect(script).not.toContain('<');
    const boot = JSON.parse(script);
    const keys = Object.keys(boot.transferState);
    expect(keys.some((key) => key.startsWith('GET /api/v1/business/get-product-by-alias?'))).toBe(true);
    expect(boot.company.UniqueId).toBe(1001);
    expect(JSON.stringify(boot.config)).not.toContain(world.apiUrl);
  });

  it('puts title, description, canonical, Product JSON-LD in the head; nofollow only with a query', async () => {
    const plain = await html('/kfz-kennzeichen');
    expect(plain).toMatch(/<title>[^<]*Kfz-Kennzeichen[^<]*<\/title>/);
    expect(plain).toMatch(/<meta name="description" content="[^"]+">/);
    expect(plain).toContain(`<link rel="canonical" href="${world.shop.url}/kfz-kennzeichen">`);
    expect(plain).not.toContain('name="robots"');
    const jsonLd = JSON.parse(
      /<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/.exec(plain)?.[1] ?? '{}',
    );
    expect(jsonLd['@type']).toBe('Product');
    expect(jsonLd.offers.url).toBe(`${world.shop.url}/kfz-kennzeichen?count=1`);
    const query = await html('/kfz-kennzeichen?utm=x');
    expect(query).toContain('<meta name="robots" content="nofollow">');
    expect(query).toContain(`<link rel="canonical" href="${world.shop.url}/kfz-kennzeichen">`);
  });

  it('serves sitemap.xml and robots.txt from the catalogue', async () => {
    const sitemap = await (await get('/sitemap.xml')).text();
    for (const path of [
      '/',
      '/kfz-kennzeichen',
      '/funschild',
      '/impressum',
      '/site/terms',
      '/kategorie/kennzeichenhalter',
    ]) {
      expect(sitemap).toContain(`<loc>${world.shop.url}${path}</loc>`);
    }
    expect(sitemap).not.toContain('/kategorie/intern');
    const robots = await (await get('/robots.txt')).text();
    expect(robots).toContain(`Sitemap: ${world.shop.url}/sitemap.xml`);
    expect(robots).toContain('Disallow: /cart');
  });

  it('serves hashed assets immutable and compressed, and rejects paths out of the asset folder', async () => {
    const page = await html('/');
    const script = /<script type="module" src="(\/assets\/[^"]+\.js)"/.exec(page)?.[1];
    expect(script).toBeTruthy();
    const response = await rawGet(script ?? '', { 'accept-encoding': 'gzip' });
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-encoding']).toBe('gzip');
    const body = gunzipSync(response.body).toString('utf8');
    expect(body.length).toBeGreaterThan(1000);
    for (const bad of [
      '/assets/..%2F..%2Fpackage.json',
      '/assets/nope.js',
      '/widget/..%2F..%2Fpackage.json',
    ]) {
      expect((await get(bad)).status, bad).toBe(404);
    }
    // A dot-segment path is normalised by URL parsing and ends up at the page router, never at a file.
    const dotted = await get('/assets/%2e%2e/%2e%2e/package.json');
    expect(dotted.status).toBe(302);
  });

  it('sends pages with a Content-Security-Policy that allows no inline script', async () => {
    const policy = (await get('/')).headers.get('content-security-policy') ?? '';
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toContain('unsafe-inline');
  });

  it('proxies /api to the shop API and refuses other methods on pages', async () => {
    const response = await get('/api/v1/business/get?alias=lp-de');
    expect(response.status).toBe(200);
    expect((await response.json()).UniqueId).toBe(1001);
    expect((await fetch(`${world.shop.url}/impressum`, { method: 'POST' })).status).toBe(405);
  });
});

describe('release guard (spec 2)', () => {
  it('sends every route to /404 while the release flag is off and keeps robots out', async () => {
    const { startStorefront } = await import('../../packages/storefront/server/index');
    const hidden = await startStorefront({
      port: 0,
      apiUrl: world.apiUrl,
      env: {},
      config: { release: false },
    });
    try {
      for (const path of ['/', '/impressum', '/kfz-kennzeichen']) {
        const response = await fetch(`${hidden.url}${path}`, { redirect: 'manual' });
        expect(response.status, path).toBe(302);
        expect(response.headers.get('location')).toBe('/404');
      }
      expect((await fetch(`${hidden.url}/404`)).status).toBe(404);
      expect(await (await fetch(`${hidden.url}/robots.txt`)).text()).toContain('Disallow: /\n');
    } finally {
      await hidden.close();
    }
  });

  it("shows 'Bitte warten!' while routes are temporarily disabled", async () => {
    const { startStorefront } = await import('../../packages/storefront/server/index');
    const paused = await startStorefront({
      port: 0,
      apiUrl: world.apiUrl,
      env: {},
      config: { routesDisabled: true },
    });
    try {
      const page = await (await fetch(`${paused.url}/impressum`)).text();
      expect(page).toMatch(/role="alert"[^>]*>Bitte warten!/);
      expect(page).not.toContain('<h1>Impressum</h1>');
    } finally {
      await paused.close();
    }
  });
});

describe('failures the shopper may meet', () => {
  it('shows the German maintenance page with status 503 (never a blank page or a 500) when the API goes away', async () => {
    const { startApi } = await import('@lp/api');
    const { startStorefront } = await import('../../packages/storefront/server/index');
    const api = await startApi({ port: 0, dataDir: 'memory', rateLimit: false });
    const shop = await startStorefront({ port: 0, apiUrl: api.url, env: {} });
    try {
      await api.close();
      const response = await fetch(`${shop.url}/kfz-kennzeichen`);
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
      const page = await response.text();
      expect(page).toContain('<h1>Wartungsarbeiten</h1>');
      expect(page).toContain('<html lang="de">');
      expect((await fetch(`${shop.url}/api/v1/business/get?alias=lp-de`)).status).toBe(502);
    } finally {
      await shop.close();
    }
  });

  it('starts from the built server module too (what `pnpm start` and the root start script load)', async () => {
    const built = pathToFileURL(
      join(import.meta.dirname, '../../packages/storefront/dist/server/index.js'),
    ).href;
    const { startStorefront } = (await import(
      /* @vite-ignore */ built
    )) as typeof import('../../packages/storefront/server/index');
    const shop = await startStorefront({ port: 0, apiUrl: world.apiUrl, env: {} });
    try {
      expect(await (await fetch(`${shop.url}/impressum`)).text()).toContain('<h1>Impressum</h1>');
    } finally {
      await shop.close();
    }
  });

  // Starting while the API is down is e2e/storefront-faults/apiDown.test.ts.
  it('refuses to start without a build, with a clear message', async () => {
    const { startStorefront } = await import('../../packages/storefront/server/index');
    await expect(startStorefront({ port: 0, apiUrl: world.apiUrl, distDir: '/nonexistent' })).rejects.toThrow(
      /not built/,
    );
  });
});
