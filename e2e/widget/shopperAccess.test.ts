// A German shopper on a dealer's page with the settings people really use: the shop API unreachable, Windows
// high contrast (forced colours), a larger default text size on a 320 px phone, reduced motion. Real Chromium,
// the built lp-widget.js, the real API; the outage is injected by aborting the page's requests to the API.
import { AxeBuilder } from '@axe-core/playwright';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type WidgetWorld, plainPage, startWidgetWorld } from './widgetWorld';

let world: WidgetWorld;

beforeAll(async () => {
  world = await startWidgetWorld();
  const urls = { widget: world.widget.url, api: world.api.url };
  // A phone-ready dealer page (viewport meta) with the badge, the banner and, further down, the generator.
  world.dealerPages['/shop.html'] = plainPage(
    urls,
    `<lp-cart-button id="badge"></lp-cart-button>
<lp-banner-configurator id="banner"></lp-banner-configurator>
<div style="height: 1600px"></div>
<lp-plate-generator id="generator"></lp-plate-generator>`,
  ).replace('<head>', '<head><meta name="viewport" content="width=device-width, initial-scale=1">');
});
afterAll(async () => {
  await world?.close();
});

async function open(options: BrowserContextOptions = {}): Promise<Page> {
  const context = await world.browser.newContext({ viewport: { width: 320, height: 700 }, ...options });
  return context.newPage();
}

const generator = (page: Page, selector: string) => page.locator(`#generator ${selector}`);

