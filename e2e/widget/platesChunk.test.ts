// The plate rules and renderer arrive as a second script (lp-plates.js) right after lp-widget.js. The generator
// must not wait for them: the form takes input at once, the preview shows a placeholder plate with the text as
// typed, and the real picture replaces it in the same box (no layout shift). Measured on the BUILT bundle.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type WidgetWorld, plainPage, startWidgetWorld } from './widgetWorld';

let world: WidgetWorld;

beforeAll(async () => {
  world = await startWidgetWorld();
  world.dealerPages['/generator.html'] = plainPage(
    { widget: world.widget.url, api: world.api.url },
    '<h1>Kennzeichen</h1><lp-plate-generator id="generator"></lp-plate-generator><p id="below">Darunter</p>',
  );
});
afterAll(async () => {
  await world?.close();
});

/** Sums layout shifts not caused by input (the CLS rule) into `window.cls`. */
async function observeShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { cls: number };
    w.cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
        if (!entry.hadRecentInput) w.cls += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

const cls = (page: Page) => page.evaluate(() => (window as unknown as { cls: number }).cls);
/** When lp-plates.js finished loading (ms since navigation), or null while it is on its way. */
const chunkEnd = (page: Page) =>
  page.evaluate(
    () =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find((entry) =>
        entry.name.endsWith('/lp-plates.js'),
      )?.responseEnd ?? null,
  );

describe('plates chunk (lp-plates.js)', () => {
  it('the form works with a placeholder plate before the chunk arrives; nothing moves when it does', async () => {
    const page = await world.browser.newPage({ viewport: { width: 1024, height: 900 } });
    await observeShifts(page);
    // The chunk is held back until the test has looked at the form (not for a fixed time, which a slow machine
    // can use up before the test looks): "before the chunk arrives" then holds however slow the machine is.
    let releaseChunk = () => {};
    const chunkHeld = new Promise<void>((resolve) => {
      releaseChunk = resolve;
    });
    let heldSince = 0;
    await page.route('**/lp-plates.js', async (route) => {
      heldSince = Date.now();
      await chunkHeld;
      await route.continue();
    });
    await page.goto(`${world.dealer.url}/generator.html`);
    const input = page.locator('#generator input[name="kennzeichen"]');
    await input.waitFor();
    const formAt = await page.evaluate(() => performance.now());
    await input.fill('B-AB 123');
    const placeholder = page.locator('#generator .preview svg.plate-placeholder');
    await expect.poll(() => placeholder.textContent()).toBe('B-AB 123');
    await page.locator('#generator .price-total').waitFor(); // the product is in; only the chunk is missing
    expect(await chunkEnd(page)).toBeNull();
    const box = page.locator('#generator .preview .preview-box');
    const before = { box: await box.boundingBox(), below: await page.locator('#below').boundingBox() };
    const clsBefore = await cls(page);
    const heldMs = Date.now() - heldSince;
    releaseChunk();

    const title = page.locator('#generator .preview svg title');
    await title.waitFor({ state: 'attached', timeout: 30_000 });
    expect(await title.textContent()).toBe('B-AB 123');
    expect(await placeholder.count()).toBe(0);
    // Layout shifts are reported after the frame that has them: let two frames pass before reading.
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(null)))),
    );
    expect({ box: await box.boundingBox(), below: await page.locator('#below').boundingBox() }).toEqual(
      before,
    );
    const shift = (await cls(page)) - clsBefore;
    const chunkAt = (await chunkEnd(page)) ?? 0;
    console.log(
      `[widget] chunk held back ${heldMs} ms: form ready at ${formAt.toFixed(0)} ms, lp-plates.js at ${chunkAt.toFixed(0)} ms, layout shift on arrival ${shift.toFixed(4)}`,
    );
    expect(chunkAt).toBeGreaterThan(formAt);
    expect(shift).toBeLessThan(0.001);
    await page.close();
  });

  it('first paint without a delay: the form is there however late the chunk comes (figures logged)', async () => {
    const page = await world.browser.newPage({ viewport: { width: 1024, height: 900 } });
    await observeShifts(page);
    await page.goto(`${world.dealer.url}/generator.html`);
    await page.locator('#generator input[name="kennzeichen"]').waitFor();
    const formAt = await page.evaluate(() => performance.now());
    await page.locator('#generator .preview svg title').waitFor({ state: 'attached' });
    await page.locator('#generator .price-total').waitFor();
    const chunkAt = await chunkEnd(page);
    expect(chunkAt).not.toBeNull();
    console.log(
      `[widget] no delay: form ready by ${formAt.toFixed(0)} ms, lp-plates.js at ${chunkAt?.toFixed(0)} ms, page CLS ${(await cls(page)).toFixed(4)}`,
    );
    await page.close();
  });

  // Session 11: a phone whose connection drops while lp-plates.js loads. Before, the button stayed aria-disabled and
  // nothing but a reload helped (losing the typed plate).
  it('a failed lp-plates.js is asked for again by the add button, and the next press adds', async () => {
    const page = await world.browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true });
    let requests = 0;
    await page.route('**/lp-plates.js', async (route) => {
      requests++;
      if (requests === 1) await route.abort('internetdisconnected');
      else await route.continue();
    });
    await page.goto(`${world.dealer.url}/generator.html`);
    const input = page.locator('#generator input[name="kennzeichen"]');
    await input.fill('B-AB 123');
    const alert = page.locator('#generator [part="error-message"]');
    await expect.poll(() => alert.textContent()).toContain('Das Produkt konnte nicht geladen werden');
    await page.locator('#generator .price-total').waitFor(); // the product is in; the chunk failed
    const button = page.locator('#generator button[type="submit"]');
    expect(await button.getAttribute('aria-disabled')).toBe('false');

    await button.click();
    await page.locator('#generator .preview svg title').waitFor({ state: 'attached' });
    expect(requests).toBe(2);
    expect(await alert.count()).toBe(0);
    expect(await input.inputValue()).toBe('B-AB 123');
    await button.click();
    await expect
      .poll(() => page.locator('#generator .confirmation').textContent())
      .toContain('Zum Warenkorb hinzugefügt.');
    await page.close();
  });
});
