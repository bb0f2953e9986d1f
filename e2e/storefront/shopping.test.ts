import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reloadHydrated } from '../support/hydration';
import { type StorefrontWorld, startStorefrontWorld } from './storefrontWorld';

let world: StorefrontWorld;
beforeAll(async () => {
  world = await startStorefrontWorld();
});
afterAll(async () => {
  await world?.close();
});

describe('shopping in the browser', () => {
  it('navigates on the client, updating title, canonical and the robots marker', async () => {
    const { page, errors } = await world.open('/impressum?ref=x');
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    expect(await page.locator('meta[name="robots"]').count()).toBe(1);
    await page.getByRole('navigation', { name: 'Hauptmenü' }).getByRole('link', { name: 'Zubehör' }).click();
    await page.waitForURL('**/kategorie/zubehoer');
    await page.getByRole('heading', { level: 1, name: 'Zubehör' }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
      true,
    );
    // The head follows the route after it rendered.
    await expect.poll(() => page.title()).toBe('Zubehör | Kennzeichen-Profi');
    await expect
      .poll(() => page.locator('link[rel="canonical"]').getAttribute('href'))
      .toBe(`${world.shop.url}/kategorie/zubehoer`);
    expect(await page.locator('link[rel="canonical"]').count()).toBe(1);
    await expect.poll(() => page.locator('meta[name="robots"]').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('adds to the cart through the SDK store; the header count follows', async () => {
    const { page, errors } = await world.open('/funschild');
    await page.getByLabel('Wunschtext').fill('HALLO');
    // exact: the upsell cards' own buttons are named "In den Warenkorb: <product>".
    await page.getByRole('button', { name: 'In den Warenkorb', exact: true }).click();
    await page.getByText('Der Artikel wurde in den Warenkorb gelegt.').waitFor();
    await page.getByRole('link', { name: 'Warenkorb, 1 Artikel' }).waitFor();
    await page.getByRole('link', { name: 'Warenkorb, 1 Artikel' }).click();
    await page.getByRole('cell', { name: /Funschild/ }).waitFor();
    // The cart survives a reload (guid in AppState).
    await reloadHydrated(page);
    await page.getByRole('cell', { name: /Funschild/ }).waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('checks an official plate with the plate rules before adding it, in German', async () => {
    // Issue 13: an official plate's page embeds the widget's generator, which checks with the plate rules.
    const { page, errors, apiRequests } = await world.open('/kfz-kennzeichen');
    const generator = page.locator('lp-plate-generator');
    await generator.locator('input[name="kennzeichen"]').fill('QQQ-Ä 0');
    await generator.getByRole('button', { name: 'In den Warenkorb' }).click();
    const alert = generator.locator('p.error').first();
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(/[a-zäöüß]{4,}/i);
    expect(apiRequests.filter((request) => request.includes('addCartItem'))).toEqual([]);
    await generator.locator('input[name="kennzeichen"]').fill('B-AB 123');
    await generator.getByRole('button', { name: 'In den Warenkorb' }).click();
    await page.getByRole('link', { name: 'Warenkorb, 2 Artikel' }).waitFor();
    await expect.poll(() => generator.locator('p.error').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('renders the content with JavaScript disabled', async () => {
    for (const [path, heading] of [
      ['/kfz-kennzeichen', /Kfz-Kennzeichen/],
      ['/impressum', /Impressum/],
      ['/kategorie/funschilder', /Funschilder/],
    ] as const) {
      const { page, status } = await world.open(path, { javaScript: false });
      expect(status).toBe(200);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toMatch(heading);
      await page.close();
    }
  });
});
