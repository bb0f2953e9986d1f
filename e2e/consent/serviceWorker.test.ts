// spec 4: the service worker is registered immediately, precaches the app shell and serves the offline page for
// navigations when the network fails. Own world: the test stops the shop server to take the network away.
import { startApi } from '@lp/api';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningStorefront, startStorefront } from '../../packages/storefront/server/index';
import { launchBrowser } from '../support/browser';
import { ensureStorefrontBuilt } from '../storefront/storefrontWorld';
import { presetConsent, shopOptions } from './consentWorld';

let api: Awaited<ReturnType<typeof startApi>>;
let shop: RunningStorefront | undefined;
let browser: Browser;
beforeAll(async () => {
  ensureStorefrontBuilt();
  api = await startApi({ port: 0, dataDir: 'memory', rateLimit: false });
  shop = await startStorefront({ port: 0, apiUrl: api.url, env: {}, ...shopOptions() });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await shop?.close();
  await api?.close();
});

describe('service worker (spec 4)', () => {
  it('/sw.js is served from the site root as JavaScript, never caching /api/', async () => {
    const response = await fetch(`${shop?.url}/sw.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/javascript/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const text = await response.text();
    expect(text).toContain('/offline.html');
    expect(text).toMatch(/lp-shell-1\.32\.0-/);
    const offline = await fetch(`${shop?.url}/offline.html`);
    expect(await offline.text()).toContain('Sie sind offline');
  });

  it('registers at once, precaches the shell, and serves the offline page when the server is down', async () => {
    const context = await browser.newContext();
    await presetConsent(context, { statistics: false, marketing: false });
    const page = await context.newPage();
    const origin = shop?.url ?? '';
    await page.goto(`${origin}/`, { waitUntil: 'load' });
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${origin}/`);
    const cached = await page.evaluate(async () => {
      const names = await caches.keys();
      const urls: string[] = [];
      for (const name of names)
        for (const request of await (await caches.open(name)).keys())
          urls.push(new URL(request.url).pathname);
      return { names, urls };
    });
    expect(cached.names).toHaveLength(1);
    expect(cached.urls).toContain('/offline.html');
    expect(cached.urls.some((url) => /^\/assets\/.+\.js$/.test(url))).toBe(true);
    expect(cached.urls.some((url) => /^\/assets\/.+\.css$/.test(url))).toBe(true);
    expect(cached.urls.some((url) => url.startsWith('/api/'))).toBe(false);

    // The network goes away (server stopped): a navigation shows the German offline page.
    await shop?.close();
    shop = undefined;
    await page.goto(`${origin}/kontakt`);
    await page.getByRole('heading', { name: 'Sie sind offline' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
    // The shell's stylesheet still applies (served from the cache).
    expect(await page.evaluate(() => document.styleSheets.length)).toBeGreaterThan(0);
    await context.close();
  });
});
