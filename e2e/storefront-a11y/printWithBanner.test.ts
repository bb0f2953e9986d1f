// A shopper prints a page (the imprint, an order) before answering the cookie banner (session 25, sharedfix): the
// paper shows the page, not the banner and not the empty room the screen keeps under the page for it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForHydration } from '../support/hydration';
import { type StorefrontWorld, startStorefrontWorld } from '../storefront/storefrontWorld';

let world: StorefrontWorld;
beforeAll(async () => {
  const distDir = process.env.LP_STOREFRONT_DIST;
  world = await startStorefrontWorld(distDir ? { shop: { distDir } } : {});
});
afterAll(async () => {
  await world?.close();
});

describe('printing with the cookie banner open', () => {
  it('prints neither the banner nor the room kept for it', async () => {
    const context = await world.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${world.shop.url}/impressum`, { waitUntil: 'networkidle' });
    await waitForHydration(page);
    const banner = page.locator('.consent');
    await banner.waitFor();
    const looks = () =>
      page.evaluate(() => ({
        banner: getComputedStyle(document.querySelector('.consent')!).display,
        room: getComputedStyle(document.body).paddingBottom,
      }));
    // On screen the banner is there, with its room under the page.
    const screen = await looks();
    expect(screen.banner).not.toBe('none');
    expect(Number.parseFloat(screen.room)).toBeGreaterThan(100);

    await page.emulateMedia({ media: 'print' });
    expect(await looks()).toEqual({ banner: 'none', room: '0px' });
    await context.close();
  });
});
