import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HYDRATION_ERROR_CODES, takeHydrationReports } from '../support/hydrationGuard';
import { type StorefrontWorld, startStorefrontWorld } from './storefrontWorld';

/**
 * The element tree under #root as tags and attributes, one line per element. Left out: what only the browser adds
 * or fills on purpose (the loading bar, scripts, <noscript> fallbacks, resource <link>s)
 * and useId values (React's server render and its client spell them alike; left out so the test shows markup
 * differences rather than id numbering).
 */
function rootTree(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const skip = 'script, noscript, link, div.loading-bar';
    const useId = /_r_[0-9a-z]+_|P\d+-\d+/g;
    const lines: string[] = [];
    const walk = (element: Element, depth: number) => {
      if (element.matches(skip)) return;
      const attributes = [...element.attributes]
        .filter((attribute) => attribute.name !== 'data-hydrated')
        .map((attribute) => `${attribute.name}="${attribute.value.replace(useId, 'ID')}"`)
        .sort();
      lines.push(`${'  '.repeat(depth)}<${element.localName} ${attributes.join(' ')}>`);
      for (const child of element.children) walk(child, depth + 1);
    };
    const root = document.getElementById('root');
    if (root) for (const child of root.children) walk(child, 0);
    return lines;
  });
}

let world: StorefrontWorld;
beforeAll(async () => {
  world = await startStorefrontWorld();
});
afterAll(async () => {
  await world?.close();
});

describe('hydration (issue 5: loader data and transfer state, no refetch)', () => {
  for (const path of ['/', '/kategorie/kennzeichenhalter', '/kfz-kennzeichen', '/impressum', '/blog']) {
    it(`${path} hydrates without console errors and asks the API for nothing it got in the page`, async () => {
      const { page, errors, apiRequests } = await world.open(path);
      const boot = await page.evaluate(() =>
        JSON.parse(document.getElementById('lp-boot')?.textContent ?? '{}'),
      );
      const keys = Object.keys(boot.transferState ?? {});
      // The loaders' results (root layout and the page) travel as the router's hydration data.
      expect(Object.keys(boot.hydrationData?.loaderData ?? {}).length).toBeGreaterThanOrEqual(2);
      const transferred = new Set(keys.map((key) => key.replace(/^GET /, '')));
      const refetched = apiRequests.filter((request) =>
        transferred.has(
          new URL(request.split(' ')[1] ?? '').pathname + new URL(request.split(' ')[1] ?? '').search,
        ),
      );
      expect(refetched).toEqual([]);
      // Catalogue and content reads all came from the page.
      expect(apiRequests.filter((request) => /\/api\/v1\//.test(request))).toEqual([]);
      expect(errors).toEqual([]);
      // Hydrated: React handles a click (the mobile/desktop menu button reacts).
      await page.setViewportSize({ width: 375, height: 800 });
      await page.getByRole('button', { name: 'Menü öffnen' }).click();
      await page.getByRole('dialog', { name: 'Menü' }).waitFor();
      await page.close();
    });
  }

  // React's production build reports differing text and structure (e2e/support/hydrationGuard fails the test), but
  // not differing attributes, which it keeps as the server sent them: compare the page as the server sent it with
  // the page after hydration.
  for (const path of ['/', '/kategorie/kennzeichenhalter', '/kfz-kennzeichen', '/impressum', '/blog']) {
    it(`${path} keeps the server's markup when it hydrates`, async () => {
      const server = await world.open(path, { javaScript: false });
      const hydrated = await world.open(path);
      expect(await rootTree(hydrated.page)).toEqual(await rootTree(server.page));
      await server.page.close();
      await hydrated.page.close();
    });
  }

  // Proof that the guard works: the server's markup is changed on its way to the browser (failure injection), so
  // React finds a text that differs from its render. The report must reach the guard; this test takes it, so the
  // guard's afterEach passes.
  it('catches a deliberate mismatch: React reports it and the guard collects it', async () => {
    const context = await world.browser.newContext();
    const page = await context.newPage();
    await page.route(`${world.shop.url}/`, async (route) => {
      const response = await route.fetch();
      const html = await response.text();
      expect(html).toContain('>Folge uns</h2>');
      await route.fulfill({ response, body: html.replace('>Folge uns</h2>', '>Folge uns nicht</h2>') });
    });
    await page.goto(`${world.shop.url}/`, { waitUntil: 'networkidle' });
    // Not waitForHydration: it throws on this page's report, which is the point here.
    await page.locator('#root[data-hydrated]').waitFor({ state: 'attached' });
    const reports = takeHydrationReports(page);
    expect(reports.length).toBeGreaterThan(0);
    // Production: "Minified React error #418"; a development build of React DOM spells the message out.
    expect(reports.join('\n')).toMatch(
      new RegExp(`#(${HYDRATION_ERROR_CODES.join('|')})\\b|server rendered text didn't match`),
    );
    // React dropped the server's markup and rendered its own.
    expect(await page.locator('h2.footer-follow').textContent()).toBe('Folge uns');
    await context.close();
  });

  // The widget keeps its own Preact: its elements arrive after hydration from their own chunks (no Preact in the
  // route's initial JS, __tests__/routeSizes.test.ts) and render into their shadow roots inside the React page.
  it('loads the widget elements after hydration, and they render next to React', async () => {
    const { page, errors } = await world.open('/');
    await page.waitForFunction(
      () =>
        ['lp-plate-generator', 'lp-banner-configurator'].every(
          (tag) => (document.querySelector(tag)?.shadowRoot?.childElementCount ?? 0) > 0,
        ),
      undefined,
      { timeout: 15_000 },
    );
    expect(errors).toEqual([]);
    await page.close();
  });
});
