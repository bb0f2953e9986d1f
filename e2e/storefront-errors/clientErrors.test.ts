// Issue 5 / spec 8: an unhandled error in the shopper's browser reaches the API's error store through the
// storefront's /api proxy (with the anti-forgery header), and a broken page does not flood it.
import { startApi } from '@lp/api';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningStorefront, startStorefront } from '../../packages/storefront/server/index';
import { presetConsent, shopOptions } from '../consent/consentWorld';
import { ensureStorefrontBuilt } from '../storefront/storefrontWorld';
import { launchBrowser } from '../support/browser';

let api: Awaited<ReturnType<typeof startApi>>;
let shop: RunningStorefront;
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

interface Row extends Record<string, unknown> {
  severity: string;
  component: string;
  message: string;
  url: string | null;
}
const rows = () =>
  api.app.db.query<Row>('SELECT severity, component, message, url FROM client_errors ORDER BY id');

async function openHome(): Promise<{ page: Page; posts: number[] }> {
  const context = await browser.newContext();
  await presetConsent(context, { statistics: false, marketing: false });
  const page = await context.newPage();
  const posts: number[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/api/ClientErrors')) posts.push(response.status());
  });
  await page.goto(`${shop.url}/`, { waitUntil: 'networkidle' });
  // The reporter is wired once the client started (the same moment the cart loads).
  await page.waitForFunction(() => document.getElementById('root')?.hasChildNodes());
  return { page, posts };
}

describe('client error reports (issue 5, spec 8)', () => {
  it('stores an uncaught error and an unhandled rejection with component and page url', async () => {
    await api.app.db.query('DELETE FROM client_errors');
    const { page, posts } = await openHome();
    await page.evaluate(() => {
      window.dispatchEvent(new ErrorEvent('error', { message: 'boom' }));
      void Promise.reject(new Error('kaputt'));
    });
    await expect.poll(async () => (await rows()).length, { timeout: 20_000, interval: 200 }).toBe(2);
    // The rows can be stored before the browser has seen the proxied answers, so wait for those too.
    await expect.poll(() => posts.length, { timeout: 10_000, interval: 100 }).toBe(2);
    expect(posts).toEqual([204, 204]);
    const stored = await rows();
    expect(stored).toEqual(
      expect.arrayContaining([
        { severity: 'error', component: 'window', message: 'boom', url: `${shop.url}/` },
        { severity: 'error', component: 'promise', message: 'kaputt', url: `${shop.url}/` },
      ]),
    );
    // The shopper still sees the shop, not a blank screen.
    expect(await page.locator('main').count()).toBeGreaterThan(0);
    await page.close();
  });

  it('sends a repeated error once and at most 20 reports per page view', async () => {
    await api.app.db.query('DELETE FROM client_errors');
    const { page, posts } = await openHome();
    await page.evaluate(() => {
      for (let i = 0; i < 5; i++) window.dispatchEvent(new ErrorEvent('error', { message: 'same' }));
      for (let i = 0; i < 40; i++) window.dispatchEvent(new ErrorEvent('error', { message: `flood ${i}` }));
    });
    // Wait until the flood has settled: no new answers for a second (posts through the proxy can be slow on a
    // loaded machine), then compare what the page sent with what the API stored.
    let seen = -1;
    await expect
      .poll(
        async () => {
          const settled = posts.length === seen && posts.length > 0;
          seen = posts.length;
          return settled;
        },
        { timeout: 20_000, interval: 1000 },
      )
      .toBe(true);
    expect(posts.length).toBeGreaterThanOrEqual(10);
    expect(posts.length).toBeLessThanOrEqual(20);
    const stored = await rows();
    expect(stored).toHaveLength(posts.filter((status) => status === 204).length);
    expect(stored.filter((r) => r.message === 'same')).toHaveLength(1);
    await page.close();
  });
});
