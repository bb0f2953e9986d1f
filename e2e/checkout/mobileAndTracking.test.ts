// Issue 6 at 375 px: cart and checkout are axe clean and fit the screen; the cart pages' GA4 events carry the
// ecommerce schema (currency, value, items with id, name, price, quantity, brand, category).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPlate, cartSettled, dataLayerEvents, expectAxeClean, unexpected } from './checkoutDriver';
import { gotoHydrated } from '../support/hydration';
import { type CheckoutWorld, startCheckoutWorld } from './checkoutWorld';

let world: CheckoutWorld;
beforeAll(async () => {
  world = await startCheckoutWorld();
});
afterAll(async () => {
  await world?.close();
});

const fitsScreen = (page: import('playwright-core').Page) =>
  page.evaluate(() => (document.querySelector('main')?.scrollWidth ?? 0) <= window.innerWidth);

async function eventsNamed(page: import('playwright-core').Page, names: string[]) {
  await page.mouse.move(30, 30);
  await page.waitForFunction(
    (wanted) => {
      const layer = (window as unknown as { dataLayer?: { event?: string }[] }).dataLayer ?? [];
      return wanted.every((name) => layer.some((entry) => entry?.event === name));
    },
    names,
    { timeout: 30_000 },
  );
  return (await dataLayerEvents(page)).filter((entry) => names.includes(entry.event));
}

describe('cart and checkout on a phone', () => {
  it('are axe clean, fit 375 px and fire GA4 events with ecommerce payloads', async () => {
    const { page, errors } = await world.open('/kfz-kennzeichen', { width: 375 });
    await addPlate(page, 'M-XY 42');
    await gotoHydrated(page, `${world.shop.url}/cart`);
    await page.getByRole('row', { name: /M-XY 42/ }).waitFor();
    await cartSettled(page);
    await expectAxeClean(page);
    expect(await fitsScreen(page)).toBe(true);

    const [viewCart] = await eventsNamed(page, ['view_cart']);
    expect(viewCart?.ecommerce).toMatchObject({ currency: 'EUR', value: expect.any(Number) });
    const items = viewCart?.ecommerce?.items as Record<string, unknown>[];
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      item_id: expect.any(String),
      item_name: expect.any(String),
      price: expect.any(Number),
      quantity: 1,
      item_category: 'nummernschilder',
      item_brand: expect.any(String),
    });

    await page.getByRole('link', { name: 'Zur Kasse' }).click();
    await page.getByRole('button', { name: 'Zahlungspflichtig bestellen' }).waitFor();
    await page.getByRole('radio', { name: /PayPal/ }).waitFor();
    await expectAxeClean(page);
    expect(await fitsScreen(page)).toBe(true);
    const [begin] = await eventsNamed(page, ['begin_checkout']);
    expect(begin?.ecommerce?.items).toHaveLength(1);

    // Keyboard: the first field is reachable and the billing checkbox opens the second address.
    await page.getByLabel('E-Mail').focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('phone');
    await page.getByRole('checkbox', { name: 'Rechnungsadresse entspricht der Lieferadresse' }).focus();
    await page.keyboard.press('Space');
    await page.getByRole('group', { name: 'Rechnungsadresse' }).waitFor();
    expect(await page.getByLabel('PLZ').count()).toBe(2);
    expect(await page.getByLabel('PLZ').nth(1).getAttribute('autocomplete')).toBe('billing postal-code');

    // Back to the cart (checkout stops) and remove the line.
    await page.getByRole('link', { name: 'Zurück zum Warenkorb' }).click();
    await page
      .getByRole('row', { name: /M-XY 42/ })
      .getByRole('button', { name: /Entfernen/ })
      .click();
    await page.getByText('Ihr Warenkorb ist leer.').waitFor();
    const [removed] = await eventsNamed(page, ['remove_from_cart']);
    expect(removed?.ecommerce).toMatchObject({ currency: 'EUR' });
    expect(unexpected(errors)).toEqual([]);
    await page.close();
  });
});
