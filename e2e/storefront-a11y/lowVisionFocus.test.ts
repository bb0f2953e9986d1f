// A shopper with low vision who moves with the keyboard (session 25, lowvision): can they see where focus is? The
// ring must stand out from what surrounds it (WCAG 1.4.11), stay drawn in Windows high contrast (forced colours),
// and the focused control must not disappear under the cookie banner or the sticky header (2.4.11); after a link,
// focus lands on the new page's heading, on every route of the buying path (2.4.3, 4.1.3).
import type { BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForHydration } from '../support/hydration';
import { type StorefrontWorld, startStorefrontWorld } from '../storefront/storefrontWorld';
import { type FocusedControl, measureFocused } from './lowVisionProbes';

let world: StorefrontWorld;
beforeAll(async () => {
  world = await startStorefrontWorld();
});
afterAll(async () => {
  await world?.close();
});

/** A page as this shopper's browser shows it (a new visitor: the cookie banner is open). */
async function openAs(path: string, options: BrowserContextOptions = {}): Promise<Page> {
  const context = await world.browser.newContext({ viewport: { width: 390, height: 844 }, ...options });
  const page = await context.newPage();
  page.on('close', () => void context.close().catch(() => undefined));
  await page.goto(`${world.shop.url}${path}`, { waitUntil: 'networkidle' });
  await waitForHydration(page);
  return page;
}

/**
 * Presses Tab (or Shift+Tab) through the page until focus comes back to where it started, measuring each stop once
 * it has settled (the sticky header answers the scroll a frame later).
 */
async function walk(
  page: Page,
  key: 'Tab' | 'Shift+Tab',
  settled: (control: FocusedControl) => boolean = () => true,
): Promise<FocusedControl[]> {
  const stops: FocusedControl[] = [];
  await page.evaluate(() => {
    (window as unknown as { lvWalkStart?: Element }).lvWalkStart = undefined;
  });
  for (let i = 0; i < 200; i++) {
    await page.keyboard.press(key);
    let control = await measureFocused(page);
    for (let tries = 0; control && !settled(control) && tries < 10; tries++) {
      await page.waitForTimeout(100);
      control = await measureFocused(page);
    }
    if (!control) continue;
    if (control.again) break;
    stops.push(control);
  }
  return stops;
}

const seen = (control: FocusedControl) => control.inViewport > 0 && control.seenPoints > 0;

describe('a keyboard shopper with low vision sees where focus is', () => {
  it('the focus ring stands out 3:1 from its surroundings: banner, header, page and footer (WCAG 1.4.11)', async () => {
    const page = await openAs('/impressum');
    const stops = await walk(page, 'Tab');
    const names = stops.map((stop) => stop.name).join('\n');
    // The walk met the banner, the header, the page and the footer.
    for (const expected of [
      'Alle akzeptieren',
      'Warenkorb, 0 Artikel',
      'Zum Inhalt springen',
      'Widerrufsrecht',
    ])
      expect(names).toContain(expected);
    // The light accent ring (#56afeb) had 2.4:1 on white: on the banner, the header and every page.
    expect(
      stops.filter((stop) => stop.ringContrast < 3).map((stop) => `${stop.name}: ${stop.ringContrast}:1`),
    ).toEqual([]);
    await page.close();
  });

  it('in Windows high contrast every stop, the plate generator’s too, still draws a ring (forced colours)', async () => {
    const page = await openAs('/kfz-kennzeichen', { forcedColors: 'active', colorScheme: 'dark' });
    const stops = await walk(page, 'Tab');
    // The generator's plate text field (in the widget's shadow root) was among the stops.
    expect(stops.some((stop) => stop.name.startsWith('input') && stop.name.includes('control'))).toBe(true);
    // A ring drawn with box-shadow would vanish here; an outline is repainted in the system colour.
    expect(
      stops
        .filter((stop) => stop.ringStyle === 'none' || stop.ringWidth < 2)
        .map((stop) => `${stop.name}: ${stop.ringStyle} ${stop.ringWidth}px`),
    ).toEqual([]);
    await page.close();
  });

  it('in Windows high contrast the chosen option and the current kind still look chosen (WCAG 1.4.11)', async () => {
    const page = await openAs('/parkplatzschild', { forcedColors: 'active', colorScheme: 'dark' });
    const looks = (name: string) =>
      page
        .getByRole('main')
        .getByRole('button', { name, exact: true })
        .evaluate(
          (button) => `${getComputedStyle(button).backgroundColor} ${getComputedStyle(button).color}`,
        );
    await page.getByRole('button', { name: 'mit Pfosten', exact: true }).click();
    await expect
      .poll(() => page.getByRole('button', { name: 'mit Pfosten', exact: true }).getAttribute('aria-pressed'))
      .toBe('true');
    // Before: the blue of the pressed value was dropped, and both looked alike.
    expect(await looks('mit Pfosten')).not.toBe(await looks('Wandmontage'));
    await page.goto(`${world.shop.url}/kennzeichen`, { waitUntil: 'networkidle' });
    const kinds = page.getByRole('navigation', { name: 'Kennzeichenarten' }).getByRole('link');
    const chip = (index: number) =>
      kinds.nth(index).evaluate((link) => ({
        current: link.getAttribute('aria-current'),
        looks: `${getComputedStyle(link).backgroundColor} ${getComputedStyle(link).color}`,
      }));
    const [current, other] = [await chip(0), await chip(1)];
    expect([current.current, other.current]).toEqual(['page', null]);
    expect(current.looks).not.toBe(other.looks);
    await page.close();
  });

  for (const width of [390, 1280])
    it(`at ${width} px no focused control hides under the open cookie banner or the sticky header (WCAG 2.4.11)`, async () => {
      // Reduced motion: the header shows and hides at once, so what is measured is where it stays.
      const page = await openAs('/kfz-kennzeichen', {
        viewport: { width, height: 844 },
        reducedMotion: 'reduce',
      });
      await page.getByRole('dialog', { name: 'Cookie-Einstellungen' }).waitFor();
      const forward = await walk(page, 'Tab', seen);
      // The walk went down past the fold to the footer while the banner stayed open.
      expect(forward.map((stop) => stop.name).join('\n')).toContain('Vertrag widerrufen');
      const backward = await walk(page, 'Shift+Tab', seen);
      // Before: on a phone each control below the fold was focused inside the viewport's bottom 356 px, under the
      // banner, out of sight; the page's last links could not scroll above it at all.
      expect(
        [...forward, ...backward]
          .filter((stop) => !seen(stop))
          .map((stop) => `${stop.name}: ${stop.seenPoints} of ${stop.inViewport} points seen`),
      ).toEqual([]);
      expect(await page.getByRole('dialog', { name: 'Cookie-Einstellungen' }).isVisible()).toBe(true);
      await page.close();
    });
});

