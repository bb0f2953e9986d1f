import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type WidgetWorld, plainPage, startWidgetWorld } from './widgetWorld';

let world: WidgetWorld;

beforeAll(async () => {
  world = await startWidgetWorld();
  const urls = { widget: world.widget.url, api: world.api.url };
  world.dealerPages['/two.html'] = plainPage(
    urls,
    '<lp-plate-generator id="first"></lp-plate-generator><lp-plate-generator id="second" kennzeichen="HH-AB 1"></lp-plate-generator>',
  );
  world.dealerPages['/one.html'] = plainPage(
    urls,
    '<h1>Kennzeichen</h1><lp-plate-generator id="generator"></lp-plate-generator>',
  );
});
afterAll(async () => {
  await world?.close();
});

async function open(path: string, ready: string): Promise<Page> {
  const page = await world.browser.newPage({ viewport: { width: 390, height: 844 } });
  await page.goto(`${world.dealer.url}${path}`);
  await page.locator(`${ready} .price-total`).waitFor();
  return page;
}

const countText = (page: Page, id: string) => page.locator(`#${id} [part="cart-count"]`).textContent();

describe('several instances and the keyboard', () => {
  it('two generators on one page share one cart: the count rises on both', async () => {
    const page = await open('/two.html', '#second');
    await page.locator('#first .price-total').waitFor();
    await page.locator('#first input[name="kennzeichen"]').fill('B-AB 1');
    await page.locator('#first button[type="submit"]').click();
    await expect.poll(() => countText(page, 'first')).toBe('2 Artikel im Warenkorb');
    await expect.poll(() => countText(page, 'second')).toBe('2 Artikel im Warenkorb');

    await page.locator('#second button[type="submit"]').click();
    await expect.poll(() => countText(page, 'second')).toBe('4 Artikel im Warenkorb');
    await expect.poll(() => countText(page, 'first')).toBe('4 Artikel im Warenkorb');
    const links = await page
      .locator('[part="cart-link"]')
      .evaluateAll((all) => all.map((a) => a.getAttribute('href')));
    expect(new Set(links).size).toBe(1); // one cart guid
    await page.close();
  });

  it('works with the keyboard alone: Tab, typing, Space and Enter add three plates', async () => {
    const page = await open('/one.html', '#generator');
    const focused = () =>
      page.evaluate(() => {
        const inner = document.activeElement?.shadowRoot?.activeElement;
        return inner
          ? `${inner.localName}|${inner.getAttribute('name') ?? ''}|${inner.getAttribute('aria-label') ?? ''}|${inner.getAttribute('type') ?? ''}`
          : '';
      });
    async function tabTo(pattern: RegExp): Promise<void> {
      for (let i = 0; i < 60; i++) {
        await page.keyboard.press('Tab');
        if (pattern.test(await focused())) return;
      }
      throw new Error(`never reached ${pattern}`);
    }
    await tabTo(/^input\|kennzeichen/);
    await page.keyboard.type('K-LP 77');
    // The focus ring is visible on the focused field.
    const outline = await page.evaluate(() => {
      const inner = document.activeElement?.shadowRoot?.activeElement as Element;
      return getComputedStyle(inner).outlineStyle;
    });
    expect(outline).toBe('solid');
    await tabTo(/\|Ein Schild mehr\|/);
    await page.keyboard.press('Space');
    await expect.poll(() => page.locator('#generator input[type="number"]').inputValue()).toBe('3');
    await tabTo(/^button\|\|\|submit$/);
    await page.keyboard.press('Enter');
    await expect.poll(() => countText(page, 'generator')).toBe('3 Artikel im Warenkorb');
    await page.close();
  });
});
