// A shopper whose first language is not German reads the shop through the browser's page translation (Chrome's
// "Übersetzen"): the translator swaps each text node for <font> elements, and React, which still holds the old nodes,
// either writes text nobody sees or fails to remove a node that is not there any more (facebook/react#11538). These
// walks translate every page (../support/pageTranslation) and check what the shopper notices: the page keeps
// working, shows the current state, logs no error, and leaves a licence plate's text as it is.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crashes, openTranslated, unseenTexts, untranslated } from '../support/pageTranslation';
import { type StorefrontWorld, startStorefrontWorld } from './storefrontWorld';

let world: StorefrontWorld;
let holderAlias = '';
beforeAll(async () => {
  // LP_STOREFRONT_DIST: a private build of the storefront while others rebuild the shared dist folder.
  const distDir = process.env.LP_STOREFRONT_DIST;
  world = await startStorefrontWorld(distDir ? { shop: { distDir } } : {});
  const res = await fetch(`${world.apiUrl}/api/v1/business/getproducts?companyId=1001&page=1&pageSize=1000`);
  const { items } = (await res.json()) as { items: { UniqueId: string; Alias: string }[] };
  holderAlias = items.find((product) => product.UniqueId === 'KZH-029')?.Alias ?? '';
}, 120_000);
afterAll(async () => {
  await world?.close();
});

const open = (path: string, width?: number) =>
  openTranslated(world.browser, `${world.shop.url}${path}`, width ? { width } : {});

/** What the shopper reads in an element, without the simulated translation's marks, spaces as one. */
const shown = async (page: Page, selector: string) =>
  untranslated(await page.locator(selector).first().textContent());

/**
 * The page kept up: nothing it wrote went unseen and nothing failed. The widget's generator (Preact, in a shadow root)
 * is left out: where a translator enters its shadow root, its price, count and button label stay at their first
 * translation; the widget has no bytes left under its size guard for the fix (decisions.md, "Translated pages").
 */
async function expectIntact(page: Page, errors: string[]) {
  const shop = (await unseenTexts(page)).filter((text) => !text.startsWith('lp-plate-generator::shadow'));
  expect(shop).toEqual([]);
  expect(crashes(errors)).toEqual([]);
  expect(await page.getByText('Es ist ein Fehler aufgetreten').count()).toBe(0);
}

