import { AxeBuilder } from '@axe-core/playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StorefrontWorld, startStorefrontWorld } from './storefrontWorld';

let world: StorefrontWorld;
beforeAll(async () => {
  world = await startStorefrontWorld();
});
afterAll(async () => {
  await world?.close();
});

const PAGES = ['/', '/kategorie/kennzeichenhalter', '/kfz-kennzeichen', '/impressum'];

// Mobile first (375 px) and desktop (1280 px): the same pages, the same checks.
describe.each([375, 1280])('accessibility (axe) at %i px', (width) => {
  for (const path of PAGES) {
    it(`${path} has no axe violations and no sideways scrolling`, async () => {
      const { page } = await world.open(path, { width });
      const result = await new AxeBuilder({ page }).analyze();
      const summary = result.violations.map(
        (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
      );
      expect(summary).toEqual([]);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.close();
    });
  }
});
