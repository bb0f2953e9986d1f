import { AxeBuilder } from '@axe-core/playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type WidgetWorld, startWidgetWorld } from './widgetWorld';

let world: WidgetWorld;

beforeAll(async () => {
  world = await startWidgetWorld();
});
afterAll(async () => {
  await world?.close();
});

describe('web-components example', () => {
  for (const width of [320, 1280]) {
    it(`has no axe violations at ${width} px, errors shown`, async () => {
      const context = await world.browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      await page.goto(`${world.examples.url}/index.html`);
      await page.locator('#generator .price-total').waitFor();
      // Show the states that add markup: a seasonal plate with its months, and a validation message.
      await page.locator('#generator select').first().selectOption('H+season');
      await page.locator('#generator input[name="kennzeichen"]').fill('XX-0 1');
      await page.locator('#generator .error').first().waitFor();
      const result = await new AxeBuilder({ page }).analyze();
      const summary = result.violations.map(
        (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
      );
      expect(summary).toEqual([]);
      // At 320 px nothing overflows sideways.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      // The events reach the page's log.
      await expect.poll(() => page.locator('#log li').count()).toBeGreaterThan(0);
      await context.close();
    });
  }
});
