// Cart, checkout and thank-you page read through the browser's page translation (see translatedShopping.test.ts and
// ../support/pageTranslation): quantities crossing a discount tier, a wrong coupon then a right one, a line
// removed, the checkout's messages and the chosen payment in its summary, the paid order. The shopper sees the
// current figures, no error, and the plate text, coupon code and order number as they are.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERIKA, applyCoupon, cartSettled, fillCheckout } from '../checkout/checkoutDriver';
import { reloadHydrated } from '../support/hydration';
import { crashes, openTranslated, unseenTexts, untranslated } from '../support/pageTranslation';
import { type StorefrontWorld, startStorefrontWorld } from './storefrontWorld';

let world: StorefrontWorld;
beforeAll(async () => {
  // LP_STOREFRONT_DIST: a private build of the storefront while others rebuild the shared dist folder.
  const distDir = process.env.LP_STOREFRONT_DIST;
  world = await startStorefrontWorld(distDir ? { shop: { distDir } } : {});
}, 120_000);
afterAll(async () => {
  await world?.close();
});

const PLATE = { Kennzeichen: 'B-AB 123', 'Kennzeichen-Art': 'Standard', Kennzeichengröße: '520x110' };

/** A cart made through the API (prices are the server's): one plate and 9 holders KZH-029 (a tier at 10). */
async function plateAndHolders(): Promise<string> {
  let guid = '';
  for (const [productUniqueId, quantity, attributes] of [
    ['KFZ-001', 1, PLATE],
    ['KZH-029', 9, {}],
  ] as const) {
    const res = await fetch(`${world.apiUrl}/api/Cart/addCartItem`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', CartGuid: guid },
      body: JSON.stringify({
        productUniqueId,
        quantity,
        addData: [{ count: quantity, info: { Alias: 'x', Title: 'x', Attributes: attributes } }],
      }),
    });
    expect(res.status).toBe(200);
    guid = ((await res.json()) as { cartGuid: string }).cartGuid;
  }
  return guid;
}

/** What the shopper reads in the first match, without the simulated translation's marks. */
const shown = async (page: Page, selector: string) =>
  untranslated(await page.locator(selector).first().textContent());

/** Nothing the shop wrote went unseen (the widget is not on these pages) and nothing failed. */
async function expectIntact(page: Page, errors: string[]) {
  expect(await unseenTexts(page)).toEqual([]);
  expect(crashes(errors)).toEqual([]);
  expect(await page.getByText('Es ist ein Fehler aufgetreten').count()).toBe(0);
}

