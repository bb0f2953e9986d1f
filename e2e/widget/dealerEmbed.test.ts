// Issue 12 end to end, in Chromium, with the dealer's page on a second origin under the guide's CSP header:
// attribution (dealer page -> order -> the dealer's list, and nobody else's), the pinned tag with its SRI hash,
// the cart badge following both generators, mount() and the print editor handing the cart over to the shop, and a
// refused origin said plainly.
import { readFileSync } from 'node:fs';
import { AxeBuilder } from '@axe-core/playwright';
import { join } from 'node:path';
import { createClient, createMemoryStorage, createSdk } from '@lp/sdk';
import { createDealerService } from '@lp/sdk/dealer';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { widgetContentSecurityPolicy } from '../../examples/dealer-site/contentSecurityPolicy.mjs';
import { address, billingPerson } from '../contract/support';
import { DEALER_ID, type DealerWorld, OTHER_DEALER_ID, startDealerWorld } from './dealerWorld';
import { ROOT } from './widgetWorld';

let world: DealerWorld;
beforeAll(async () => {
  world = await startDealerWorld();
}, 120_000);
afterAll(async () => {
  await world?.close();
});

const badge = (page: Page) => page.locator('header lp-cart-button a');

async function addPlate(page: Page, generator: string, text: string): Promise<void> {
  await page.locator(`${generator} .price-total`).waitFor();
  await page.locator(`${generator} input[name="kennzeichen"]`).fill(text);
  await page.locator(`${generator} button[type="submit"]`).click();
}

