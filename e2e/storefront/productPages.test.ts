// Issue 13 "Every product buyable from its own page, and shown as it will be made": seasonal plates from the plate
// product pages (the widget's generator), the configurator without a list of every variant, name plates whose
// line says what is charged, and internal products nobody reaches.
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForHydration } from '../support/hydration';
import { type StorefrontWorld, startStorefrontWorld } from './storefrontWorld';

let world: StorefrontWorld;
beforeAll(async () => {
  world = await startStorefrontWorld();
});
afterAll(async () => {
  await world?.close();
});

const cartCount = (page: Page) => page.locator('.cart-link .cart-count').first().textContent();

async function axeViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** The cart page's line details (dt/dd pairs) of its first line, as a shopper reads them. */
async function firstLineDetails(page: Page): Promise<Record<string, string>> {
  await page.goto(`${world.shop.url}/cart`, { waitUntil: 'networkidle' });
  const line = page.locator('.cart-line').first();
  await line.waitFor();
  const pairs = await line
    .locator('.line-config > div')
    .evaluateAll((rows) =>
      rows.map((row) => [
        row.querySelector('dt')?.textContent ?? '',
        row.querySelector('dd')?.textContent ?? '',
      ]),
    );
  return Object.fromEntries(pairs);
}

describe.each([
  [390, '/motorradkennzeichen', 'M-AB 12'],
  [1366, '/kfz-kennzeichen', 'B-LP 2025'],
])('at %i px a seasonal plate is orderable from its product page', (width, path, text) => {
  it(`${path}: text, Saison months, add; the cart line says Saisonkennzeichen März – Oktober`, async () => {
    const { page, errors } = await world.open(path, { width });
    const generator = page.locator('lp-plate-generator');
    // The generator is this product's: the gallery shows the drawn product, the form offers the kinds.
    await generator.locator('input[name="kennzeichen"]').fill(text);
    await generator.getByLabel('Kennzeichen-Art').selectOption('season');
    await generator.getByLabel('Von').selectOption('3');
    await generator.getByLabel('Bis').selectOption('10');
    // The live preview shows the typed plate with its season field.
    await expect.poll(() => generator.locator('svg .season').count()).toBeGreaterThan(0);
    await generator.getByRole('button', { name: 'In den Warenkorb' }).click();
    await expect.poll(() => cartCount(page)).toBe('2');
    const details = await firstLineDetails(page);
    expect(details).toMatchObject({ Kennzeichen: text, Art: 'Saisonkennzeichen', Saison: 'März – Oktober' });
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('the generator on a plate product page', () => {
  it('shows its drawn plates as it appears (no placeholder first) and follows the typed text', async () => {
    const context = await world.browser.newContext({ viewport: { width: 390, height: 900 } });
    const page = await context.newPage();
    // Counts every plate placeholder the widget's shadow roots ever show.
    await page.addInitScript(() => {
      const seen = { placeholders: 0 };
      (window as unknown as { lpSeen: typeof seen }).lpSeen = seen;
      const attach = Element.prototype.attachShadow;
      Element.prototype.attachShadow = function (this: Element, init: ShadowRootInit) {
        const root = attach.call(this, init);
        new MutationObserver(() => {
          seen.placeholders += root.querySelectorAll('.plate-placeholder').length;
        }).observe(root, { childList: true, subtree: true });
        return root;
      };
    });
    await page.goto(`${world.shop.url}/kfz-kennzeichen`);
    await waitForHydration(page);
    const generator = page.locator('lp-plate-generator');
    // The main preview and the 15 size pictures, drawn by the plate renderer.
    await expect.poll(() => generator.locator('.preview-box svg').count()).toBe(16);
    await generator.locator('input[name="kennzeichen"]').fill('B-LP 2025');
    await expect
      .poll(() => generator.getByRole('img', { name: 'Vorschau des Kennzeichens B-LP 2025' }).count())
      .toBe(1);
    expect(
      await page.evaluate(() => (window as unknown as { lpSeen: { placeholders: number } }).lpSeen),
    ).toEqual({ placeholders: 0 });
    await context.close();
  });
});

describe('configurators', () => {
  it('/kfz-kennzeichen/configurator offers the generator, not a select of every variant', async () => {
    const { page } = await world.open('/kfz-kennzeichen/configurator', { width: 1366 });
    expect(await page.getByLabel('Ausführung').count()).toBe(0);
    const generator = page.locator('lp-plate-generator');
    await expect.poll(() => generator.getByLabel('Kennzeichen-Art').count()).toBe(1);
    expect(await generator.getAttribute('product')).toBe('kfz-kennzeichen');
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  });

  it.each([390, 1366])(
    'at %i px the Acrylglas name plate is charged 24,90 € and its line says Acrylglas and the inscription',
    async (width) => {
      const { page } = await world.open('/namensschild/configurator', { width });
      await page.getByRole('button', { name: 'Acrylglas' }).click();
      await expect.poll(() => page.locator('.product__price').textContent()).toContain('24,90');
      await page.getByLabel('Zeile 1').fill('Familie Groß');
      await page.getByLabel('Zeile 2').fill('Hausnummer 7');
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'In den Warenkorb' }).click();
      await expect.poll(() => cartCount(page)).toBe('1');
      const details = await firstLineDetails(page);
      expect(details).toMatchObject({ Ausführung: 'Acrylglas', Beschriftung: 'Familie Groß / Hausnummer 7' });
      expect(await page.locator('.cart-line').first().textContent()).toContain('24,90');
      await page.close();
    },
  );
});

describe('a product only in the hidden category', () => {
  it('is not reachable by URL and not listed', async () => {
    const { page, status } = await world.open('/grafikservice-druckvorlage', { width: 1366 });
    expect(status).toBe(404);
    expect(await page.getByRole('button', { name: 'In den Warenkorb' }).count()).toBe(0);
    await page.goto(`${world.shop.url}/shops/lp-de`, { waitUntil: 'networkidle' });
    expect(await page.getByRole('link', { name: /Zubehör|ooono/ }).count()).toBeGreaterThan(0);
    expect(await page.getByText('Grafikservice').count()).toBe(0);
    await page.close();
  });
});
