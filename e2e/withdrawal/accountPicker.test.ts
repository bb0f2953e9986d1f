// Session 25, accountfollow, in Chromium against the real API and the built storefront: the demo customer, logged in,
// opens "Vertrag widerrufen" from the footer (not from the order card) and is offered their orders; one tap opens the
// same proven form as the account's link (the order's lines, its number read-only, the guid never in the address).
// The page's server HTML is the guest's (no personal data in it) and hydrates without a warning; a guest is offered
// nothing and keeps the typed form.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAxeClean } from '../checkout/checkoutDriver';
import { waitForHydration } from '../support/hydration';
import { logInAsShopper } from '../support/logIn';
import { DEMO, placePaidDemoOrder } from '../support/paidDemoOrder';
import { type StorefrontWorld, startStorefrontWorld } from '../storefront/storefrontWorld';

let world: StorefrontWorld;
beforeAll(async () => {
  world = await startStorefrontWorld();
});
afterAll(async () => {
  await world?.close();
});

/** The withdrawal page's section as the server sends it to this page's browser (its cookies go along). */
async function serverSection(page: Page): Promise<string> {
  const html = await (await page.request.get(`${world.shop.url}/vertrag-widerrufen`)).text();
  return /<section class="article withdrawal-page">[\s\S]*?<\/section>/.exec(html)?.[0] ?? 'no section';
}

describe('Vertrag widerrufen for a logged-in customer', () => {
  it('at 390 px: the footer link offers the orders, one tap opens the proven form', async () => {
    const { orderNumber } = await placePaidDemoOrder(world.apiUrl);
    const context = await world.browser.newContext({ viewport: { width: 390, height: 900 } });
    try {
      const page = await context.newPage();
      const guestHtml = await serverSection(page);
      await logInAsShopper(page, world.shop.url, DEMO.email, DEMO.password);
      // From here on (the login page's own session check answers 401 before the login).
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
      // No personal data in the page the server renders: the customer's is the guest's.
      expect(await serverSection(page)).toBe(guestHtml);
      expect(guestHtml).not.toContain(orderNumber);

      await page.getByRole('link', { name: 'Vertrag widerrufen' }).click();
      await page.waitForURL(`${world.shop.url}/vertrag-widerrufen`);
      const offer = page.getByRole('region', { name: 'Ihre Bestellungen' });
      const pick = offer.getByRole('button', { name: `Bestellung ${orderNumber} widerrufen` });
      await pick.waitFor();
      await expectAxeClean(page);
      await pick.focus();
      await page.keyboard.press('Enter');
      const lines = page.getByRole('group', { name: 'Welche Artikel möchten Sie zurückgeben? (optional)' });
      await lines.waitFor();
      const number = page.getByLabel('Bestellnummer');
      expect(await number.inputValue()).toBe(orderNumber);
      expect(await number.getAttribute('readonly')).not.toBeNull();
      expect(await page.getByLabel('Vor- und Nachname').inputValue()).not.toBe('');
      // The pressed button went with the offer; the form's heading has the focus, the guid is not in the address.
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.textContent))
        .toBe('Schritt 1 von 2: Ihre Angaben');
      expect(await offer.count()).toBe(0);
      expect(page.url()).toBe(`${world.shop.url}/vertrag-widerrufen`);

      // Loaded afresh (server HTML, then hydration): the offer comes again, without a hydration warning.
      await page.goto(`${world.shop.url}/`, { waitUntil: 'networkidle' });
      await page.goto(`${world.shop.url}/vertrag-widerrufen`, { waitUntil: 'networkidle' });
      await waitForHydration(page);
      await offer.getByRole('button', { name: `Bestellung ${orderNumber} widerrufen` }).waitFor();
      expect(errors, errors.join('\n')).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a guest is offered nothing: the typed form, no order read', async () => {
    const { page, errors, apiRequests } = await world.open('/vertrag-widerrufen', { width: 390 });
    await page.getByRole('heading', { name: 'Schritt 1 von 2: Ihre Angaben' }).waitFor();
    await expect.poll(() => apiRequests.some((request) => request.endsWith('/api/Account/me'))).toBe(true);
    expect(await page.getByRole('region', { name: 'Ihre Bestellungen' }).count()).toBe(0);
    expect(apiRequests.filter((request) => /Order/.test(request))).toEqual([]);
    expect(await page.getByLabel('Bestellnummer').getAttribute('readonly')).toBeNull();
    // The 401 of the session check is no error the shopper's console shows as the page's.
    expect(errors.filter((error) => !/401/.test(error))).toEqual([]);
    await page.close();
  });
});
