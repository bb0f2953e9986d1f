// Issue 13 "Real product pictures" and "Paths a shopper can find": drawn pictures (cards, product page, cart,
// JSON-LD, Open Graph), the menu's links and limits, the header promises on a phone, one-line navigation on a
// laptop, and cards that lead to the product or add it at once.
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StorefrontWorld, startStorefrontWorld } from './storefrontWorld';

let world: StorefrontWorld;
beforeAll(async () => {
  world = await startStorefrontWorld();
});
afterAll(async () => {
  await world?.close();
});

async function axeViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

interface Picture {
  src: string;
  alt: string;
  width: string | null;
  height: string | null;
  loaded: boolean;
}
const pictures = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((images) =>
    (images as HTMLImageElement[]).map((img) => ({
      src: img.currentSrc || img.src,
      alt: img.alt,
      width: img.getAttribute('width'),
      height: img.getAttribute('height'),
      loaded: img.complete && img.naturalWidth > 0,
    })),
  );

describe('real product pictures', () => {
  it('cards show drawn pictures with size, never a product code', async () => {
    const { page } = await world.open('/kategorie/kennzeichenhalter', { width: 1366 });
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const shown: Picture[] = await pictures(page, '.product-card img');
    expect(shown.length).toBeGreaterThan(20);
    for (const picture of shown) {
      // Decorative inside the card's link, which its heading names (WCAG 2.4.4: the name was read twice); the
      // product page's picture carries the description (below).
      expect(picture.alt).toBe('');
      expect([picture.width, picture.height]).toEqual(['320', '160']);
    }
    const printable = await page
      .locator('.product-card')
      .filter({ has: page.locator('.product-card__name', { hasText: /^Kennzeichenhalter bedrucken/ }) })
      .first()
      .locator('img')
      .evaluate((img: HTMLImageElement) => img.currentSrc || img.src);
    const svg = await (await fetch(printable)).text();
    expect(svg).toContain('Druckfläche: Ihr Logo');
    for (const code of ['KZH-001', 'kzh-029']) {
      const answer = await fetch(`${world.shop.url}/images/products/${code}.svg`);
      expect(answer.headers.get('content-type')).toBe('image/svg+xml');
      expect(await answer.text()).not.toMatch(new RegExp(code, 'i'));
    }
    // An internal or unknown product has no picture (no placeholder with its code).
    expect((await fetch(`${world.shop.url}/images/products/int-001.svg`)).status).toBe(404);
    expect((await fetch(`${world.shop.url}/images/products/nope-1.svg`)).status).toBe(404);
    await page.close();
  });

  it('the product page shows its picture, and JSON-LD and Open Graph name it with an absolute URL', async () => {
    const { page } = await world.open('/funschild', { width: 390 });
    const [main] = await pictures(page, '.gallery__main');
    expect(main).toMatchObject({
      alt: 'Funschild, 520 × 110 mm, mit Beispieltext „MEIN AUTO“',
      loaded: true,
    });
    expect([main?.width, main?.height]).toEqual(['640', '320']);
    const svgUrl = `${world.shop.url}/images/products/fkz-001.svg`;
    // The picture is the page's largest paint: it comes in the page itself (the same drawing as at its address),
    // so it needs no request and no preload.
    expect(main?.src.startsWith('data:image/svg+xml,')).toBe(true);
    expect(decodeURIComponent(main!.src.slice('data:image/svg+xml,'.length))).toBe(
      await (await fetch(svgUrl)).text(),
    );
    expect(await page.locator('head > link[rel="preload"][as="image"]').count()).toBe(0);
    const fetched = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((entry) => entry.name),
    );
    expect(fetched.filter((url) => url.includes('/images/products/fkz-001'))).toEqual([]);
    const jsonLd = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}',
    );
    expect(jsonLd.image[0]).toMatchObject({ '@type': 'ImageObject', url: svgUrl, width: 640, height: 320 });
    expect(await (await fetch(svgUrl)).text()).toContain('Schild MEIN AUTO');
    // Open Graph: an absolute URL of a raster (link previews ignore SVG), with its size and alt text.
    const og = await page.locator('meta[property="og:image"]').getAttribute('content');
    expect(og).toBe(`${world.shop.url}/images/products/fkz-001.png`);
    expect(await page.locator('meta[property="og:image:alt"]').getAttribute('content')).toBe(main?.alt);
    const png = await fetch(og!);
    expect(png.headers.get('content-type')).toBe('image/png');
    const bytes = Buffer.from(await png.arrayBuffer());
    expect(bytes.subarray(1, 4).toString()).toBe('PNG');
    // IHDR: width and height as announced in og:image:width / og:image:height.
    expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([
      Number(await page.locator('meta[property="og:image:width"]').getAttribute('content')),
      Number(await page.locator('meta[property="og:image:height"]').getAttribute('content')),
    ]);
    expect((await fetch(`${world.shop.url}/images/products/int-001.png`)).status).toBe(404);
    await page.close();
  });

  it('a product reached in the browser shows its picture from its address', async () => {
    const { page, errors } = await world.open('/funschild', { width: 390 });
    // The upsell's first card: a client-side navigation, whose loader has no drawing to carry.
    const card = page.locator('.product-card__link').first();
    const href = await card.getAttribute('href');
    await card.click();
    await page.waitForURL(`**${href}`);
    const main = page.locator('.gallery__main');
    await expect.poll(() => main.getAttribute('src')).toMatch(/^\/images\/products\/[a-z0-9-]+\.svg$/);
    await expect
      .poll(() => main.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    expect(await main.getAttribute('alt')).toBeTruthy();
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('paths at 1366 px', () => {
  it('the navigation fits one line and links the printing page, the parking sign and 8 plates + Weitere', async () => {
    const { page } = await world.open('/kategorie/kennzeichenhalter', { width: 1366 });
    const tops = await page
      .locator('.desktop-nav > ul > li')
      .evaluateAll((items) => [...new Set(items.map((li) => Math.round(li.getBoundingClientRect().top)))]);
    expect(tops).toHaveLength(1);
    const plates = page.locator('#nav-kennzeichen a');
    expect(await plates.count()).toBe(9);
    expect(await plates.last().textContent()).toBe('Weitere');
    const nav = page.getByRole('navigation', { name: 'Hauptmenü' });
    await nav.getByRole('button', { name: 'Kennzeichenhalter', exact: true }).click();
    await nav.getByRole('link', { name: 'Kennzeichenhalter bedrucken', exact: true }).click();
    await page.waitForURL('**/kennzeichenhalter-bedrucken');
    await page.getByRole('heading', { level: 1, name: 'Kennzeichenhalter bedrucken' }).waitFor();
    await nav.getByRole('button', { name: 'Parkplatzschilder', exact: true }).click();
    await nav.getByRole('link', { name: 'Parkplatzschild mit Wunschtext' }).click();
    await page.waitForURL('**/parkplatzschild');
    // The footer lists the first 5 plates of the (larger) main category.
    expect(
      await page
        .locator('footer')
        .getByRole('link', { name: /kennzeichen/i })
        .count(),
    ).toBeGreaterThanOrEqual(5);
    await page.close();
  });

  it('holder category and printable holder pages lead to the printing page; cards lead to the product or add it', async () => {
    const { page } = await world.open('/kategorie/kennzeichenhalter', { width: 1366 });
    const printingLink = page.locator('main a[href="/kennzeichenhalter-bedrucken"]');
    expect(await printingLink.textContent()).toBe('Kennzeichenhalter bedrucken');
    // A plain holder needs no configuration: its card adds it at once.
    const plain = page.locator('.product-card').filter({ hasText: 'Kennzeichenhalter Classic schwarz 520' });
    await plain.getByRole('button', { name: /In den Warenkorb/ }).click();
    await expect.poll(() => page.locator('.cart-link .cart-count').first().textContent()).toBe('1');
    // A printable holder is designed first: its card leads to its page, which leads to the printing page.
    const printable = page.locator('.product-card').filter({ hasText: 'bedrucken' }).first();
    expect(await printable.getByRole('button', { name: /In den Warenkorb/ }).count()).toBe(0);
    await printable.getByRole('link').first().click();
    await page.waitForURL(/kennzeichenhalter-bedrucken-/);
    await printingLink.click();
    await page.waitForURL('**/kennzeichenhalter-bedrucken');
    await page.close();
  });
});

describe('paths at 390 px', () => {
  it('the header shows the promises; the menu links the printing page and the parking sign', async () => {
    const { page } = await world.open('/kategorie/zubehoer', { width: 390 });
    const bar = page.getByRole('complementary', { name: 'Unsere Versprechen' });
    for (const promise of [
      'Bundesweit zertifiziert',
      'Versand am selben Tag bei Bestellung vor 14:00 Uhr',
      'Hotline Mo-Fr 10-16 Uhr',
    ]) {
      const text = bar.getByText(promise);
      expect(await text.isVisible(), promise).toBe(true);
      const box = await text.boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    }
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Menü öffnen' }).click();
    const menu = page.getByRole('dialog');
    await menu.getByRole('link', { name: 'Kennzeichenhalter bedrucken', exact: true }).waitFor();
    expect(await menu.getByRole('link', { name: 'Parkplatzschild mit Wunschtext' }).count()).toBe(1);
    await page.close();
  });
});
