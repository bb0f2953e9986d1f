// Clickjacking: a foreign site frames the shop and lays its own bait over the shop's buttons. Only /number-banner
// (spec 2: the embeddable configurator) may be framed by other sites; the cart, checkout and account pages must not
// render inside a foreign frame, while the shop may still frame its own pages.
import type { Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StaticServer, serveStatic } from '../support/browser';
import { type StorefrontWorld, startStorefrontWorld } from '../storefront/storefrontWorld';

let world: StorefrontWorld;
let attacker: StaticServer;
beforeAll(async () => {
  world = await startStorefrontWorld();
  // localhost and 127.0.0.1 are different sites to the browser: the attacker's page is cross-site to the shop.
  const shop = world.shop.url.replace('127.0.0.1', 'localhost');
  const frame = (path: string) =>
    `<!doctype html><title>Gewinnspiel</title><iframe id="shop" src="${shop}${path}" width="1000" height="700"></iframe>`;
  attacker = await serveStatic('.', {
    pages: Object.fromEntries(
      ['/cart', '/account', '/cart/checkout', '/impressum', '/number-banner'].map((path) => [
        `/frame${path}`,
        frame(path),
      ]),
    ),
  });
});
afterAll(async () => {
  await attacker?.close();
  await world?.close();
});

/** The shop's document inside the attacker's iframe once it loaded, or null when the browser refused to render it. */
async function framedShop(path: string): Promise<{ page: Page; frame: Frame | null }> {
  const page = await world.browser.newPage();
  await page.goto(`${attacker.url}/frame${path}`, { waitUntil: 'load' });
  const element = await page.waitForSelector('#shop');
  const frame = await element.contentFrame();
  // A refused frame holds Chromium's error document; an admitted one the shop's page with its boot data.
  const shown = frame ? await frame.evaluate(() => Boolean(document.getElementById('lp-boot'))) : false;
  return { page, frame: shown ? frame : null };
}

describe('a foreign site framing the shop', () => {
  it.each(['/cart', '/cart/checkout', '/account', '/impressum'])(
    'cannot show %s inside its frame',
    async (path) => {
      const { page, frame } = await framedShop(path);
      try {
        expect(frame).toBeNull();
      } finally {
        await page.close();
      }
    },
  );

  it('can embed /number-banner, the configurator made for other sites', async () => {
    const { page, frame } = await framedShop('/number-banner');
    try {
      expect(frame).not.toBeNull();
      await expect.poll(() => frame?.title()).toBe('Configurator');
    } finally {
      await page.close();
    }
  });

  it('opens the shop from a framed /number-banner in the whole window, not in the frame that may not show it', async () => {
    const { page, frame } = await framedShop('/number-banner');
    try {
      const banner = frame?.locator('lp-banner-configurator');
      await banner?.locator('input[name="kennzeichen"]').fill('B-LP 1');
      await banner?.getByRole('button', { name: 'Jetzt konfigurieren' }).click();
      // The attacker's (here: a dealer's) page itself goes to the shop's product page, which renders.
      await page.waitForURL((url) => url.searchParams.get('kennzeichen') === 'B-LP 1');
      expect(new URL(page.url()).origin).not.toBe(attacker.url);
      await page.locator('#lp-boot').waitFor({ state: 'attached' });
    } finally {
      await page.close();
    }
  });

  it('sends frame-ancestors and X-Frame-Options on pages, neither on /number-banner', async () => {
    const cart = await fetch(`${world.shop.url}/cart`);
    expect(cart.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    expect(cart.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    const banner = await fetch(`${world.shop.url}/number-banner?text=B-AB%20123`);
    expect(banner.headers.get('content-security-policy')).not.toContain('frame-ancestors');
    expect(banner.headers.get('x-frame-options')).toBeNull();
  });
});
