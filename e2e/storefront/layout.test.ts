import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StorefrontWorld, startStorefrontWorld } from './storefrontWorld';

let world: StorefrontWorld;
beforeAll(async () => {
  world = await startStorefrontWorld();
});
afterAll(async () => {
  await world?.close();
});

describe('layouts', () => {
  it('at 375 px: menu button, logo and cart count; the desktop menu is hidden; footer sections collapse', async () => {
    const { page } = await world.open('/impressum', { width: 375 });
    expect(await page.getByRole('button', { name: 'Menü öffnen' }).isVisible()).toBe(true);
    expect(await page.getByRole('navigation', { name: 'Hauptmenü' }).isVisible()).toBe(false);
    expect(await page.getByRole('link', { name: /Warenkorb, 0 Artikel/ }).isVisible()).toBe(true);
    const products = page.getByRole('button', { name: 'Produkte' });
    expect(await products.getAttribute('aria-expanded')).toBe('false');
    await products.click();
    await expect.poll(() => products.getAttribute('aria-expanded')).toBe('true');
    await page.getByRole('button', { name: 'Menü öffnen' }).click();
    const bodyOverflow = () => page.evaluate(() => getComputedStyle(document.body).overflow);
    await expect.poll(bodyOverflow).toBe('hidden');
    await page.keyboard.press('Escape');
    await expect.poll(bodyOverflow).not.toBe('hidden');
    await page.close();
  });

  it('at 1280 px: the Kennzeichen dropdown opens by keyboard with at most 8 products and Weitere', async () => {
    const { page } = await world.open('/impressum', { width: 1280 });
    expect(await page.getByRole('button', { name: 'Menü öffnen' }).isVisible()).toBe(false);
    const trigger = page.getByRole('button', { name: 'Kennzeichen', exact: true });
    await trigger.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => trigger.getAttribute('aria-expanded')).toBe('true');
    const panel = page.locator('#nav-kennzeichen');
    await panel.getByRole('link', { name: 'Weitere' }).waitFor({ state: 'visible' });
    expect(await panel.getByRole('link').count()).toBeLessThanOrEqual(9);
    await page.keyboard.press('Escape');
    await expect.poll(() => trigger.getAttribute('aria-expanded')).toBe('false');
    // Footer sections are plain headings on desktop (collapsing is for mobile only).
    expect(await page.getByRole('button', { name: 'Produkte' }).count()).toBe(0);
    await page.close();
  });

  it('the header turns sticky when scrolled past it, hides going down and shows going up', async () => {
    const { page } = await world.open('/catalog', { width: 1280 });
    const header = page.locator('header.site-header');
    await page.mouse.wheel(0, 600);
    await page.waitForFunction(() =>
      document.querySelector('header.site-header')?.classList.contains('is-hidden'),
    );
    await page.mouse.wheel(0, -40);
    await page.waitForFunction(
      () => !document.querySelector('header.site-header')?.classList.contains('is-hidden'),
    );
    expect(await header.getAttribute('class')).toContain('is-sticky');
    await page.close();
  });
});
