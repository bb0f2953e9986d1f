// A shopper on a phone taps, and the page answers at its next frame: work the tap does not need waits until after
// that paint (INP). Checked as an order of events in real Chromium, not as a time (timings: bench/interactions.mjs).
//
// - The first tap on a page starts the lazy third parties (spec 4: on click or mouse move); their requests start
//   after the tap's next frame, not inside its handlers (features/thirdParty/lazyThirdParty.ts).
// - Opening the mobile menu renders the menu in a transition (chrome/Header.tsx): when the tap's events have been
//   handled the menu is not rendered yet, so the browser can paint first; it opens right after.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForHydration } from '../support/hydration';
import { type StorefrontWorld, startStorefrontWorld } from './storefrontWorld';

let world: StorefrontWorld;
beforeAll(async () => {
  world = await startStorefrontWorld();
});
afterAll(async () => {
  await world?.close();
});

async function openPhone(path: string): Promise<Page> {
  const context = await world.browser.newContext({
    viewport: { width: 360, height: 740 },
    hasTouch: true,
    isMobile: true,
  });
  const page = await context.newPage();
  page.on('close', () => void context.close().catch(() => undefined));
  await page.goto(`${world.shop.url}${path}`, { waitUntil: 'networkidle' });
  await waitForHydration(page);
  return page;
}

/** Records, after every listener of a tap's click has run, whether the mobile menu is rendered (window, bubbling). */
function watchMenuAfterClick(page: Page): Promise<void> {
  return page.evaluate(() => {
    const w = window as unknown as { menuAtClickEnd?: boolean };
    w.menuAtClickEnd = undefined;
    window.addEventListener(
      'click',
      () => (w.menuAtClickEnd = Boolean(document.querySelector('.mobile-menu'))),
      {
        once: true,
      },
    );
  });
}

describe('a phone tap is answered before work it does not need', () => {
  it("the first tap on a page starts the third parties' requests only after its next frame", async () => {
    const page = await openPhone('/');
    // The tap's click, and the first animation frame after it (the frame that paints the tap's answer).
    await page.evaluate(() => {
      const w = window as unknown as { clickAt?: number; frameAt?: number };
      window.addEventListener(
        'click',
        () => {
          w.clickAt = performance.now();
          requestAnimationFrame((now) => (w.frameAt = now));
        },
        { once: true },
      );
    });
    // A tap on text of the page: a mouse move and a click, as a phone sends them; nothing else happens.
    await page.getByRole('heading', { level: 1 }).tap();
    // 'editor-tools' (spec 4) loads the printing page's chunk, which no page of the first load requested.
    await page.waitForFunction(() =>
      performance.getEntriesByType('resource').some((entry) => /\/PrintingPage-[^/]+\.js$/.test(entry.name)),
    );
    const order = await page.evaluate(() => {
      const w = window as unknown as { clickAt?: number; frameAt?: number };
      const chunk = performance
        .getEntriesByType('resource')
        .find((entry) => /\/PrintingPage-[^/]+\.js$/.test(entry.name));
      return { clickAt: w.clickAt, frameAt: w.frameAt, requestedAt: chunk?.startTime };
    });
    expect(order.clickAt).toBeTypeOf('number');
    expect(order.frameAt).toBeTypeOf('number');
    // Before the fix the request started inside the tap's mouse move, before its click was even handled.
    expect(order.requestedAt).toBeGreaterThan(order.frameAt as number);
  });

  it('opening the mobile menu leaves the tap free to paint: the menu renders right after its events', async () => {
    const page = await openPhone('/');
    await page.getByRole('button', { name: 'Nur notwendige' }).tap();
    await page.locator('.consent-banner').waitFor({ state: 'detached' });
    const open = page.getByRole('button', { name: 'Menü öffnen' });
    // Once, so the menu's code is loaded and nothing suspends: the second opening is the one a shopper repeats.
    await open.tap();
    await page.getByRole('button', { name: 'Menü schließen' }).tap();
    await page.locator('.mobile-menu').waitFor({ state: 'detached' });

    await watchMenuAfterClick(page);
    await open.tap();
    const dialog = page.getByRole('dialog', { name: 'Menü' });
    await dialog.waitFor();
    // Before the fix React rendered the whole menu inside the tap's click (a synchronous update), and the browser
    // could paint nothing until it was done.
    expect(
      await page.evaluate(() => (window as unknown as { menuAtClickEnd?: boolean }).menuAtClickEnd),
    ).toBe(false);
    // Focus moved into the open menu as before, and its button says it is open.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Menü schließen',
    );
    expect(await open.getAttribute('aria-expanded')).toBe('true');
  });
});
