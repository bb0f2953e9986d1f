// Issue 5 / spec 8: an unhandled error in the shopper's browser reaches the API's error store through the
// storefront's /api proxy (with the anti-forgery header), and a broken page does not flood it.
import { startApi } from '@lp/api';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningStorefront, startStorefront } from '../../packages/storefront/server/index';
import { presetConsent, shopOptions } from '../consent/consentWorld';
import { ensureStorefrontBuilt } from '../storefront/storefrontWorld';
import { launchBrowser } from '../support/browser';
import { waitForHydration } from '../support/hydration';

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

/** What the page's own fetch saw of its error reports: calls started and the answers (status, or 0 if failed). */
interface Posts {
  started: number;
  statuses: number[];
}

async function openHome(): Promise<{ page: Page; posts: () => Promise<Posts> }> {
  const context = await browser.newContext();
  await presetConsent(context, { statistics: false, marketing: false });
  // Count the reports where they are sent: a settled count is then "every started post answered", which holds on
  // any machine, instead of "no new answer for a while", which a busy machine breaks.
  await context.addInitScript(() => {
    const record: Posts = { started: 0, statuses: [] };
    Object.assign(window, { __lpPosts: record });
    const original = window.fetch.bind(window);
    window.fetch = (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (!url.includes('/api/ClientErrors')) return original(input, init);
      record.started++;
      return original(input, init).then(
        (response) => {
          record.statuses.push(response.status);
          return response;
        },
        (error: unknown) => {
          record.statuses.push(0);
          throw error;
        },
      );
    };
  });
  const page = await context.newPage();
  await page.goto(`${shop.url}/`, { waitUntil: 'networkidle' });
  // The reporter and its API sink are wired before React takes over the page (entry-client).
  await waitForHydration(page);
  const posts = () => page.evaluate(() => (window as unknown as { __lpPosts: Posts }).__lpPosts);
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
    // Both answers arrived (the API answers 204 once the row is stored), then the rows are there.
    await expect.poll(posts, { timeout: 20_000 }).toEqual({ started: 2, statuses: [204, 204] });
    const stored = await rows();
    expect(stored).toHaveLength(2);
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
    // Wait until every post the page started has its answer (all are started while the events are dispatched),
    // then compare what the page sent with what the API stored.
    await expect
      .poll(
        async () => {
          const { started, statuses } = await posts();
          return started > 0 && statuses.length === started;
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    const { started, statuses } = await posts();
    expect(started).toBeGreaterThanOrEqual(10);
    expect(started).toBeLessThanOrEqual(20);
    const stored = await rows();
    expect(stored).toHaveLength(statuses.filter((status) => status === 204).length);
    expect(stored.filter((r) => r.message === 'same')).toHaveLength(1);
    await page.close();
  });
});
