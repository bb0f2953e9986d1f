// One cart on every device (decisions.md, session 16): a registered customer shops on the phone and pays on the
// laptop (two browser contexts = two devices, through the built shop and the real API), and signs out at an office
// computer that the next colleague uses.
import { createAccountService } from '@lp/sdk/account';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gotoHydrated } from '../support/hydration';
import { logInAsShopper } from '../support/logIn';
import { type AccountWorld, startAccountWorld } from './accountWorld';
import { addPlatePair } from './platePair';
import { cookieJar, sdkWithCookies } from './cookieJarFetch';

const PASSWORD = 'Frühling 2026!';
let world: AccountWorld;
let counter = 0;

beforeAll(async () => {
  world = await startAccountWorld();
});
afterAll(async () => {
  await world?.close();
});

/** A customer who registered earlier (through the API). */
async function registered(name: string): Promise<string> {
  const email = `${name.toLowerCase()}.${Date.now()}.${++counter}@example.de`;
  await createAccountService(sdkWithCookies(cookieJar(world.apiUrl)).client).register({
    email,
    password: PASSWORD,
    name,
    lastName: 'Geräte',
    confirmUrl: `${world.apiUrl}/account/confirm`,
  });
  return email;
}

/** The 401 answers a logged-out browser gets on purpose (who is logged in?). */
const realErrors = (errors: string[]) => errors.filter((error) => !/status of 401\b/.test(error));

async function logIn(page: Page, email: string) {
  await logInAsShopper(page, world.shop.url, email, PASSWORD);
  await page.getByText('Angemeldet als').waitFor();
}

const addPair = (page: Page, text: string) => addPlatePair(page, (path) => world.url(path), text);

const appState = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('AppState') ?? '{}') as Record<string, string | null>);
const cartCookie = async (context: BrowserContext) =>
  (await context.cookies()).find((cookie) => cookie.name === 'lp_cart')?.value;

describe('one cart on every device', () => {
  it('shows the plates the phone put in on the laptop after its login', async () => {
    const email = await registered('Paula');
    const phone = await world.page();
    await logIn(phone.page, email);
    await addPair(phone.page, 'B-MW 1234');
    const phoneGuid = (await appState(phone.page)).CartGuid;
    expect(phoneGuid).toMatch(/^[0-9a-f-]{36}$/);

    // In the evening on the laptop: no cart in this browser before the login, the phone's plates after it.
    const laptop = await world.page({ width: 1366 });
    await logIn(laptop.page, email);
    expect((await appState(laptop.page)).CartGuid).toBe(phoneGuid);
    await gotoHydrated(laptop.page, world.url('/cart'));
    const cart = laptop.page.locator('.cart-table');
    await cart.getByText('B-MW 1234').first().waitFor();
    expect(await laptop.page.getByText('Ihr Warenkorb ist leer.').count()).toBe(0);
    expect(realErrors(phone.errors)).toEqual([]);
    expect(realErrors(laptop.errors)).toEqual([]);
    await phone.page.close();
    await laptop.page.close();
  });

  it('leaves an empty cart and none of the guids at a shared computer after "Abmelden"', async () => {
    const email = await registered('Olaf');
    const office = await world.page({ width: 1366 });
    await logIn(office.page, email);
    await addPair(office.page, 'B-MW 1234');
    // Halfway through the checkout: the order is saved (its guid stored), not paid.
    await gotoHydrated(office.page, world.url('/cart/checkout'));
    await office.page.getByLabel('E-Mail').waitFor();
    await office.page.evaluate(() => {
      const state = JSON.parse(localStorage.getItem('AppState') ?? '{}');
      localStorage.setItem('AppState', JSON.stringify({ ...state, orderHeaderGuid: crypto.randomUUID() }));
    });
    const before = await appState(office.page);
    expect(before.CartGuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(await cartCookie(office.context)).toBe(before.CartGuid);

    await gotoHydrated(office.page, world.url('/account'));
    await office.page.getByRole('button', { name: 'Abmelden' }).click();
    await office.page.waitForURL('**/account/login');
    await expect.poll(() => appState(office.page)).toEqual({ CartGuid: null, orderHeaderGuid: null });
    const stored = await office.page.evaluate(() => JSON.stringify({ ...localStorage }));
    expect(stored).not.toContain(before.CartGuid);
    expect(stored).not.toContain(before.orderHeaderGuid);
    expect(await cartCookie(office.context)).toBeUndefined();

    // The next colleague opens the shop: an empty cart.
    await gotoHydrated(office.page, world.url('/cart'));
    await office.page.getByText('Ihr Warenkorb ist leer.').waitFor();
    expect(await office.page.getByText('B-MW 1234').count()).toBe(0);

    // Olaf's plates are still his: his next login (here the same computer) brings them back.
    await logIn(office.page, email);
    expect((await appState(office.page)).CartGuid).toBe(before.CartGuid);
    expect(realErrors(office.errors)).toEqual([]);
    await office.page.close();
  });

  it('forgets the cart on "Abmelden" in the menu too, and a colleague\'s login never takes it', async () => {
    const olaf = await registered('Olaf');
    const greta = await registered('Greta');
    const office = await world.page();
    await logIn(office.page, olaf);
    await addPair(office.page, 'B-OL 1');
    const olafs = (await appState(office.page)).CartGuid;
    await office.page.getByRole('button', { name: 'Menü öffnen' }).click();
    await office.page.getByRole('dialog', { name: 'Menü' }).getByRole('button', { name: 'Abmelden' }).click();
    await office.page.waitForURL('**/account/login');
    await expect.poll(async () => (await appState(office.page)).CartGuid).toBeNull();

    await logIn(office.page, greta);
    const after = (await appState(office.page)).CartGuid;
    expect(after).not.toBe(olafs);
    await gotoHydrated(office.page, world.url('/cart'));
    await office.page.getByText('Ihr Warenkorb ist leer.').waitFor();
    expect(realErrors(office.errors)).toEqual([]);
    await office.page.close();
  });
});
