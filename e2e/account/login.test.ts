// Login, order history with designs, cart attach and logout in Chromium against the started product.
import { AxeBuilder } from '@axe-core/playwright';
import type { Cart } from '@lp/sdk';
import { createAccountService } from '@lp/sdk/account';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { address, funschild } from '../contract/support';
import { waitForHydration } from '../support/hydration';
import { logInAsShopper } from '../support/logIn';
import { type AccountWorld, startAccountWorld, useCartGuid } from './accountWorld';
import { cookieJar, sdkWithCookies } from './cookieJarFetch';

const DEMO = { email: 'demo@lp-de.example', password: 'Demo1234!' };

let world: AccountWorld;
let orderNumber: string;
let cartGuid: string;

beforeAll(async () => {
  world = await startAccountWorld();
  // An order placed by the demo customer's own session (security review 2: the API links orders to a customer
  // only through the session at save time).
  const jar = cookieJar(world.apiUrl);
  const buyer = sdkWithCookies(jar);
  await createAccountService(buyer.client).login(DEMO.email, DEMO.password);
  const placeOrder = async (quantity: number, text: string) => {
    await buyer.cartStore.getState().add(funschild(quantity, text));
    const { orderHeaderGuid } = await buyer.orders.save({
      billingPerson: { email: DEMO.email, phone: '+49 3012345678', name: 'Max', lastName: 'Mustermann' },
      shippingAddress: address,
      paymentMethod: 'paypal',
    });
    const confirmed = await buyer.orders.confirm(orderHeaderGuid);
    await buyer.cartStore.getState().clear();
    return confirmed.orderNumber;
  };
  // Five older orders first, so the history has a second page (5 per page) and the newest is on the first.
  for (let i = 1; i <= 5; i++) await placeOrder(1, `ALT ${i}`);
  orderNumber = await placeOrder(2, 'MAX 1');
  // A cart this browser started before logging in.
  const shopper = world.sdk();
  await shopper.cartStore.getState().add(funschild(1, 'WARTEN'));
  cartGuid = shopper.appState.get().CartGuid!;
});
afterAll(async () => {
  await world?.close();
});

async function cartOwner(guid: string): Promise<number | null> {
  const res = await fetch(`${world.apiUrl}/api/Cart/getCart`, { headers: { CartGuid: guid } });
  return ((await res.json()) as Cart).userId;
}

describe('account in the browser', () => {
  it('sends visitors without a session from /account to the login, which works by keyboard', async () => {
    const { page, errors } = await world.page();
    await page.goto(world.url('/account'), { waitUntil: 'networkidle' });
    await page.waitForURL('**/account/login');
    await waitForHydration(page);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Anmelden');
    expect(await page.getByRole('link', { name: 'Registrieren' }).getAttribute('href')).toBe(
      '/account/register',
    );
    const axe = await new AxeBuilder({ page }).include('main').analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);

    // Empty form: German messages, nothing sent.
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await page.getByText('Bitte geben Sie Ihre E-Mail-Adresse ein.').waitFor();
    await page.getByText('Bitte geben Sie Ihr Passwort ein.').waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('email');

    // Wrong password: the generic German message, and no session cookie.
    await page.getByLabel('E-Mail').fill(DEMO.email);
    await page.getByLabel('Passwort').fill('Falsch123!');
    await page.keyboard.press('Enter');
    await page.getByRole('alert').getByText('E-Mail oder Passwort ist falsch.').waitFor();
    const cookies = await page.context().cookies();
    expect(cookies.some((c) => c.name === 'lp_session')).toBe(false);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('logs in, attaches the cart, shows the order history with designs, and logs out', async () => {
    // Desktop width: the header shows the account link (on phones it lives in the menu, spec 2).
    const { page, context, errors } = await world.page({ width: 1024 });
    await useCartGuid(context, cartGuid);
    await logInAsShopper(page, world.shop.url, DEMO.email, DEMO.password);

    // Session cookie: httpOnly, SameSite=Lax, first-party (the storefront proxies /api).
    const session = (await context.cookies()).find((c) => c.name === 'lp_session');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(await page.evaluate(() => document.cookie)).not.toContain('lp_session');

    await page.getByText('Angemeldet als').waitFor();
    expect(await page.locator('.account-page__who').textContent()).toContain('Max Mustermann');
    const order = page.locator('.order-card', { hasText: orderNumber });
    await order.waitFor();
    expect(await order.textContent()).toContain('Bestätigt');
    expect(await order.textContent()).toContain('2 × ');
    // Designs of the order (this one has none; the call was made and answered).
    await order.getByText('Keine eigenen Designs in dieser Bestellung.').waitFor();
    await expect.poll(() => cartOwner(cartGuid)).toBe(1);
    const axe = await new AxeBuilder({ page }).include('main').analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);

    // The pager by keyboard (session 20): the new page of orders takes focus, named with its number, as another page
    // of a listing does; at the last page "Ältere" does nothing and keeps focus.
    const pager = page.getByRole('navigation', { name: 'Seiten der Bestellübersicht' });
    await pager.getByText('Seite 1 von 2').waitFor();
    const older = pager.getByRole('button', { name: 'Ältere Bestellungen' });
    await older.focus();
    await page.keyboard.press('Enter');
    await pager.getByText('Seite 2 von 2').waitFor();
    await page.locator('.order-card', { hasText: orderNumber }).waitFor({ state: 'detached' });
    const focused = () =>
      page.evaluate(() => {
        const active = document.activeElement;
        if (!active || active === document.body) return '<body>';
        return active.getAttribute('aria-label') ?? active.textContent?.trim();
      });
    await expect.poll(focused).toBe('Bestellungen, Seite 2 von 2');
    expect(await older.getAttribute('aria-disabled')).toBe('true');
    await older.focus();
    await page.keyboard.press('Enter'); // at the last page: nothing happens, focus stays
    expect(await focused()).toBe('Ältere Bestellungen');
    await page.keyboard.press('Shift+Tab');
    expect(await focused()).toBe('Neuere Bestellungen');
    await page.keyboard.press('Enter');
    await pager.getByText('Seite 1 von 2').waitFor();
    await order.waitFor();
    await expect.poll(focused).toBe('Bestellungen, Seite 1 von 2');

    // The header leads to the account; 'Abmelden' ends the session.
    expect(await page.getByRole('link', { name: 'Mein Konto' }).first().getAttribute('href')).toBe(
      '/account',
    );
    await page.getByRole('button', { name: 'Abmelden' }).click();
    await page.waitForURL('**/account/login');
    await expect.poll(async () => (await context.cookies()).some((c) => c.name === 'lp_session')).toBe(false);
    await page.goto(world.url('/account'), { waitUntil: 'networkidle' });
    await page.waitForURL('**/account/login');
    expect(errors).toEqual([]);
    await page.close();
  });
});
