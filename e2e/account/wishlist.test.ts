// Wish list in Chromium: add and remove from product cards and the product page, kept across reloads, moved to
// the cart in one click.
import type { Product } from '@lp/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gotoHydrated, reloadHydrated, waitForHydration } from '../support/hydration';
import { type AccountWorld, plainProduct, startAccountWorld } from './accountWorld';

let world: AccountWorld;
let holder: Product;

beforeAll(async () => {
  world = await startAccountWorld();
  holder = await plainProduct(world.sdk());
});
afterAll(async () => {
  await world?.close();
});

describe('wish list in the browser', () => {
  it('adds and removes from a product card, with aria-pressed and the header count', async () => {
    const { page, errors } = await world.page({ width: 1024 });
    await gotoHydrated(page, world.url('/kategorie/kennzeichenhalter'));
    const card = page.locator('article.product-card').first();
    const name = await card.locator('.product-card__name').textContent();
    const heart = card.getByRole('button', { name: 'Auf den Merkzettel' });
    expect(await heart.getAttribute('aria-pressed')).toBe('false');
    await heart.click();
    const pressed = card.getByRole('button', { name: 'Vom Merkzettel entfernen' });
    expect(await pressed.getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('link', { name: 'Merkzettel, 1 Artikel' }).waitFor();

    // Kept in this browser: still there after a reload, and listed on /wishlist.
    await reloadHydrated(page);
    await page.getByRole('link', { name: 'Merkzettel, 1 Artikel' }).waitFor();
    await page.getByRole('link', { name: 'Merkzettel, 1 Artikel' }).click();
    await page.waitForURL('**/wishlist');
    await page.locator('.wishlist-row').first().waitFor();
    expect(await page.locator('.wishlist-row').count()).toBe(1);
    expect(await page.locator('.wishlist-row').textContent()).toContain('inkl. MwSt., zzgl. Versand');

    // Removing from the card again empties the list.
    await page.goBack({ waitUntil: 'networkidle' });
    await waitForHydration(page);
    await page
      .locator('article.product-card', { hasText: name ?? '' })
      .first()
      .getByRole('button', { name: 'Vom Merkzettel entfernen' })
      .click();
    await page.getByRole('link', { name: 'Merkzettel, 0 Artikel' }).waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('moves a product from the product page to the cart in one click', async () => {
    const { page, errors } = await world.page({ width: 1024 });
    await gotoHydrated(page, world.url(`/${holder.Alias}`));
    await page.locator('form.product__buy').getByRole('button', { name: 'Auf den Merkzettel' }).click();
    await page.getByRole('link', { name: 'Merkzettel, 1 Artikel' }).waitFor();
    await gotoHydrated(page, world.url('/wishlist'));
    const row = page.locator('.wishlist-row').first();
    await row.waitFor();
    await row.getByRole('button', { name: 'In den Warenkorb' }).click();
    // In the cart (count in the header), off the list.
    await page.getByText('Ihr Merkzettel ist leer.', { exact: false }).waitFor();
    await page.getByRole('link', { name: /^Warenkorb, [1-9]\d* Artikel$/ }).waitFor();
    await page.getByRole('link', { name: 'Merkzettel, 0 Artikel' }).waitFor();
    const state = await page.evaluate(() => JSON.parse(localStorage.getItem('AppState') ?? '{}'));
    expect(state.CartGuid).toMatch(/^[0-9a-f-]{36}$/);
    const cart = await (
      await fetch(`${world.apiUrl}/api/Cart/getCart`, { headers: { CartGuid: state.CartGuid } })
    ).json();
    expect(cart.items.map((i: { productUniqueId: string }) => i.productUniqueId)).toEqual([
      holder.Variants?.[0]?.UniqueId ?? holder.UniqueId,
    ]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('at 375 px keeps the mobile header to menu, logo and cart; the menu shows the wish list count', async () => {
    const { page, errors } = await world.page();
    await gotoHydrated(page, world.url('/kategorie/kennzeichenhalter'));
    await page
      .locator('article.product-card')
      .first()
      .getByRole('button', { name: 'Auf den Merkzettel' })
      .click();
    expect(await page.getByRole('link', { name: /^Merkzettel, / }).count()).toBe(0);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: 'Menü öffnen' }).click();
    await page.getByRole('link', { name: 'Merkzettel (1)' }).click();
    await page.waitForURL('**/wishlist');
    await page.getByRole('heading', { level: 1, name: 'Merkzettel' }).waitFor();
    // The list lives in this browser: the page renders a neutral state first, then the stored list.
    await page.locator('.wishlist-row').first().waitFor();
    expect(await page.locator('.wishlist-row').count()).toBe(1);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('removes a remembered product on the wish list page and survives broken stored data', async () => {
    const { page, context } = await world.page();
    await context.addInitScript((id) => {
      if (!sessionStorage.getItem('seeded')) {
        sessionStorage.setItem('seeded', '1');
        localStorage.setItem(
          'lp-wishlist',
          JSON.stringify([{ id, addedAt: 1 }, { id: '<img src=x onerror=alert(1)>' }, 'junk', null]),
        );
      }
    }, holder.UniqueId);
    await gotoHydrated(page, world.url('/wishlist'));
    await page.locator('.wishlist-row').first().waitFor();
    expect(await page.locator('.wishlist-row').count()).toBe(1);
    // With the keyboard: the pressed button goes with its row, and focus lands on the page's heading, not on the
    // top of the document.
    await page.getByRole('button', { name: /vom Merkzettel entfernen$/ }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('Ihr Merkzettel ist leer.', { exact: false }).waitFor();
    const focused = () =>
      page.evaluate(() => {
        const element = document.activeElement;
        return element && element !== document.body ? `${element.tagName} ${element.textContent}` : 'nothing';
      });
    await expect.poll(focused).toBe('H1 Merkzettel');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('lp-wishlist'))).toBe('[]');
    await page.close();
  });
});
