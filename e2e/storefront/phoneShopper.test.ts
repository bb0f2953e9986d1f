// A shopper on a 360 px phone types a quantity and adds a parking sign to the cart.
//
// Quantity: deleting the '1' and typing '3' must give 3 (it gave 13: the field put the minimum back at every key).
// Toast: the confirmation toast (spec 9: top right, 5 s)
// spans the top of the screen, which at that scroll position holds the sign's 'Montage' buttons. The toast must not
// stand between the shopper and those buttons: a tap on it closes it at once, a tap elsewhere closes it and still
// does what it was meant to (src/chrome/dismissOnTap.ts).
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

const TOAST = 'Der Artikel wurde in den Warenkorb gelegt.';

async function openPhone(path: string): Promise<{ page: Page; errors: string[] }> {
  const context = await world.browser.newContext({
    viewport: { width: 360, height: 740 },
    hasTouch: true,
    isMobile: true,
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('close', () => void context.close().catch(() => undefined));
  await page.goto(`${world.shop.url}${path}`, { waitUntil: 'networkidle' });
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Nur notwendige' }).tap();
  await page.locator('.consent-banner').waitFor({ state: 'detached' });
  return { page, errors };
}

/** The centre of an element on the screen. */
async function centreOf(page: Page, name: string): Promise<{ x: number; y: number }> {
  const box = await page.getByRole('button', { name, exact: true }).boundingBox();
  if (!box) throw new Error(`${name} is not on the screen`);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Milliseconds from the last pointerdown until the toast left the page (measured in the page). */
function watchToastGoing(page: Page): Promise<void> {
  return page.evaluate(() => {
    const w = window as unknown as { tapAt?: number; goneAfterTap?: number };
    w.tapAt = undefined;
    w.goneAfterTap = undefined;
    document.addEventListener('pointerdown', () => (w.tapAt = performance.now()), {
      capture: true,
      once: true,
    });
    const observer = new MutationObserver(() => {
      if (document.querySelector('.toast') || w.tapAt === undefined) return;
      w.goneAfterTap = performance.now() - w.tapAt;
      observer.disconnect();
    });
    observer.observe(document.body, { childList: true, subtree: true });
  });
}
const goneAfterTap = (page: Page) =>
  page.evaluate(() => (window as unknown as { goneAfterTap?: number }).goneAfterTap);

describe('toast on a 360 px phone', () => {
  it('covers the variant buttons after adding, and one tap on it clears the way to them', async () => {
    const { page, errors } = await openPhone('/parkplatzschild');
    await page.getByLabel('Wunschtext').fill('MEIN PLATZ');
    // Where a shopper is when they tap 'In den Warenkorb': the Montage buttons at the top of the screen.
    await page.evaluate(() => {
      const montage = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Wandmontage');
      window.scrollBy(0, (montage?.getBoundingClientRect().top ?? 0) - 20);
    });
    await page.getByRole('button', { name: 'In den Warenkorb', exact: true }).tap();
    await page.getByText(TOAST).waitFor();
    const post = await centreOf(page, 'mit Pfosten');
    // The finding: the toast lies over 'mit Pfosten'.
    expect(
      await page.evaluate(({ x, y }) => !!document.elementFromPoint(x, y)?.closest('.toast'), post),
    ).toBe(true);

    await watchToastGoing(page);
    await page.touchscreen.tap(post.x, post.y);
    await page.locator('.toast').waitFor({ state: 'detached' });
    // Gone because of the tap, not because its 5 s ran out.
    expect(await goneAfterTap(page)).toBeLessThan(2000);
    await page.touchscreen.tap(post.x, post.y);
    await expect
      .poll(() => page.getByRole('button', { name: 'mit Pfosten', exact: true }).getAttribute('aria-pressed'))
      .toBe('true');
    await expect.poll(() => page.locator('h1').textContent()).toBe('Parkplatzschild, mit Pfosten');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a tap beside the toast does its job on the first try and takes the toast away', async () => {
    const { page, errors } = await openPhone('/parkplatzschild');
    await page.getByLabel('Wunschtext').fill('MEIN PLATZ');
    await page.getByRole('button', { name: 'In den Warenkorb', exact: true }).tap();
    await page.getByText(TOAST).waitFor();
    // The Montage buttons in the middle of the screen, clear of the toast.
    await page.evaluate(() => {
      const montage = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Wandmontage');
      window.scrollBy(0, (montage?.getBoundingClientRect().top ?? 0) - 300);
    });
    const post = await centreOf(page, 'mit Pfosten');
    expect(await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.textContent, post)).toBe(
      'mit Pfosten',
    );
    await watchToastGoing(page);
    await page.touchscreen.tap(post.x, post.y);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Parkplatzschild, mit Pfosten');
    await page.locator('.toast').waitFor({ state: 'detached' });
    expect(await goneAfterTap(page)).toBeLessThan(2000);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('takes the quantity as typed: delete the 1, type 3, and 3 signs go into the cart', async () => {
    const { page, errors } = await openPhone('/parkplatzschild');
    await page.getByLabel('Wunschtext').fill('MEIN PLATZ');
    const quantity = page.getByLabel('Menge');
    await quantity.tap();
    await page.keyboard.press('End');
    await page.keyboard.press('Backspace');
    await page.keyboard.type('3');
    expect(await quantity.inputValue()).toBe('3');
    await page.getByRole('button', { name: 'In den Warenkorb', exact: true }).tap();
    await page.getByRole('link', { name: 'Warenkorb, 3 Artikel' }).waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('on a desktop the toast sits below the header: the cart link takes the first click', async () => {
    const { page, errors } = await world.open('/kennzeichenhalter-classic-schwarz-520x110', { width: 1280 });
    await page.getByRole('button', { name: 'Nur notwendige' }).click();
    await page.getByRole('button', { name: 'In den Warenkorb', exact: true }).click();
    await page.getByText(TOAST).waitFor();
    const cart = page.getByRole('link', { name: 'Warenkorb, 1 Artikel' });
    const box = await cart.boundingBox();
    if (!box) throw new Error('no cart link on the screen');
    // A plain click at the link's place (no waiting for the way to clear, as a shopper's click does not wait).
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await page.waitForURL(`${world.shop.url}/cart`);
    await page.getByRole('heading', { level: 1, name: 'Warenkorb' }).waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });
});