describe('a screen-reader shopper hears each new page', () => {
  it('after every link of the buying path focus is on the new page’s heading', async () => {
    const page = await openAs('/', { viewport: { width: 1280, height: 900 } });
    await page.getByRole('button', { name: 'Nur notwendige' }).click();
    const heading = () =>
      page.evaluate(() => {
        const active = document.activeElement;
        return active?.tagName === 'H1' ? active.textContent?.trim() : `not a heading: ${active?.tagName}`;
      });
    const steps: [string, () => Promise<void>, RegExp][] = [
      [
        'category',
        () => page.getByRole('main').getByRole('link', { name: 'Alle Kennzeichen ansehen' }).click(),
        /^Kennzeichen$/,
      ],
      [
        'product',
        () => page.getByRole('main').getByRole('link').filter({ hasText: 'Funschild' }).first().click(),
        /^Funschild/,
      ],
      [
        'cart',
        async () => {
          await page.getByLabel('Wunschtext').fill('HALLO');
          await page.getByRole('button', { name: 'In den Warenkorb', exact: true }).click();
          await page.getByRole('link', { name: 'Warenkorb, 1 Artikel' }).click();
        },
        /^Warenkorb$/,
      ],
      [
        'checkout',
        () => page.getByRole('main').getByRole('link', { name: /Kasse/ }).first().click(),
        /Kasse/,
      ],
      [
        'information page',
        () => page.getByRole('contentinfo').getByRole('link', { name: 'Impressum' }).click(),
        /^Impressum$/,
      ],
      [
        'search',
        async () => {
          await page.getByRole('searchbox').fill('halter');
          await page.keyboard.press('Enter');
        },
        /halter/,
      ],
      [
        'product from the results',
        () =>
          page
            .getByRole('main')
            .getByRole('link')
            .filter({ hasText: /halter/i })
            .first()
            .click(),
        /halter/i,
      ],
      [
        'login',
        () =>
          page
            .getByRole('link', { name: /Anmelden|Kundenkonto|Konto/ })
            .first()
            .click(),
        /Anmelden/,
      ],
      [
        'home',
        () =>
          page
            .getByRole('link', { name: /zur Startseite/ })
            .first()
            .click(),
        /Kennzeichen/,
      ],
    ];
    for (const [label, follow, expected] of steps) {
      const before = page.url();
      await follow();
      await page.waitForURL((url) => url.toString() !== before);
      await expect.poll(heading, { message: label }).toMatch(expected);
    }
    await page.close();
  });
});
