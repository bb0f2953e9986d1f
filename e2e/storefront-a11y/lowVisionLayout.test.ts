// A shopper with low vision at 400 % zoom (320 CSS px wide), with their own text spacing and reduced motion, and
// with a finger or an unsteady hand (session 25, lowvision): the buying path from the product's plate generator to
// the checkout reflows without sideways scrolling (WCAG 1.4.10), cuts no text off (1.4.12), offers targets of
// 24 px or with room around them (2.5.8), and nothing moves (2.3.3).
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForHydration } from '../support/hydration';
import { type StorefrontWorld, startStorefrontWorld } from '../storefront/storefrontWorld';
import { applyTextSpacing, clippedBoxes, crampedTargets, movingElements } from './lowVisionProbes';

let world: StorefrontWorld;
beforeAll(async () => {
  world = await startStorefrontWorld();
});
afterAll(async () => {
  await world?.close();
});

/** The pages of the buying path, with a plate in the cart; the product page shows the plate generator. */
const PATH = [
  '/',
  '/kennzeichen',
  '/kfz-kennzeichen',
  '/cart',
  '/cart/checkout',
  '/suche?q=halter',
  '/gibt-es-nicht',
];

/** A shopper with a fun plate in the cart who decided on cookies, in a 320 × 256 px window (1280 × 1024 at 400 %). */
async function shopperWithPlate(options: { reducedMotion?: 'reduce' } = {}): Promise<Page> {
  const context = await world.browser.newContext({ viewport: { width: 320, height: 256 }, ...options });
  const page = await context.newPage();
  page.on('close', () => void context.close().catch(() => undefined));
  await page.goto(`${world.shop.url}/funschild`, { waitUntil: 'networkidle' });
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Nur notwendige' }).click();
  await page.getByLabel('Wunschtext').fill('HALLO');
  await page.getByRole('button', { name: 'In den Warenkorb', exact: true }).click();
  await page.getByRole('link', { name: 'Warenkorb, 1 Artikel' }).waitFor();
  return page;
}

async function visit(page: Page, path: string): Promise<void> {
  await page.goto(`${world.shop.url}${path}`, { waitUntil: 'networkidle' });
  await waitForHydration(page);
  // The cart and the checkout fill in after hydration.
  await page
    .locator('[aria-busy="true"]')
    .first()
    .waitFor({ state: 'detached', timeout: 5000 })
    .catch(() => {});
}

const sidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('a shopper at 400 % zoom with their own text spacing', () => {
  it('no page of the buying path scrolls sideways or cuts text off at 320 px, with 1.4.12 spacing too', async () => {
    const page = await shopperWithPlate();
    const found: string[] = [];
    for (const path of PATH) {
      await visit(page, path);
      const plain = await sidewaysScroll(page);
      await applyTextSpacing(page);
      const spaced = await sidewaysScroll(page);
      if (plain > 0 || spaced > 0) found.push(`${path}: ${plain} px sideways, ${spaced} px with spacing`);
      for (const box of await clippedBoxes(page)) found.push(`${path}: clipped ${box}`);
    }
    // The visit reached what it should: the generator, the cart's line and the checkout's form.
    await visit(page, '/cart');
    await expect.poll(() => page.getByRole('main').getByText('Funschild').count()).toBeGreaterThan(0);
    expect(found).toEqual([]);
    await page.close();
  });

  it('every target is 24 × 24 px or has room around it (WCAG 2.5.8): steppers, generator, footer', async () => {
    const page = await shopperWithPlate();
    const found: string[] = [];
    for (const path of PATH) {
      await visit(page, path);
      for (const target of await crampedTargets(page)) found.push(`${path}: ${target}`);
    }
    await page.getByRole('button', { name: 'Menü öffnen' }).click();
    await page.getByRole('dialog', { name: 'Menü' }).waitFor();
    for (const target of await crampedTargets(page, '.mobile-menu__panel')) found.push(`menu: ${target}`);
    expect(found).toEqual([]);
    await page.close();
  });
});

describe('a shopper who asked for reduced motion', () => {
  it('sees nothing slide, fade, spin or scroll smoothly, in the page or the plate generator', async () => {
    const page = await shopperWithPlate({ reducedMotion: 'reduce' });
    const found: string[] = [];
    for (const path of PATH) {
      await visit(page, path);
      for (const element of await movingElements(page)) found.push(`${path}: ${element}`);
    }
    await page.getByRole('button', { name: 'Menü öffnen' }).click();
    await page.getByRole('dialog', { name: 'Menü' }).waitFor();
    for (const element of await movingElements(page)) found.push(`menu: ${element}`);
    expect(found).toEqual([]);
    await page.close();
  });
});