/** How many colours (4 bits per channel) a screenshot holds, decoded by the browser in a blank page. */
async function shadesIn(page: Page, png: Buffer): Promise<number> {
  const blank = await page.context().newPage();
  try {
    return await blank.evaluate(async (base64) => {
      const image = new Image();
      image.src = `data:image/png;base64,${base64}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.width;
      canvas.height = image.height;
      const context = canvas.getContext('2d')!;
      context.drawImage(image, 0, 0);
      const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
      const shades = new Set<number>();
      for (let i = 0; i < data.length; i += 4)
        shades.add(((data[i]! >> 4) << 8) | ((data[i + 1]! >> 4) << 4) | (data[i + 2]! >> 4));
      return shades.size;
    }, png.toString('base64'));
  } finally {
    await blank.close();
  }
}

describe('a shopper on a dealer page', () => {
  it('API down at load: German message, the button loads the product again, the typed plate is kept', async () => {
    const page = await open({ hasTouch: true, isMobile: true });
    const apiHost = new URL(world.api.url).host;
    let down = true;
    await page.route(
      (url) => url.host === apiHost,
      (route) => (down ? route.abort('connectionrefused') : route.continue()),
    );
    await page.goto(`${world.dealer.url}/shop.html`);
    const alert = generator(page, '[role="alert"] .alert');
    await expect
      .poll(() => alert.textContent())
      .toBe(
        'Keine Verbindung zum Shop. Bitte prüfen Sie Ihre Internetverbindung und versuchen Sie es erneut.',
      );
    const input = generator(page, 'input[name="kennzeichen"]');
    await input.fill('M-LP 42');
    const button = generator(page, 'button[type="submit"]');
    // "versuchen Sie es erneut" must be possible without reloading the page (which would lose the text).
    await expect.poll(() => button.getAttribute('aria-disabled')).toBe('false');
    const axe = await new AxeBuilder({ page }).include('#generator').analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);

    down = false;
    await button.tap();
    await generator(page, '.price-total').waitFor();
    await expect.poll(() => alert.count()).toBe(0);
    expect(await input.inputValue()).toBe('M-LP 42');
    await button.tap();
    await expect
      .poll(() => generator(page, '[role="status"] .confirmation').textContent())
      .toBe('Zum Warenkorb hinzugefügt. 2 Artikel im Warenkorb · Zum Warenkorb');
    await expect.poll(() => page.locator('#badge a').getAttribute('aria-label')).toBe('Warenkorb, 2 Artikel');
    await page.context().close();
  });

  it('a screen reader hears each size once: "520 × 110 mm Empfohlen", not the size twice', async () => {
    const page = await open();
    await page.goto(`${world.dealer.url}/shop.html`);
    await generator(page, '.price-total').waitFor();
    const sizes = page.locator('#generator').getByRole('radio');
    await expect.poll(() => sizes.count()).toBe(15);
    const chosen = page
      .locator('#generator')
      .getByRole('radio', { name: '520 × 110 mm Empfohlen', exact: true });
    expect(await chosen.isChecked()).toBe(true);
    const twoLines = page
      .locator('#generator')
      .getByRole('radio', { name: '340 × 200 mm zweizeilig', exact: true });
    expect(await twoLines.count()).toBe(1);
    // The pictures inside the choices are decoration; the big preview keeps its name.
    expect(await page.locator('#generator').getByRole('img', { name: '520 × 110 mm' }).count()).toBe(0);
    expect(
      await page.locator('#generator').getByRole('img', { name: 'Vorschau des Kennzeichens' }).count(),
    ).toBe(1);
    await page.context().close();
  });

  it('in forced colours (Windows high contrast) the chosen type and size and the buttons stay visible', async () => {
    const page = await open({ forcedColors: 'active', colorScheme: 'dark' });
    await page.goto(`${world.dealer.url}/shop.html`);
    await generator(page, '.price-total').waitFor();
    const looks = await page.evaluate(() => {
      const style = (el: Element | null | undefined) => {
        const css = getComputedStyle(el as Element);
        return { background: css.backgroundColor, border: `${css.borderTopStyle} ${css.borderTopWidth}` };
      };
      const banner = document.querySelector('#banner')?.shadowRoot;
      const form = document.querySelector('#generator')?.shadowRoot;
      return {
        typeChosen: style(banner?.querySelector('input:checked + span')),
        typeOther: style(banner?.querySelector('input:not(:checked) + span')),
        sizeChosen: style(form?.querySelector('input:checked + .choice-body')),
        sizeOther: style(form?.querySelector('input:not(:checked):enabled + .choice-body')),
        buttons: [
          banner?.querySelector('button[type="submit"]'),
          form?.querySelector('button[type="submit"]'),
          document.querySelector('#badge')?.shadowRoot?.querySelector('a'),
        ].map((el) => style(el).border),
      };
    });
    // Forced colours drop the brand backgrounds; the chosen option must still differ by more than a border width.
    expect(looks.typeChosen.background).not.toBe(looks.typeOther.background);
    expect(looks.sizeChosen.background).not.toBe(looks.sizeOther.background);
    // The words on the chosen options are drawn, not covered: Chromium puts a backplate in the theme's text
    // background behind text, which made the chosen size's name a black bar in a dark theme (the computed colours
    // looked right). Counted in the pixels: a bar has one or two colours, drawn words the shades of their edges.
    for (const words of [
      generator(page, 'input:checked + .choice-body .choice-name'),
      page.locator('#banner input:checked + span'),
    ])
      expect(await shadesIn(page, await words.screenshot())).toBeGreaterThan(8);
    // A button with no border is only a word in high contrast.
    expect(looks.buttons).toEqual(['solid 1px', 'solid 1px', 'solid 1px']);
    await page.context().close();
  });

  it('follows a larger default text size (200 %) at 320 px without sideways scrolling', async () => {
    const page = await open();
    // Chrome's "Schriftgröße: Sehr groß" and similar settings change the default font size, not the zoom.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Page.setFontSizes', { fontSizes: { standard: 32, fixed: 26 } });
    await page.goto(`${world.dealer.url}/shop.html`);
    await generator(page, '.price-total').waitFor();
    const sizes = await page.evaluate(() => {
      const px = (el: Element | null | undefined) => getComputedStyle(el as Element).fontSize;
      return {
        page: px(document.body),
        generatorLabel: px(document.querySelector('#generator')?.shadowRoot?.querySelector('label')),
        bannerLabel: px(document.querySelector('#banner')?.shadowRoot?.querySelector('label')),
      };
    });
    expect(sizes).toEqual({ page: '32px', generatorLabel: '32px', bannerLabel: '32px' });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.context().close();
  });

  it('with reduced motion the banner jumps to the generator instead of gliding there', async () => {
    const page = await open({ reducedMotion: 'reduce' });
    await page.goto(`${world.dealer.url}/shop.html`);
    await generator(page, '.price-total').waitFor();
    await page.locator('#banner input[name="kennzeichen"]').fill('HH-LP 7');
    // Pressed and measured in one task: a smooth scroll would not have moved yet.
    const top = await page.evaluate(() => {
      const banner = document.querySelector('#banner')?.shadowRoot as ShadowRoot;
      (banner.querySelector('button[type="submit"]') as HTMLButtonElement).click();
      return document.querySelector('#generator')?.getBoundingClientRect().top ?? Number.NaN;
    });
    expect(Math.abs(top)).toBeLessThan(2);
    await expect.poll(() => generator(page, 'input[name="kennzeichen"]').inputValue()).toBe('HH-LP 7');
    await page.context().close();
  });
});
