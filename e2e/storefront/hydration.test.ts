import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StorefrontWorld, startStorefrontWorld } from './storefrontWorld';

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
});
