// The cart reminder of spec 4 in Chromium: never on cart or checkout, shown after 24 h with items in the cart.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { funschild } from '../contract/support';
import { type AccountWorld, startAccountWorld, useCartGuid } from './accountWorld';

const STAMP = 'lp-cart-reminder-visit';
const HOUR = 3_600_000;

let world: AccountWorld;
let cartGuid: string;

beforeAll(async () => {
  world = await startAccountWorld();
  const sdk = world.sdk();
  await sdk.cartStore.getState().add(funschild(1, 'BALD'));
  cartGuid = sdk.appState.get().CartGuid!;
});
afterAll(async () => {
  await world?.close();
});

const dialog = (page: import('playwright-core').Page) =>
  page.getByRole('dialog', { name: 'Ihr Warenkorb wartet auf Sie' });
/** The dialog moves the focus to its first button in an effect after it rendered. */
const focusedText = (page: import('playwright-core').Page) =>
  page.evaluate(() => document.activeElement?.textContent);

describe('cart reminder in the browser', () => {
  it('stamps the cart visit, then shows after 24 h elsewhere; Später dismisses', async () => {
    const { page, context, errors } = await world.page();
    await useCartGuid(context, cartGuid);
    await page.goto(world.url('/cart'), { waitUntil: 'networkidle' });
    await page.waitForFunction((key) => localStorage.getItem(key) !== null, STAMP);
    expect(await dialog(page).count()).toBe(0);

    // Within 24 h: nothing.
    await page.goto(world.url('/'), { waitUntil: 'networkidle' });
    await page.waitForTimeout(300);
    expect(await dialog(page).count()).toBe(0);

    // The last visit moved 25 h into the past: shown, and the stamp is renewed.
    await page.evaluate(
      ([key, age]) => localStorage.setItem(key as string, String(Date.now() - (age as number))),
      [STAMP, 25 * HOUR],
    );
    await page.goto(world.url('/blog'), { waitUntil: 'networkidle' });
    await dialog(page).waitFor();
    expect(await dialog(page).getAttribute('aria-modal')).toBe('true');
    const renewed = Number(await page.evaluate((key) => localStorage.getItem(key), STAMP));
    expect(Date.now() - renewed).toBeLessThan(60_000);
    // Focus is in the dialog; 'Später' closes it and it stays closed on the next page.
    await expect.poll(() => focusedText(page)).toBe('Zum Warenkorb');
    await dialog(page).getByRole('button', { name: 'Später' }).click();
    await dialog(page).waitFor({ state: 'detached' });
    await page.goto(world.url('/'), { waitUntil: 'networkidle' });
    await page.waitForTimeout(300);
    expect(await dialog(page).count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("after a day on the clock it offers the cart: 'Zum Warenkorb' goes there", async () => {
    const { page, context } = await world.page();
    await useCartGuid(context, cartGuid);
    await page.clock.install({ time: new Date('2026-11-20T09:00:00Z') });
    await page.goto(world.url('/cart'), { waitUntil: 'networkidle' });
    await page.waitForFunction((key) => localStorage.getItem(key) !== null, STAMP);
    // A day and an hour later the shopper comes back to the home page.
    await page.clock.setSystemTime(new Date('2026-11-21T10:00:00Z'));
    await page.goto(world.url('/'), { waitUntil: 'networkidle' });
    await dialog(page).waitFor();
    await expect.poll(() => focusedText(page)).toBe('Zum Warenkorb');
    await page.keyboard.press('Enter'); // focus is on 'Zum Warenkorb'
    await page.waitForURL('**/cart');
    await dialog(page).waitFor({ state: 'detached' });
    await page.close();
  });

  it('never shows on the checkout route, and Escape closes it elsewhere', async () => {
    const { page, context } = await world.page();
    await useCartGuid(context, cartGuid);
    await context.addInitScript(
      ([key, age]) => {
        if (!sessionStorage.getItem('stamped')) {
          sessionStorage.setItem('stamped', '1');
          localStorage.setItem(key as string, String(Date.now() - (age as number)));
        }
      },
      [STAMP, 30 * HOUR],
    );
    await page.goto(world.url('/cart/checkout'), { waitUntil: 'networkidle' });
    // The reminder decides once the cart has loaded after hydration: the renewed stamp shows it has decided.
    await expect
      .poll(async () => Date.now() - Number(await page.evaluate((key) => localStorage.getItem(key), STAMP)))
      .toBeLessThan(60_000);
    await page.waitForTimeout(300);
    expect(await dialog(page).count()).toBe(0);
    // Due again elsewhere: Escape dismisses.
    await page.evaluate(
      ([key, age]) => localStorage.setItem(key as string, String(Date.now() - (age as number))),
      [STAMP, 30 * HOUR],
    );
    await page.goto(world.url('/kennzeichen'), { waitUntil: 'networkidle' });
    await dialog(page).waitFor();
    await expect.poll(() => focusedText(page)).toBe('Zum Warenkorb');
    await page.keyboard.press('Escape');
    await dialog(page).waitFor({ state: 'detached' });
    await page.close();
  });
});