describe('the shop translated by the browser', () => {
  it('home, category and a product page: the price at the chosen quantity follows the quantity both ways', async () => {
    const { page, errors } = await open('/');
    await page.getByRole('navigation', { name: 'Hauptmenü' }).getByRole('link', { name: 'Zubehör' }).click();
    await page.waitForURL('**/kategorie/zubehoer');
    await page.locator('article.product-card').first().waitFor();
    await page.goto(`${world.shop.url}/${holderAlias}`, { waitUntil: 'networkidle' });
    await page.locator('#root[data-hydrated]').waitFor({ state: 'attached' });
    await page.waitForFunction(() => document.documentElement.classList.contains('translated-ltr'));
    const quantity = page.getByRole('spinbutton', { name: 'Menge' });
    // Across the tier of 10 pieces and back: the discount part comes and goes beside translated text.
    for (const [count, total] of [
      ['9', '89,10 €'],
      ['10', '89,10 €'],
      ['9', '89,10 €'],
      ['12', '106,92 €'],
    ] as const) {
      await quantity.fill(count);
      await expect.poll(() => shown(page, '.price-at-quantity')).toContain(`${count} Stück`);
      if (count !== '9') await expect.poll(() => shown(page, '.price-at-quantity')).toContain(total);
    }
    await expect.poll(() => shown(page, '.price-at-quantity')).toContain('10 % Mengenrabatt');
    await page
      .locator('form.product__buy')
      .getByRole('button', { name: /In den Warenkorb$/ })
      .click();
    await page.getByRole('link', { name: 'Warenkorb, 12 Artikel' }).waitFor();
    await expect.poll(() => shown(page, '.cart-count')).toBe('12');
    await expectIntact(page, errors);
    await page.close();
  });

  it('the plate generator adds a plate; the plate text stays untranslated in the cart', async () => {
    const { page, errors } = await open('/kfz-kennzeichen');
    const generator = page.locator('lp-plate-generator');
    await generator.locator('input[name="kennzeichen"]').fill('QQQ-Ä 0');
    await generator.getByRole('button', { name: 'In den Warenkorb' }).click();
    await generator.locator('p.error').first().waitFor();
    await generator.locator('input[name="kennzeichen"]').fill('B-AB 123');
    await generator.getByRole('button', { name: 'In den Warenkorb' }).click();
    await page.getByRole('link', { name: 'Warenkorb, 2 Artikel' }).waitFor();
    await expect.poll(() => shown(page, '.cart-count')).toBe('2');
    expect(crashes(errors)).toEqual([]);

    await page.getByRole('link', { name: 'Warenkorb, 2 Artikel' }).click();
    await page.waitForURL('**/cart');
    const plateText = page.locator('.line-config dd', { hasText: 'B-AB 123' });
    await plateText.waitFor();
    // Marked for translators to leave alone, and left alone: a plate reads the same in every language.
    expect(await plateText.getAttribute('translate')).toBe('no');
    expect(await plateText.textContent()).toBe('B-AB 123');
    await expectIntact(page, errors);
    await page.close();
  });

  it('the wish list counts down as products move to the cart', async () => {
    const { page, errors } = await open('/kategorie/kennzeichenhalter');
    const cards = page.locator('article.product-card');
    for (const index of [0, 1]) {
      await cards.nth(index).getByRole('button', { name: 'Auf den Merkzettel' }).click();
      await page.getByRole('link', { name: `Merkzettel, ${index + 1} Artikel` }).waitFor();
    }
    await page.getByRole('link', { name: 'Merkzettel, 2 Artikel' }).click();
    await page.waitForURL('**/wishlist');
    await expect.poll(() => shown(page, '.wishlist-page__count')).toContain('2 Artikel');
    await page.locator('.wishlist-row').first().getByRole('button', { name: 'In den Warenkorb' }).click();
    await expect.poll(() => page.locator('.wishlist-row').count()).toBe(1);
    await expect.poll(() => shown(page, '.wishlist-page__count')).toContain('1 Artikel');
    await page.getByRole('link', { name: /^Warenkorb, [1-9]\d* Artikel$/ }).waitFor();
    await expectIntact(page, errors);
    await page.close();
  });

  it('on a phone, the menu’s cart count follows the cart', async () => {
    const { page, errors } = await open('/kategorie/kennzeichenhalter', 375);
    const menu = page.getByRole('button', { name: 'Menü öffnen' });
    await menu.click();
    const cartEntry = page.getByRole('navigation').getByRole('link', { name: /Warenkorb \(/ });
    await expect.poll(async () => untranslated(await cartEntry.textContent())).toBe('Warenkorb (0)');
    await page.keyboard.press('Escape');
    await page
      .locator('article.product-card')
      .first()
      .getByRole('button', { name: /In den Warenkorb/ })
      .click();
    await page.getByRole('link', { name: 'Warenkorb, 1 Artikel' }).waitFor();
    await menu.click();
    await expect.poll(async () => untranslated(await cartEntry.textContent())).toBe('Warenkorb (1)');
    await expectIntact(page, errors);
    await page.close();
  });

  it('a second search shows its own heading and count', async () => {
    const { page, errors } = await open('/suche?q=halter');
    const field = page.getByRole('searchbox', { name: 'Produkt suchen' }).first();
    for (const query of ['schild', 'xyzzy', 'halter']) {
      await field.fill(query);
      await field.press('Enter');
      await page.waitForURL(`**/suche?q=${query}`);
      await expect.poll(() => shown(page, 'h1')).toContain(`„${query}“`);
    }
    await expectIntact(page, errors);
    await page.close();
  });

  it('login: the field messages, then the wrong-password alert, then the messages go', async () => {
    const { page, errors } = await open('/account/login', 375);
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await page.getByText('Bitte geben Sie Ihre E-Mail-Adresse ein.').waitFor();
    await page.getByLabel('E-Mail').fill('demo@example.de');
    await page.getByLabel('Passwort').fill('Falsch123!');
    await page.keyboard.press('Enter');
    await page.getByRole('alert').getByText('E-Mail oder Passwort ist falsch.').waitFor();
    await expect.poll(() => page.getByText('Bitte geben Sie Ihre E-Mail-Adresse ein.').count()).toBe(0);
    await expectIntact(page, errors);
    await page.close();
  });
});
