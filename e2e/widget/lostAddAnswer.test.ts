// A shopper on a dealer's page, on a phone whose connection drops just after "In den Warenkorb" reached the shop:
// the API added the plate, the answer never arrived. The built lp-widget.js (cross-origin to the API, so the
// Idempotency-Key header needs the API's CORS allow-list) retries the add with the same key, and the cart answers
// it as it is: the plate pair is in the cart once. Before, the widget said "Keine
// Verbindung …" and the shopper's second tap put the plate in twice. The drop is injected in Chromium after the
// real API answered.
import type { Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedCartQuantities } from '../support/browser';
import { type WidgetWorld, plainPage, startWidgetWorld } from './widgetWorld';

let world: WidgetWorld;

beforeAll(async () => {
  world = await startWidgetWorld();
  world.dealerPages['/phone.html'] = plainPage(
    { widget: world.widget.url, api: world.api.url },
    '<lp-cart-button id="badge"></lp-cart-button><lp-plate-generator id="generator"></lp-plate-generator>',
  ).replace('<head>', '<head><meta name="viewport" content="width=device-width, initial-scale=1">');
}, 120_000);
afterAll(async () => {
  await world?.close();
});

const generator = (page: Page, selector: string) => page.locator(`#generator ${selector}`);

describe('an add whose answer is lost on a dealer page', () => {
  it('is in the cart once, and the shopper sees it added', async () => {
    const context = await world.browser.newContext({
      viewport: { width: 390, height: 800 },
      hasTouch: true,
      isMobile: true,
    });
    const page = await context.newPage();
    const keys: (string | undefined)[] = [];
    let drops = 0;
    await page.route('**/api/Cart/addCartItem', async (route: Route) => {
      // The preflight is the browser's own; only the add itself is counted and dropped.
      if (route.request().method() !== 'POST') return route.continue();
      keys.push(route.request().headers()['idempotency-key']);
      if (drops-- <= 0) return route.continue();
      const answer = await route.fetch();
      expect(answer.status()).toBe(200);
      await answer.body();
      await route.abort('connectionreset');
    });
    await page.goto(`${world.dealer.url}/phone.html`);
    await generator(page, '.price-total').waitFor();
    const input = generator(page, 'input[name="kennzeichen"]');
    const confirmation = () => generator(page, '[role="status"] .confirmation').textContent();
    // A first pair on a good connection: the cart exists, so the retry below goes to it.
    await input.fill('M-LP 12');
    await generator(page, 'button[type="submit"]').tap();
    await expect.poll(confirmation).toBe('Zum Warenkorb hinzugefügt. 2 Artikel im Warenkorb · Zum Warenkorb');
    // The second pair's answer is lost.
    drops = 1;
    await input.fill('M-LP 13');
    await generator(page, 'button[type="submit"]').tap();
    await expect
      .poll(confirmation, { timeout: 15_000 })
      .toBe('Zum Warenkorb hinzugefügt. 4 Artikel im Warenkorb · Zum Warenkorb');
    expect(await generator(page, '[role="alert"] .alert').count()).toBe(0);
    await expect.poll(() => page.locator('#badge a').getAttribute('aria-label')).toBe('Warenkorb, 4 Artikel');
    // The first add, then the lost one and its retry under one key.
    expect(keys).toHaveLength(3);
    expect(keys[1]).toBeTruthy();
    expect(keys[2]).toBe(keys[1]);
    expect(keys[0]).not.toBe(keys[1]);

    expect(await storedCartQuantities(page, world.api.url)).toEqual([2, 2]);
    await context.close();
  });
});
