import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StorefrontWorld, startStorefrontWorld } from './storefrontWorld';

/**
 * The element tree under #root as tags and attributes, one line per element. Left out: what only the browser adds
 * or fills on purpose (the loading bar, scripts, <noscript> fallbacks, resource <link>s)
 * and useId values, which React's server render and the browser's Preact spell differently.
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

describe('hydration (issue 5: transfer state, no refetch)', () => {
  for (const path of ['/', '/kategorie/kennzeichenhalter', '/kfz-kennzeichen', '/impressum', '/blog']) {
    it(`${path} hydrates without console errors and asks the API for nothing it got in the page`, async () => {
      const { page, errors, apiRequests } = await world.open(path);
      const keys: string[] = await page.evaluate(() =>
        Object.keys(JSON.parse(document.getElementById('lp-boot')?.textContent ?? '{}').transferState ?? {}),
      );
      expect(keys.length).toBeGreaterThan(3);
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

  // Preact (the browser build's React) adopts the server's markup without comparing it, so a mismatch would not
  // show as a console error: compare the page as the server sent it with the page after hydration.
  for (const path of ['/', '/kategorie/kennzeichenhalter', '/kfz-kennzeichen', '/impressum', '/blog']) {
    it(`${path} keeps the server's markup when it hydrates`, async () => {
      const server = await world.open(path, { javaScript: false });
      const hydrated = await world.open(path);
      expect(await rootTree(hydrated.page)).toEqual(await rootTree(server.page));
      await server.page.close();
      await hydrated.page.close();
    });
  }
});