describe('buying with the page translated', () => {
  it('cart: tiers both ways, a wrong then a right coupon, a line removed; checkout; thank-you', async () => {
    const guid = await plateAndHolders();
    // A returning shopper: the cart's guid in the app state, the page loaded again, then the header's cart link (a
    // client navigation: a full load of /cart while the translator starts can hydrate late, see the session 27 report).
    const { page, errors } = await openTranslated(world.browser, `${world.shop.url}/impressum`);
    await page.evaluate(
      (cartGuid) =>
        localStorage.setItem('AppState', JSON.stringify({ CartGuid: cartGuid, orderHeaderGuid: null })),
      guid,
    );
    await reloadHydrated(page);
    await page.waitForFunction(() => document.documentElement.classList.contains('translated-ltr'));
    await page.getByRole('link', { name: 'Warenkorb, 10 Artikel' }).click();
    await page.waitForURL('**/cart');
    await cartSettled(page);
    const plateText = page.locator('.line-config dd', { hasText: 'B-AB 123' });
    expect(await plateText.getAttribute('translate')).toBe('no');
    expect(await plateText.textContent()).toBe('B-AB 123');
    const holders = page
      .getByRole('row')
      .filter({ hasNotText: 'B-AB 123' })
      .filter({
        has: page.getByRole('button', { name: /Menge erhöhen/ }),
      });

    // 9 -> 10 -> 9 holders: the quantity discount comes and goes in the line and in the summary.
    await holders.getByRole('button', { name: /Menge erhöhen/ }).click();
    await cartSettled(page);
    await page.getByRole('link', { name: 'Warenkorb, 11 Artikel' }).waitFor();
    await expect.poll(() => shown(page, '[data-testid="totals-quantity-discount"]')).toBe('−9,90 €');
    await expect.poll(() => shown(page, '.cart-count')).toBe('11');
    await holders.getByRole('button', { name: /Menge verringern/ }).click();
    await cartSettled(page);
    await page.getByRole('link', { name: 'Warenkorb, 10 Artikel' }).waitFor();
    await expect.poll(() => page.locator('[data-testid="totals-quantity-discount"]').count()).toBe(0);

    // A wrong coupon: its message; the right one: the message changes, the code stays as typed.
    await applyCoupon(page, 'GIBTSNICHT');
    await page.getByText('Diesen Gutscheincode gibt es nicht.', { exact: false }).waitFor();
    await applyCoupon(page, 'willkommen10');
    await page.getByText('Gutschein WILLKOMMEN10: 10 % Rabatt.', { exact: false }).waitFor();
    expect(await page.getByText('Diesen Gutscheincode gibt es nicht.', { exact: false }).count()).toBe(0);
    const code = page.locator('.price-summary dt [translate="no"]');
    expect(await code.textContent()).toBe('WILLKOMMEN10');
    // 12,90 € + 9 × 9,90 € = 102,00 €: 10 % = 10,20 €; with 8 holders (92,10 €) 9,21 €.
    await expect.poll(() => shown(page, '[data-testid="totals-coupon"]')).toBe('−10,20 €');
    await holders.getByRole('button', { name: /Menge verringern/ }).click();
    await cartSettled(page);
    await expect.poll(() => shown(page, '[data-testid="totals-coupon"]')).toBe('−9,21 €');

    // The plate's line goes; the header counts the holders only.
    await page
      .getByRole('row', { name: /B-AB 123/ })
      .getByRole('button', { name: /Entfernen/ })
      .click();
    await cartSettled(page);
    await expect.poll(() => page.getByRole('row', { name: /B-AB 123/ }).count()).toBe(0);
    await page.getByRole('link', { name: 'Warenkorb, 8 Artikel' }).waitFor();
    await expect.poll(() => shown(page, '.cart-count')).toBe('8');
    await expectIntact(page, errors);

    // Checkout: the messages come and go; the summary names the payment chosen last.
    await page.getByRole('link', { name: /Zur Kasse/ }).click();
    await page.waitForURL('**/cart/checkout');
    await page.getByRole('radio', { name: /PayPal/ }).waitFor();
    await fillCheckout(page, { ...ERIKA, zipCode: '1011' });
    await page.getByRole('button', { name: /Zahlungspflichtig bestellen/ }).click();
    await page
      .getByText('Bitte geben Sie eine Postleitzahl mit genau 5 Ziffern ein.', { exact: false })
      .waitFor();
    await fillCheckout(page, ERIKA);
    await page.getByLabel('PLZ').blur();
    await page.getByRole('checkbox', { name: /AGB/ }).check();
    await expect.poll(() => page.locator('.field-message').count()).toBe(0);
    const review = page.locator('.order-review');
    for (const [choice, name] of [
      [/PayPal/, 'PayPal'],
      [/Kreditkarte/, 'Kreditkarte'],
    ] as const) {
      await page.getByRole('radio', { name: choice }).check();
      await expect.poll(async () => untranslated(await review.textContent())).toContain(`mit ${name}`);
    }
    await expectIntact(page, errors);

    await page.getByRole('button', { name: /Zahlungspflichtig bestellen/ }).click();
    await page.waitForURL(`${world.apiUrl}/sandbox/pay/**`);
    await page.getByRole('button', { name: /Zahlung bestätigen/ }).click();
    await page.waitForURL('**/thank-you/**', { timeout: 15_000 });
    const orderNumber = page.getByTestId('order-number');
    await orderNumber.waitFor();
    await page.waitForFunction(() => document.documentElement.classList.contains('translated-ltr'));
    expect(await orderNumber.getAttribute('translate')).toBe('no');
    expect(await orderNumber.textContent()).toMatch(/^LP-\d{4}-\d{6}$/);
    await page.getByRole('link', { name: 'Warenkorb, 0 Artikel' }).waitFor();
    await expectIntact(page, errors);
    await page.close();
  });
});
