import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StorefrontWorld, startStorefrontWorld } from './storefrontWorld';

// Selective hydration (src/app/deferredPart.tsx): footer, back-to-top, toasts and the consent banner hydrate from
// the lateChrome chunk after the rest of the page. Here that chunk is held back (failure injection: a slow
// network), to show the server's HTML stays while it waits, the header works meanwhile, and #root[data-hydrated]
// waits for the deferred parts. A hydration report fails the test (e2e/support/hydrationGuard.ts).

let world: StorefrontWorld;
beforeAll(async () => {
  world = await startStorefrontWorld();
});
afterAll(async () => {
  await world?.close();
});

const HOLD_MS = 3_000;

describe('deferred chrome (selective hydration)', () => {
  it('keeps the server HTML of footer and banner until their chunk arrives, then hydrates them', async () => {
    const context = await world.browser.newContext({ viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      // Opening the menu asks who is logged in (issue 13: 'Abmelden' only for a customer); nobody is, so the API
      // answers that one request 401, which the browser logs. Anything else is a real error.
      if (message.location().url.endsWith('/api/Account/me')) return;
      if (message.type() === 'error' || message.type() === 'warning') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await page.route(/\/lateChrome-[^/]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, HOLD_MS));
      await route.continue();
    });
    // Every element taken out of the page from the first byte on (a flash of the server's markup would show here).
    await page.addInitScript(() => {
      const removed: string[] = [];
      (window as unknown as { removed: string[] }).removed = removed;
      new MutationObserver((records) => {
        for (const record of records)
          for (const node of record.removedNodes)
            if (node instanceof Element) removed.push(`${node.localName}.${node.className}`);
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(`${world.shop.url}/`, { waitUntil: 'domcontentloaded' });
    // The header hydrates without the deferred chunk: the mobile menu opens (a click on the server's button before
    // React took over does nothing, so it is repeated until the menu answers) and closes.
    const menu = page.getByRole('dialog', { name: 'Menü' });
    for (let attempt = 0; attempt < 20 && !(await menu.isVisible()); attempt += 1) {
      // The menu may open while a click is still being tried (then the dialog covers the button): that is success.
      await page
        .getByRole('button', { name: 'Menü öffnen' })
        .click({ timeout: 2_000 })
        .catch(() => undefined);
      await menu.waitFor({ timeout: 250 }).catch(() => undefined);
    }
    await page.getByRole('button', { name: 'Menü schließen' }).click();
    expect(
      await page.evaluate(() => ({
        hydrated: document.getElementById('root')?.hasAttribute('data-hydrated'),
        footer: document.querySelector('footer.site-footer') !== null,
        banner: document.querySelector('section.consent') !== null,
      })),
    ).toEqual({ hydrated: false, footer: true, banner: true });

    await page.locator('#root[data-hydrated]').waitFor({ state: 'attached', timeout: 15_000 });
    // Hydrated: the banner decides without a reload, the footer's button reopens it.
    await page.getByRole('button', { name: 'Alle akzeptieren' }).click();
    await page.locator('section.consent').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Cookie-Einstellungen' }).click();
    await page.getByRole('dialog', { name: 'Cookie-Einstellungen' }).waitFor();
    const removed = await page.evaluate(() => (window as unknown as { removed: string[] }).removed);
    expect(removed.filter((element) => /site-footer|toasts|footer|back-to-top/.test(element))).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
