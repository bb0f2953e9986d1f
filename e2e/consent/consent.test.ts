import { AxeBuilder } from '@axe-core/playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StorefrontWorld, startStorefrontWorld } from '../storefront/storefrontWorld';
import { reloadHydrated } from '../support/hydration';
import { readLayoutShifts, recordLayoutShifts } from '../support/layoutShift';
import { CONSENT_BANNER, dataLayerEvents, presetConsent, shopOptions } from './consentWorld';

let world: StorefrontWorld;
beforeAll(async () => {
  world = await startStorefrontWorld({ shop: shopOptions() });
});
afterAll(async () => {
  await world?.close();
});

const banner = CONSENT_BANNER;

describe('consent banner and the tracking queue (issue 6, spec 4)', () => {
  it('withheld: view_item is held; granted: released ~200 ms later; withdrawn: later events dropped', async () => {
    const { page, errors } = await world.open('/funschild');
    await page.locator(banner).waitFor();
    await page.waitForTimeout(300);
    expect(await dataLayerEvents(page)).not.toContain('view_item');

    // Both moments are taken in the page (the click as the page got it, the push of view_item), so a slow test
    // process or a slow round trip to the browser does not count as the shop's delay.
    await page.evaluate(() => {
      const times: { clickedAt?: number; releasedAt?: number } = {};
      const layer = (window as unknown as { dataLayer: { event?: string }[] }).dataLayer;
      const push = layer.push.bind(layer);
      layer.push = (...entries) => {
        if (entries.some((entry) => entry?.event === 'view_item')) times.releasedAt ??= performance.now();
        return push(...entries);
      };
      document.addEventListener(
        'click',
        () => {
          times.clickedAt ??= performance.now();
        },
        { capture: true },
      );
      Object.assign(window, { __lpConsentTimes: times });
    });
    await page.getByRole('button', { name: 'Alle akzeptieren' }).click();
    await page.waitForFunction(() =>
      ((window as unknown as { dataLayer: { event?: string }[] }).dataLayer ?? []).some(
        (e) => e.event === 'view_item',
      ),
    );
    const times = await page.evaluate(
      () =>
        (window as unknown as { __lpConsentTimes: { clickedAt: number; releasedAt: number } })
          .__lpConsentTimes,
    );
    expect(times.releasedAt - times.clickedAt).toBeGreaterThanOrEqual(180);
    expect(times.releasedAt - times.clickedAt).toBeLessThan(2000);
    const push = await page.evaluate(() =>
      (window as unknown as { dataLayer: { event?: string }[] }).dataLayer.find(
        (e) => e.event === 'view_item',
      ),
    );
    expect(push).toMatchObject({
      ecommerce: {
        currency: 'EUR',
        value: expect.any(Number),
        items: [{ item_brand: 'lp-de', affiliation: 'lp-de', item_category: 'nummernschilder', quantity: 1 }],
      },
    });
    await page.locator(banner).waitFor({ state: 'detached' });

    // Withdraw from the footer ('Cookie-Einstellungen'), then open a list: view_item_list stays out.
    await page.getByRole('button', { name: 'Cookie-Einstellungen' }).click();
    await page.locator(banner).waitFor();
    await page.getByRole('button', { name: 'Nur notwendige' }).click();
    // The decision is applied once the banner is gone; count from then on.
    await page.locator(banner).waitFor({ state: 'detached' });
    const count = (await dataLayerEvents(page)).length;
    expect(count).toBeGreaterThan(0);
    await page.locator('footer a[href="/catalog"]').first().click();
    await page.waitForURL('**/catalog');
    await page.locator('.product-card').first().waitFor();
    await page.waitForTimeout(600);
    // The catalogue list's view_item_list (and anything else) stays out of the data layer.
    expect((await dataLayerEvents(page)).length).toBe(count);

    // The decision survives a reload: no banner, still nothing tracked.
    await reloadHydrated(page);
    await page.waitForTimeout(400);
    expect(await page.locator(banner).count()).toBe(0);
    expect(await dataLayerEvents(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('with stored consent: view_item_list on a category, view_item and add_to_cart on a product', async () => {
    const context = await world.browser.newContext();
    await presetConsent(context, { statistics: true, marketing: true });
    const page = await context.newPage();
    await page.goto(`${world.shop.url}/kategorie/kennzeichenhalter`, { waitUntil: 'networkidle' });
    await page.waitForFunction(() =>
      ((window as unknown as { dataLayer: { event?: string }[] }).dataLayer ?? []).some(
        (e) => e.event === 'view_item_list',
      ),
    );
    expect(await page.locator(banner).count()).toBe(0);
    const list = await page.evaluate(
      () =>
        (
          window as unknown as { dataLayer: { event?: string; ecommerce?: { items: unknown[] } }[] }
        ).dataLayer.find((e) => e.event === 'view_item_list')?.ecommerce?.items.length,
    );
    expect(list).toBeGreaterThan(0);

    // A product from the list: view_item, then add_to_cart with the chosen quantity and the server's price.
    await page.locator('.product-card__link').first().click();
    await page.waitForFunction(() =>
      ((window as unknown as { dataLayer: { event?: string }[] }).dataLayer ?? []).some(
        (e) => e.event === 'view_item',
      ),
    );
    // exact: the upsell cards' own buttons are named "In den Warenkorb: <product>".
    await page.getByRole('button', { name: 'In den Warenkorb', exact: true }).click();
    await page.waitForFunction(() =>
      ((window as unknown as { dataLayer: { event?: string }[] }).dataLayer ?? []).some(
        (e) => e.event === 'add_to_cart',
      ),
    );
    const added = await page.evaluate(
      () =>
        (window as unknown as { dataLayer: { event?: string; ecommerce?: unknown }[] }).dataLayer.find(
          (e) => e.event === 'add_to_cart',
        )?.ecommerce as { value: number; items: { price: number; quantity: number }[] },
    );
    expect(added.items).toHaveLength(1);
    expect(added.value).toBeCloseTo((added.items[0]?.price ?? 0) * (added.items[0]?.quantity ?? 0), 2);
    expect(added.items[0]?.quantity).toBeGreaterThan(0);

    // The widget elements' lp-add-to-cart events bubble (composed) to the document and are tracked too.
    await page.evaluate(() => {
      const line = { productUniqueId: 'WIDGET-1', description: 'Kennzeichen', price: 19.9, quantity: 2 };
      document
        .querySelector('main')
        ?.dispatchEvent(
          new CustomEvent('lp-add-to-cart', { bubbles: true, composed: true, detail: { line } }),
        );
    });
    await page.waitForFunction(() =>
      (
        window as unknown as { dataLayer: { event?: string; ecommerce?: { items: { item_id: string }[] } }[] }
      ).dataLayer.some((e) => e.event === 'add_to_cart' && e.ecommerce?.items[0]?.item_id === 'WIDGET-1'),
    );
    await context.close();
  });

  it("information pages trigger the 'other pages' tag setup once, only with consent", async () => {
    const context = await world.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${world.shop.url}/impressum`, { waitUntil: 'networkidle' });
    await page.waitForTimeout(200);
    expect(await dataLayerEvents(page)).not.toContain('other_pages');
    await page.getByRole('button', { name: 'Nur notwendige' }).click();
    await page.waitForTimeout(200);
    expect(await dataLayerEvents(page)).not.toContain('other_pages');
    await page.getByRole('button', { name: 'Cookie-Einstellungen' }).click();
    await page.getByRole('checkbox', { name: 'Statistik' }).check();
    await page.getByRole('button', { name: 'Auswahl speichern' }).click();
    await page.waitForFunction(() =>
      ((window as unknown as { dataLayer: { event?: string }[] }).dataLayer ?? []).some(
        (e) => e.event === 'other_pages',
      ),
    );
    expect((await dataLayerEvents(page)).filter((e) => e === 'other_pages')).toHaveLength(1);
    await context.close();
  });

  it('third parties load on the first interaction; the marketing one only after consent', async () => {
    const { page } = await world.open('/');
    const loaded = () => page.evaluate(() => document.documentElement.dataset.thirdParties ?? '');
    // The banner takes the focus in the same effect pass that starts the lazy third parties (ConsentRoot): from
    // then on the first interaction is listened for.
    await page.locator(banner).waitFor();
    await expect.poll(() => page.locator(banner).evaluate((el) => el === document.activeElement)).toBe(true);
    await page.waitForTimeout(500);
    expect(await loaded()).toBe('');
    await page.mouse.move(100, 100);
    await page.mouse.move(120, 140);
    await page.waitForFunction(() =>
      (document.documentElement.dataset.thirdParties ?? '').includes('photo-gallery'),
    );
    expect(await loaded()).not.toContain('reviews-widget');
    await page.getByRole('button', { name: 'Alle akzeptieren' }).click();
    await page.waitForFunction(() =>
      (document.documentElement.dataset.thirdParties ?? '').includes('reviews-widget'),
    );
    await page.waitForFunction(() =>
      (document.documentElement.dataset.thirdParties ?? '').includes('emoji-picker'),
    );
    await page.close();
  });

  it('the banner is axe clean at 375 px, keyboard usable, and fixed (no layout shift)', async () => {
    const context = await world.browser.newContext({ viewport: { width: 375, height: 900 } });
    const page = await context.newPage();
    await recordLayoutShifts(page);
    await page.goto(`${world.shop.url}/impressum`, { waitUntil: 'networkidle' });
    const dialog = page.locator(banner);
    await dialog.waitFor();
    // Layout shifts are reported after the frame that has them: let two frames pass before reading.
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(null)))),
    );
    // The banner appears after hydration as a fixed overlay: nothing on the page moves because of it.
    const shifts = await readLayoutShifts(page);
    expect(shifts.entries.flatMap((entry) => entry.sources).filter((s) => s.includes('consent'))).toEqual([]);
    expect(shifts.cls).toBeLessThan(0.1);
    const result = await new AxeBuilder({ page }).include('.consent').analyze();
    expect(
      result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
    expect(await dialog.evaluate((el) => getComputedStyle(el).position)).toBe('fixed');
    // Focus moves into the banner in an effect after it rendered.
    await expect.poll(() => dialog.evaluate((el) => el === document.activeElement)).toBe(true);
    const box = await dialog.boundingBox();
    expect(box && box.y + box.height).toBeCloseTo(await page.evaluate(() => innerHeight), 0);
    // At 375 x 900 the banner leaves most of the page visible.
    expect(box?.height).toBeLessThan(450);
    // Keyboard only: Tab through to 'Nur notwendige' and press Enter.
    for (let i = 0; i < 10; i++) {
      await page.keyboard.press('Tab');
      const name = await page.evaluate(() => document.activeElement?.textContent ?? '');
      if (name === 'Nur notwendige') break;
    }
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('lp-consent') ?? 'null'));
    expect(stored).toMatchObject({ version: 1, necessary: true, statistics: false, marketing: false });
    await context.close();
  });
});