describe('the guide', () => {
  it('prints exactly the Content-Security-Policy the browser tests send', () => {
    const guide = readFileSync(join(ROOT, 'docs/learn/embed-the-widget.md'), 'utf8');
    const block = /```http[^\n]*\nContent-Security-Policy:([^`]+)```/.exec(guide)?.[1] ?? '';
    expect(block.replace(/\s+/g, ' ').trim()).toBe(
      widgetContentSecurityPolicy({ shop: 'https://shop.example.de', api: 'https://api.example.de' }),
    );
  });
});

describe('dealer page on its own origin, under the guide CSP, pinned tag with integrity', () => {
  it('runs generator, banner, badge and the listener script with no violation; the badge follows both generators', async () => {
    const { page, violations, console } = await world.open(world.dealer, '/index.html');
    expect(await page.evaluate(() => document.querySelector('script[integrity]')?.getAttribute('src'))).toBe(
      world.widget.url,
    );
    // LpWidget.ready resolves with the page's LpWidget once the elements are defined.
    expect(
      await page.evaluate(async () => {
        const widget = (window as unknown as { LpWidget: { ready: Promise<unknown> } }).LpWidget;
        return (await widget.ready) === widget && customElements.get('lp-cart-button') !== undefined;
      }),
    ).toBe(true);
    await expect.poll(() => badge(page).getAttribute('aria-label')).toBe('Warenkorb, leer');

    // The banner hands over to the first generator.
    await page.locator('lp-banner-configurator input[name="kennzeichen"]').fill('M-XY 42');
    await page.locator('lp-banner-configurator button[type="submit"]').click();
    await expect
      .poll(() => page.locator('#generator input[name="kennzeichen"]').inputValue())
      .toBe('M-XY 42');

    await addPlate(page, '#generator', 'B-LP 123');
    await expect.poll(() => badge(page).getAttribute('aria-label')).toBe('Warenkorb, 2 Artikel');
    await addPlate(page, '#second', 'B-LP 124');
    await expect.poll(() => badge(page).getAttribute('aria-label')).toBe('Warenkorb, 4 Artikel');
    await expect.poll(() => badge(page).textContent()).toBe('4');
    // Both generators show the same shared count, and the badge hands that cart to the shop.
    await expect
      .poll(() => page.locator('#generator [part="cart-count"]').textContent())
      .toBe('4 Artikel im Warenkorb');
    const href = (await badge(page).getAttribute('href')) ?? '';
    expect(href).toBe(await page.locator('#second a[part="cart-link"]').getAttribute('href'));
    expect(href.startsWith(`${world.shop.url}/cart?cartGuid=`)).toBe(true);
    // The badge is a real link: reachable by keyboard, big enough to tap.
    const box = await badge(page).boundingBox();
    expect(Math.min(box?.width ?? 0, box?.height ?? 0)).toBeGreaterThanOrEqual(44);
    await badge(page).focus();
    expect(await page.evaluate(() => document.activeElement?.localName)).toBe('lp-cart-button');
    // axe on the badge alone (the example's hostile page CSS fails contrast on purpose, outside the widget).
    const axe = await new AxeBuilder({ page }).include('lp-cart-button').analyze();
    expect(
      axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
    // The dealer's external listener script ran (LpWidget.cart.subscribe and lp-add-to-cart).
    await expect.poll(() => console.filter((line) => line.startsWith('[dealer] added'))).toHaveLength(2);
    expect(console).toContain('[dealer] cart: 4 Artikel');
    expect(violations).toEqual([]);
    await page.close();
  });

  it('refuses a tag whose integrity does not match (the hash is really checked)', async () => {
    const page = await world.browser.newPage();
    const tag = (
      integrity: string,
    ) => `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>x</title>
<script src="${world.widget.url}" integrity="${integrity}" crossorigin="anonymous"></script></head><body></body></html>`;
    world.pages['/pinned.html'] = tag(world.widget.integrity);
    world.pages['/tampered.html'] = tag(`sha384-${'A'.repeat(64)}`);
    // A synchronous tag: once the page has loaded, the script has run or been refused.
    await page.goto(`${world.dealer.url}/pinned.html`);
    expect(await page.evaluate(() => 'LpWidget' in window)).toBe(true);
    await page.goto(`${world.dealer.url}/tampered.html`);
    expect(await page.evaluate(() => 'LpWidget' in window)).toBe(false);
    await page.close();
  });

  it('credits the dealer: the order from its page is in its list, and another dealer key sees nothing', async () => {
    const { page, violations } = await world.open(world.dealer, '/index.html');
    await addPlate(page, '#generator', 'HB-DL 77');
    await expect.poll(() => badge(page).getAttribute('aria-label')).toBe('Warenkorb, 2 Artikel');
    const guid = new URL((await badge(page).getAttribute('href')) ?? '').searchParams.get('cartGuid') ?? '';
    expect(violations).toEqual([]);
    await page.close();

    // The shopper completes the order in the shop with the handed-over cart.
    const shopper = createSdk({ baseUrl: world.api.url, storage: createMemoryStorage(), dataLayer: [] });
    await shopper.cartStore.getState().adoptCartGuid(guid);
    const saved = await shopper.orders.save({
      billingPerson,
      shippingAddress: address,
      paymentMethod: 'paypal',
    });
    const order = await shopper.orders.get(saved.orderHeaderGuid);

    const dealers = createDealerService(createClient({ baseUrl: world.api.url }));
    const list = await dealers.orders({ key: world.keys[DEALER_ID] ?? '' });
    const credited = list.items.find((item) => item.orderNumber === order.orderNumber);
    expect(credited).toBeDefined();
    // Number, date, total, status, when it was shipped (null until then); no customer data, no tracking number.
    expect(Object.keys(credited ?? {}).sort()).toEqual([
      'createdAt',
      'orderNumber',
      'shippedAt',
      'status',
      'totalAmount',
    ]);
    expect(credited?.shippedAt).toBeNull();
    expect(JSON.stringify(list)).not.toContain(billingPerson.email);
    const other = await dealers.orders({ key: world.keys[OTHER_DEALER_ID] ?? '' });
    expect(other.items).toEqual([]);
    expect(other.totalCount).toBe(0);
    await expect(dealers.orders({ key: 'not-a-key' })).rejects.toMatchObject({ apiCode: 'unauthorized' });
  });

  it('mounts the print editor with mount(), loads its font, and the order lands on a full shop cart', async () => {
    const { page, violations } = await world.open(world.dealer, '/schilderhalter.html', { width: 1280 });
    await page.locator('#editor lp-print-editor .stage canvas').first().waitFor();
    await expect.poll(() => page.evaluate(() => document.fonts.check('16px Rubik'))).toBe(true);
    await page.locator('lp-print-editor [data-command="addText"]').click();
    await page.locator('lp-print-editor [data-command="export"]').click();
    // lp-close (reason 'ordered') carries the hand-off URL; the dealer's listener goes there.
    await page.waitForURL(`${world.shop.url}/cart**`, { timeout: 30_000 });
    await page.locator('.cart-line').first().waitFor({ timeout: 30_000 });
    expect(await page.getByText('Ihr Warenkorb ist leer.').count()).toBe(0);
    expect(violations).toEqual([]);
    await page.close();
  });
});

describe('a page on an origin the shop did not register', () => {
  it('tells the shopper plainly (not "offline") and hands the developer the fix', async () => {
    const { page, console } = await world.open(world.stranger, '/index.html');
    const alert = page.locator('#generator [part="error-message"]');
    await expect
      .poll(() => alert.textContent(), { timeout: 30_000 })
      .toBe('Der Konfigurator ist auf dieser Seite noch nicht freigeschaltet.');
    expect(await page.getByText(/Keine Verbindung/).count()).toBe(0);
    // The dealer's listener printed lp-error's fix: the refused origin and where the fix is documented.
    await expect
      .poll(() => console.find((line) => line.startsWith('[dealer]') && line.includes(world.stranger.url)))
      .toMatch(/dealers\.md/);
    await page.close();
  });

  it('says the same in the print editor, whose product cannot load there', async () => {
    const { page, console } = await world.open(world.stranger, '/schilderhalter.html', { width: 1280 });
    await expect
      .poll(() => page.locator('#editor lp-print-editor [role="alert"]').textContent(), { timeout: 30_000 })
      .toBe('Der Konfigurator ist auf dieser Seite noch nicht freigeschaltet.');
    await expect
      .poll(() => console.find((line) => line.startsWith('[dealer]') && line.includes(world.stranger.url)))
      .toMatch(/dealers\.md/);
    await page.close();
  });
});
