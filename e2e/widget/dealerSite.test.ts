import { createMemoryStorage, createSdk } from '@lp/sdk';
import { validatePlate } from '@lp/sdk/plates';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHOP_URL, type WidgetWorld, plainPage, startWidgetWorld } from './widgetWorld';

let world: WidgetWorld;

beforeAll(async () => {
  world = await startWidgetWorld();
  world.dealerPages['/plain.html'] = plainPage(
    { widget: world.widget.url, api: world.api.url },
    '<lp-plate-generator id="generator"></lp-plate-generator>',
  );
});
afterAll(async () => {
  await world?.close();
});

async function open(path: string): Promise<Page> {
  const page = await world.browser.newPage({ viewport: { width: 1100, height: 900 } });
  await page.goto(`${world.dealer.url}${path}`);
  // The product (and with it the price) has loaded from the API.
  await page.locator('#generator .price-total').waitFor();
  return page;
}

describe('dealer page on another origin, widget by one script tag', () => {
  it('updates the preview while typing and shows the German message for an invalid plate', async () => {
    const page = await open('/index.html');
    const input = page.locator('#generator input[name="kennzeichen"]');
    const title = page.locator('#generator .preview svg title');
    await input.pressSequentially('B-AB 12');
    await expect.poll(() => title.textContent()).toBe('B-AB 12');
    await input.press('3');
    await expect.poll(() => title.textContent()).toBe('B-AB 123');

    await input.fill('XX-0 1');
    const expected =
      validatePlate({ text: 'XX-0 1', kind: 'standard', size: '520x110' }).errors[0]?.message ?? '';
    expect(expected).not.toBe('');
    await expect
      .poll(() => page.locator('#generator [role="alert"] .error').first().textContent())
      .toBe(expected);
    await expect.poll(() => input.getAttribute('aria-invalid')).toBe('true');
    await page.close();
  });

  it('adds a plate to the cart; the API holds the line with the server price', async () => {
    const page = await open('/index.html');
    await page.locator('#generator input[name="kennzeichen"]').fill('B-LP 123');
    await page.locator('#generator button[type="submit"]').click();
    const link = page.locator('#generator a[part="cart-link"]');
    await link.waitFor();
    await expect
      .poll(() => page.locator('#generator [part="cart-count"]').textContent())
      .toBe('2 Artikel im Warenkorb');
    const href = (await link.getAttribute('href')) ?? '';
    expect(href.startsWith(`${SHOP_URL}/cart?cartGuid=`)).toBe(true);
    const guid = new URL(href).searchParams.get('cartGuid') ?? '';

    const sdk = createSdk({ baseUrl: world.api.url, storage: createMemoryStorage() });
    const cart = await sdk.cartStore.getState().adoptCartGuid(guid);
    expect(cart.items).toHaveLength(1);
    const line = cart.items?.[0];
    expect(line?.productUniqueId).toBe('KFZ-001-520x110-STD');
    expect(line?.price).toBe(12.9);
    expect(line?.quantity).toBe(2);
    expect(line?.addData[0]?.info.Attributes).toMatchObject({
      Kennzeichen: 'B-LP 123',
      'Kennzeichen-Art': 'Standard',
      Kennzeichengröße: '520x110',
    });
    await page.close();
  });

  it('looks the same on the hostile page as on a plain page', async () => {
    const selectors = [
      '#generator .root',
      '#generator input[name="kennzeichen"]',
      '#generator label',
      '#generator select',
      '#generator button[type="submit"]',
      '#generator .price-total',
      '#generator .preview svg',
    ];
    const properties = [
      'display',
      'visibility',
      'font-family',
      'font-size',
      'font-weight',
      'color',
      'background-color',
      'letter-spacing',
      'text-transform',
      'line-height',
      'padding-top',
      'padding-left',
      'margin-top',
      'border-top-width',
      'border-top-style',
      'box-sizing',
      'height',
    ];
    const read = (page: Page) =>
      Promise.all(
        selectors.map((selector) =>
          page
            .locator(selector)
            .first()
            .evaluate((element, names) => {
              const style = getComputedStyle(element);
              return Object.fromEntries(names.map((name) => [name, style.getPropertyValue(name)]));
            }, properties),
        ),
      );
    // Parts of the form re-render while the product and cart settle; an element read the moment it is replaced has
    // no computed style (all values empty). Read until two reads in a row agree and every element was attached.
    const settled = async (page: Page) => {
      let last = '';
      for (let attempt = 0; attempt < 50; attempt++) {
        const styles = await read(page);
        const now = JSON.stringify(styles);
        if (now === last && styles.every((style) => style.display !== '')) return styles;
        last = now;
        await page.waitForTimeout(100);
      }
      throw new Error('The widget did not settle within 5 s.');
    };
    const plain = await open('/plain.html');
    const hostile = await open('/index.html');
    // Heights follow the font: compare once both pages have their fonts.
    for (const page of [plain, hostile])
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
    expect(await settled(hostile)).toEqual(await settled(plain));
    // The page's `input { width: 3px }` and `button { display: none }` do not reach inside.
    const box = await hostile.locator('#generator input[name="kennzeichen"]').boundingBox();
    expect(box?.width ?? 0).toBeGreaterThan(150);
    expect(await hostile.locator('#generator button[type="submit"]').isVisible()).toBe(true);
    // ... and nothing of the widget's CSS leaks out onto the page.
    const pageButtonFont = await hostile.evaluate(() => getComputedStyle(document.body).fontSize);
    expect(pageButtonFont).toBe('40px');
    await plain.close();
    await hostile.close();
  });

  it('hands the banner configuration over to the generator on the page', async () => {
    const page = await open('/index.html');
    await page.locator('lp-banner-configurator input[name="kennzeichen"]').fill('M-XY 42');
    await page.locator('lp-banner-configurator input[value="E"]').check({ force: true });
    await page.locator('lp-banner-configurator button[type="submit"]').click();
    await expect
      .poll(() => page.locator('#generator input[name="kennzeichen"]').inputValue())
      .toBe('M-XY 42');
    await expect.poll(() => page.locator('#generator select').first().inputValue()).toBe('E');
    // A second hand-off of the same values applies again after the shopper changed the generator.
    await page.locator('#generator input[name="kennzeichen"]').fill('K-AA 1');
    await page.locator('lp-banner-configurator button[type="submit"]').click();
    await expect
      .poll(() => page.locator('#generator input[name="kennzeichen"]').inputValue())
      .toBe('M-XY 42');
    await expect
      .poll(() =>
        page.evaluate(() =>
          document.querySelector('#generator')?.shadowRoot?.activeElement?.getAttribute('name'),
        ),
      )
      .toBe('kennzeichen');
    await page.close();
  });
});
