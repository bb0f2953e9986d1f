// Session 21 (phone): session 20's new pages walked as a shopper on a 375 px phone with a keyboard or a screen reader:
// the account's settings ("Passwort ändern", "E-Mail-Adresse ändern", "Meine Daten herunterladen", "Konto
// löschen"), the order cards with their parcels, the checkout's earlier addresses and the company buyer's fields, the
// order page's parcels. At each step: axe with WCAG 2.2 AA (target size 2.5.8 among them), nothing scrolls sideways
// at 375 and 320 px (1.4.10), and every control Tab and Shift+Tab reach is fully in sight below the sticky header
// (2.4.11) with a visible focus indicator (2.4.7). Found and fixed: Shift+Tab left controls under the header that
// came back (app.css scroll-padding-top); the order card's parcels squeezed into one of its two columns.
import { AxeBuilder } from '@axe-core/playwright';
import { createAccountService } from '@lp/sdk/account';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPlate } from '../checkout/checkoutDriver';
import { type CheckoutWorld, startCheckoutWorld } from '../checkout/checkoutWorld';
import { address, funschild } from '../contract/support';
import { gotoHydrated } from '../support/hydration';
import { logInAsShopper } from '../support/logIn';
import { cookieJar, sdkWithCookies } from './cookieJarFetch';

const EMAIL = `telefon.${Date.now()}@example.de`;
const PASSWORD = 'Frühling 2026!';
let world: CheckoutWorld;
let order: { orderNumber: string; headerGuid: string };

beforeAll(async () => {
  world = await startCheckoutWorld();
  const buyer = sdkWithCookies(cookieJar(world.apiUrl));
  await createAccountService(buyer.client).register({
    email: EMAIL,
    password: PASSWORD,
    name: 'Tina',
    lastName: 'Telefon',
    confirmUrl: `${world.apiUrl}/account/confirm`,
  });
  await buyer.cartStore.getState().add(funschild(1, 'TT 1'));
  await buyer.cartStore.getState().add(funschild(1, 'TT 2'));
  const { orderHeaderGuid } = await buyer.orders.save({
    billingPerson: { email: EMAIL, phone: '+49 3012345678', name: 'Tina', lastName: 'Telefon' },
    shippingAddress: { ...address, company: 'Autohaus Telefon GmbH' },
    paymentMethod: 'paypal',
  });
  const { orderNumber } = await buyer.orders.confirm(orderHeaderGuid);
  order = { orderNumber, headerGuid: orderHeaderGuid };
  // Paid, and its first plate left in parcel 1 (as `lp-api orders ship --lines 1` records it).
  await world.sql("UPDATE orders SET status = 'paid' WHERE order_number = $1", [orderNumber]);
  await world.sql(
    `INSERT INTO shipments (order_id, parcel, lines, carrier, tracking_number)
     SELECT id, 1, '[{"line":1,"quantity":1}]'::jsonb, 'DHL', '00340434161234567801' FROM orders WHERE order_number = $1`,
    [orderNumber],
  );
}, 120_000);
afterAll(async () => {
  await world?.close();
});

/** What a phone shopper would notice on the page as it stands. */
async function problems(page: Page): Promise<string[]> {
  const axe = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  const found = axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  // 375 px, and 320 px: a 1280 px screen at 400 % zoom (1.4.10 Reflow).
  for (const width of [375, 320]) {
    await page.setViewportSize({ width, height: 900 });
    const sideways = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    if (sideways > 0) found.push(`scrolls sideways by ${sideways} px at ${width} px`);
  }
  await page.setViewportSize({ width: 375, height: 900 });
  return found;
}

/** Where the focused control is, when it is in `main`: fully in sight below the sticky header, with an indicator. */
function focusedStop() {
  const element = document.activeElement as HTMLElement | null;
  if (!element || element.id === 'main' || !document.getElementById('main')?.contains(element)) return null;
  const box = element.getBoundingClientRect();
  // The header's own box, moved by its slide-away transform when hidden; only a sticky header covers the page.
  const header = document.querySelector<HTMLElement>('.site-header');
  const headerBottom = header?.classList.contains('is-sticky') ? header.getBoundingClientRect().bottom : 0;
  const style = getComputedStyle(element);
  const indicated =
    (style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0) ||
    style.boxShadow !== 'none';
  const label = element.getAttribute('aria-label') ?? element.textContent ?? '';
  return {
    name: `${element.tagName.toLowerCase()} "${(element.id || label).trim().slice(0, 40)}"`,
    hidden: box.top < headerBottom - 1 || box.bottom > window.innerHeight + 1,
    indicated,
    where: `${Math.round(box.top)}..${Math.round(box.bottom)} below ${Math.round(headerBottom)}`,
  };
}

/**
 * Tabs through `main` and back with Shift+Tab (at most `steps` stops each way; scrolling up brings the sticky header
 * back): each focused control must be fully in the viewport below the header and show a focus indicator. Answers
 * what failed.
 */
