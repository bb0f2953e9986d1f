// Issue 13 "Small things that read as broken", in Chromium: an unknown thank-you id is the not-found page, the wish
// list is called "Merkzettel" wherever a shopper reads about it, sizes read "520 × 110 mm", and "Nur notwendige"
// drops the events held since the page opened (a refusal is a withdrawal).
import { type Sdk, createMemoryStorage, createSdk } from '@lp/sdk';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAxeClean } from '../checkout/checkoutDriver';
import { type CheckoutWorld, startCheckoutWorld } from '../checkout/checkoutWorld';
import { CONSENT_BANNER, dataLayerEvents } from '../consent/consentWorld';
import { address, billingPerson, funschild } from '../contract/support';
import { gotoHydrated, waitForHydration } from '../support/hydration';

let world: CheckoutWorld;
beforeAll(async () => {
  world = await startCheckoutWorld();
});
afterAll(async () => {
  await world?.close();
});

const sdk = (): Sdk =>
  createSdk({ baseUrl: world.apiUrl, storage: createMemoryStorage(), dataLayer: [], retries: 0 });
// biome-ignore lint/performance/useDomNodeTextContent: what a shopper sees is the point (hidden text excluded)
const visibleText = (page: Page) => page.locator('body').innerText();

describe('thank-you page (issue 13)', () => {
  it.each([
    ['an unknown order id', '00000000-0000-4000-8000-000000000000'],
    ['a malformed id', 'nicht-da'],
    ['markup', '%3Cscript%3Ealert(1)%3C%2Fscript%3E'],
  ])('shows the not-found page for %s, not a thank-you', async (_label, id) => {
    const { page } = await world.open('/', { width: 390 });
    const response = await page.goto(`${world.shop.url}/thank-you/${id}`);
    await waitForHydration(page);
    await page.getByRole('heading', { level: 1, name: 'Seite nicht gefunden' }).waitFor();
    expect(await visibleText(page)).not.toContain('Vielen Dank für Ihre Bestellung');
    expect(await page.title()).not.toContain('Vielen Dank');
    expect(response?.status()).toBe(404);
  });

  it('still thanks for a real order, also after a reload', async () => {
    const buyer = sdk();
    await buyer.cartStore.getState().add(funschild(1, 'DANKE 1'));
    const { orderHeaderGuid } = await buyer.orders.save({
      billingPerson,
      shippingAddress: address,
      paymentMethod: 'paypal',
    });
    const { orderNumber } = await buyer.orders.confirm(orderHeaderGuid);
    const { page } = await world.open(`/thank-you/${orderHeaderGuid}`, { width: 1366 });
    await page.getByRole('heading', { level: 1, name: 'Vielen Dank für Ihre Bestellung' }).waitFor();
    await page.getByTestId('order-number').filter({ hasText: orderNumber }).waitFor();
    await expectAxeClean(page);
    // The server HTML carries the order (addresses, email): no shared cache may keep it.
    const served = await fetch(`${world.shop.url}/thank-you/${orderHeaderGuid}`);
    expect(served.headers.get('cache-control')).toBe('private, no-store');
    expect(await served.text()).toContain(orderNumber);
  });
});

describe('one word and one notation (issue 13)', () => {
  it.each([390, 1366])(
    'calls the wish list "Merkzettel" on its page, in its title and in the chrome at %i px',
    async (width) => {
      const { page } = await world.open('/wishlist', { width });
      await page.getByRole('heading', { level: 1, name: 'Merkzettel' }).waitFor();
      expect(await page.title()).toContain('Merkzettel');
      if (width < 768) {
        await page.getByRole('button', { name: 'Menü öffnen' }).click();
        await page
          .getByRole('dialog', { name: 'Menü' })
          .getByRole('link', { name: /^Merkzettel/ })
          .waitFor();
      } else {
        await page.getByRole('link', { name: /^Merkzettel, \d+ Artikel$/ }).waitFor();
      }
      expect(await visibleText(page)).not.toMatch(/Wunschliste|Merkliste|Wunschzettel/i);
      await expectAxeClean(page);
    },
  );

  it('writes plate sizes as "520 × 110 mm" on the product page', async () => {
    const { page } = await world.open('/funschild', { width: 1366 });
    await page.getByText('520 × 110 mm').first().waitFor();
    expect(await visibleText(page)).not.toMatch(/\b\d{3} ?[xX] ?\d{3}\b|\d{3}×\d{3}/);
  });
});

describe('consent refusal (issue 13)', () => {
  it('drops events tracked before "Nur notwendige": a later consent does not release them', async () => {
    const context = await world.browser.newContext({ viewport: { width: 1366, height: 900 } });
    try {
      const page = await context.newPage();
      await gotoHydrated(page, `${world.shop.url}/funschild`);
      await page.locator(CONSENT_BANNER).waitFor();
      // view_item is held while the shopper has not decided.
      await page.getByRole('button', { name: 'Nur notwendige' }).click();
      await page.locator(CONSENT_BANNER).waitFor({ state: 'detached' });

      // Consent given afterwards (footer 'Cookie-Einstellungen'): only events from now on may flow.
      await page.getByRole('button', { name: 'Cookie-Einstellungen' }).click();
      await page.locator(CONSENT_BANNER).waitFor();
      await page.getByRole('button', { name: 'Alle akzeptieren' }).click();
      await page.locator(CONSENT_BANNER).waitFor({ state: 'detached' });
      // A new event after consent (a list opened in the same page) arrives, which shows the release has run; the
      // view_item held before the refusal does not come with it.
      await page.locator('footer a[href="/catalog"]').first().click();
      await page.waitForURL('**/catalog');
      await expect.poll(() => dataLayerEvents(page)).toContain('view_item_list');
      expect(await dataLayerEvents(page)).not.toContain('view_item');
    } finally {
      await context.close();
    }
  });
});