async function tabWalk(page: Page, steps = 60): Promise<string[]> {
  // Without the header's slide, its state is final two frames after the scroll.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.evaluate(() => {
    const main = document.getElementById('main');
    main?.setAttribute('tabindex', '-1');
    main?.focus();
    window.scrollTo(0, 0);
  });
  const found: string[] = [];
  let forward = 0;
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i < (key === 'Tab' ? steps : forward - 1); i++) {
      await page.keyboard.press(key);
      await page.evaluate(
        () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
      );
      const stop = await page.evaluate(focusedStop);
      if (!stop) break;
      if (key === 'Tab') forward++;
      if (stop.hidden) found.push(`${key}: ${stop.name} hidden (${stop.where})`);
      if (!stop.indicated) found.push(`${stop.name} without focus indicator`);
    }
  }
  return [...new Set(found)];
}

const logIn = (page: Page) => logInAsShopper(page, world.shop.url, EMAIL, PASSWORD);

describe('session 20’s pages on a 375 px phone', () => {
  it('the account with its settings open and an order in parcels', async () => {
    const { page } = await world.open('/', { width: 375 });
    await logIn(page);
    await page.getByRole('heading', { level: 2, name: 'Kontoeinstellungen' }).waitFor();
    await page.getByText(order.orderNumber).first().waitFor();
    const found = [...(await problems(page)), ...(await tabWalk(page))];
    // The parcels take the card's width: in one of its two columns their lines broke inside words.
    const card = page.locator('li.order-card').first();
    const shipping = card.locator('dd', { hasText: 'Paket 1: versandt am' });
    const [cardWidth, shippingWidth] = [
      (await card.boundingBox())!.width,
      (await shipping.boundingBox())!.width,
    ];
    expect(shippingWidth / cardWidth).toBeGreaterThan(0.85);
    for (const summary of [
      'Passwort ändern',
      'E-Mail-Adresse ändern',
      'Meine Daten herunterladen',
      'Konto löschen',
    ])
      await page.locator('summary', { hasText: summary }).click();
    // Each form's errors: sent empty.
    for (const button of ['Passwort ändern', 'Bestätigungslink senden', 'Konto endgültig löschen'])
      await page.getByRole('button', { name: button, exact: true }).click();
    found.push(...(await problems(page)), ...(await tabWalk(page, 80)));
    expect(found).toEqual([]);
  }, 120_000);

  it('the checkout with earlier addresses and the company fields, and the order page', async () => {
    const { page } = await world.open('/');
    await logIn(page);
    await gotoHydrated(page, `${world.shop.url}/kfz-kennzeichen`);
    await addPlate(page, 'M TT 3');
    await page.setViewportSize({ width: 375, height: 900 });
    await gotoHydrated(page, `${world.shop.url}/cart/checkout`);
    await page.getByRole('button', { name: 'Zahlungspflichtig bestellen' }).waitFor();
    // The earlier order's company address is filled in and offered: the company buyer's fields show.
    await page.getByRole('combobox', { name: 'Adresse aus früheren Bestellungen' }).first().waitFor();
    const invoice = page.getByRole('group', { name: 'Angaben für die Rechnung' });
    const reference = invoice.getByLabel(/^Ihre Bestellnummer \/ Leitweg-ID/);
    await reference.waitFor();
    const found = [...(await problems(page)), ...(await tabWalk(page, 80))];
    // A Leitweg-ID with a typo: the error is tied to its field, which takes focus in sight below the header.
    await reference.fill('04011000-1234512345-60');
    await invoice.getByLabel(/^USt-IdNr\./).fill('DE136695977');
    await page.getByRole('checkbox', { name: /AGB/ }).check();
    await page.getByRole('button', { name: 'Zahlungspflichtig bestellen' }).click();
    await page.getByText('Diese Leitweg-ID ist ungültig', { exact: false }).waitFor();
    await expect.poll(() => reference.evaluate((node) => node === document.activeElement)).toBe(true);
    const stop = await page.evaluate(focusedStop);
    if (stop?.hidden) found.push(`the wrong Leitweg-ID's field hidden (${stop.where})`);
    const described = await reference.evaluate((node) =>
      (node.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' '),
    );
    expect(described).toContain('Diese Leitweg-ID ist ungültig');
    expect(await reference.getAttribute('aria-invalid')).toBe('true');
    found.push(...(await problems(page)));

    await gotoHydrated(page, `${world.shop.url}/thank-you/${order.headerGuid}`);
    await page.getByRole('heading', { level: 1, name: 'Ihre Bestellung wurde teilweise versandt' }).waitFor();
    const thanks = [...(await problems(page)), ...(await tabWalk(page))];
    expect([...found, ...thanks]).toEqual([]);
  }, 120_000);
});
