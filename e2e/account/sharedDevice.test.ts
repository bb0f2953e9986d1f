// One computer, several people (decisions.md "One computer, several people", session 25): Anna shops on the family
// laptop, logs out; her brother Ben uses the same browser profile as a guest and with his own account; a stranger
// uses the library computer after Anna (a guest paying there: e2e/checkout/sharedComputerGuest.test.ts). One browser
// context is one device; what each sees is asserted through the built shop and the real API.
import { createAccountService } from '@lp/sdk/account';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERIKA, fillCheckout } from '../checkout/checkoutDriver';
import { gotoHydrated } from '../support/hydration';
import { type AccountWorld, startAccountWorld } from './accountWorld';
import { addPlatePair } from './platePair';
import { cookieJar, sdkWithCookies } from './cookieJarFetch';

const PASSWORD = 'Sommer 2026!';
let world: AccountWorld;
let counter = 0;

beforeAll(async () => {
  world = await startAccountWorld();
});
afterAll(async () => {
  await world?.close();
});

/** A customer who registered earlier (through the API). */
async function registered(name: string, lastName: string): Promise<string> {
  const email = `${name.toLowerCase()}.${Date.now()}.${++counter}@example.de`;
  await createAccountService(sdkWithCookies(cookieJar(world.apiUrl)).client).register({
    email,
    password: PASSWORD,
    name,
    lastName,
    confirmUrl: `${world.apiUrl}/account/confirm`,
  });
  return email;
}

/** The shop's login page, "Angemeldet bleiben" ticked or not; waits for the account page. */
async function logIn(page: Page, email: string, remember = false) {
  await gotoHydrated(page, world.url('/account/login'));
  await page.getByLabel('E-Mail').fill(email);
  await page.getByLabel('Passwort').fill(PASSWORD);
  if (remember) await page.getByRole('checkbox', { name: 'Angemeldet bleiben' }).check();
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await page.waitForURL('**/account');
  await page.getByText('Angemeldet als').waitFor();
}

const addPair = (page: Page, text: string) => addPlatePair(page, (path) => world.url(path), text);

/** Everything the tab keeps in its storages, as one text to search. */
const stored = (page: Page) => page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));

/** The 401 answers a logged-out browser gets on purpose (who is logged in?). */
const realErrors = (errors: string[]) => errors.filter((error) => !/status of 401\b/.test(error));

/**
 * The browser closed and opened again: a new context with only the cookies that outlive the browser (those with an
 * expiry; the session cookies go) and the same localStorage.
 */
async function reopened(context: BrowserContext): Promise<BrowserContext> {
  const state = await context.storageState();
  return world.browser.newContext({
    storageState: { ...state, cookies: state.cookies.filter((cookie) => cookie.expires > 0) },
  });
}

describe('one computer, several people', () => {
  it('Anna logs out on the family laptop: Ben, as a guest and logged in, sees nothing of hers', async () => {
    const anna = await registered('Anna', 'Auer');
    const ben = await registered('Ben', 'Berger');
    const laptop = await world.page({ width: 1366 });
    const { page, context } = laptop;

    await logIn(page, anna);
    await addPair(page, 'M-AA 1');
    // A second tab on her checkout with her address typed in (its draft lives in that tab only).
    const second = await context.newPage();
    await gotoHydrated(second, world.url('/cart/checkout'));
    await fillCheckout(second, {
      ...ERIKA,
      email: anna,
      name: 'Anna',
      lastName: 'Auer',
      street: 'Lindenweg',
    });
    await expect.poll(() => stored(second)).toContain('Lindenweg');

    // Abmelden on the account page of the first tab.
    await gotoHydrated(page, world.url('/account'));
    await page.getByRole('button', { name: 'Abmelden' }).click();
    await page.waitForURL('**/account/login');
    // The second tab forgot her cart and her typed address at once and left the checkout.
    await second.waitForURL(/\/cart$/);
    await expect.poll(() => stored(second)).not.toMatch(/Lindenweg|Auer|anna\./i);
    await expect.poll(() => stored(page)).not.toMatch(/Lindenweg|Auer|anna\./i);
    expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain('lp_session');

    // Back in the first tab: not her account page with her name.
    await page.goBack();
    await expect.poll(() => page.getByText('Angemeldet als').count()).toBe(0);
    expect(await page.getByText('Anna Auer').count()).toBe(0);

    // Ben as a guest in the second tab: an empty cart, an empty checkout.
    await gotoHydrated(second, world.url('/cart'));
    await second.getByText('Ihr Warenkorb ist leer.').waitFor();
    await addPair(second, 'M-BB 2');
    await gotoHydrated(second, world.url('/cart/checkout'));
    const street = second.getByRole('group', { name: 'Lieferadresse' }).getByLabel('Straße');
    await street.waitFor();
    expect(await second.getByLabel('E-Mail').inputValue()).toBe('');
    expect(await street.inputValue()).toBe('');
    expect(await second.getByText('M-AA 1').count()).toBe(0);

    // Ben logs in with his own account: his guest plates join it, Anna's never do.
    await logIn(second, ben, true);
    await gotoHydrated(second, world.url('/cart'));
    await second.locator('.cart-table').getByText('M-BB 2').first().waitFor();
    expect(await second.getByText('M-AA 1').count()).toBe(0);
    expect(realErrors(laptop.errors)).toEqual([]);

    // Anna's plates are still hers: her next login (her phone) brings them back, without Ben's.
    const phone = await world.page();
    await logIn(phone.page, anna);
    await gotoHydrated(phone.page, world.url('/cart'));
    await phone.page.locator('.cart-table').getByText('M-AA 1').first().waitFor();
    expect(await phone.page.getByText('M-BB 2').count()).toBe(0);
    await Promise.all([page.close(), second.close(), phone.page.close()]);
  });

  it('closing the library browser without "Abmelden" ends the login unless "Angemeldet bleiben" was ticked', async () => {
    const anna = await registered('Anna', 'Auer');
    const library = await world.page({ width: 1366 });
    await logIn(library.page, anna);
    const session = (await library.context.cookies()).find((cookie) => cookie.name === 'lp_session');
    expect(session?.expires).toBe(-1);
    // Session 25 (sharedfix): she had put plates into her cart; its guid outlives the browser in localStorage and in
    // the cart cookie.
    await addPair(library.page, 'M-AA 1');

    // The stranger opens the browser again: nobody is logged in.
    const after = await reopened(library.context);
    const stranger = await after.newPage();
    const strangerErrors: string[] = [];
    stranger.on('console', (message) => message.type() === 'error' && strangerErrors.push(message.text()));
    // The first page the stranger asks for, before any script ran: her cart's cookie is still there, but the server
    // never renders an account's cart: not her plates, and not an empty cart either, since it cannot know whose it
    // is: the page says it is loading (session 25 review).
    const cartHtml = await (await stranger.request.get(world.url('/cart'))).text();
    expect(cartHtml.includes('M-AA 1'), 'her plate number in the HTML').toBe(false);
    expect(cartHtml).toContain('Warenkorb wird geladen');
    expect(cartHtml).not.toContain('Ihr Warenkorb ist leer.');
    await gotoHydrated(stranger, world.url('/account'));
    await stranger.waitForURL('**/account/login');
    expect(await stranger.getByText('Anna Auer').count()).toBe(0);
    // Her cart is not the stranger's: an empty cart page (not even the server's first HTML shows her plates), and
    // nothing of hers (neither the cart's guid nor the order's) is left in this browser.
    await gotoHydrated(stranger, world.url('/cart'));
    await stranger.getByText('Ihr Warenkorb ist leer.').waitFor();
    expect(await stranger.getByText('M-AA 1').count()).toBe(0);
    await expect
      .poll(() => stranger.evaluate(() => localStorage.getItem('AppState')))
      .toMatch(/"CartGuid":null/);
    expect(realErrors(strangerErrors)).toEqual([]);
    // The stranger's own guest cart still outlives a browser restart.
    await addPair(stranger, 'M-CC 3');
    const later = await reopened(after);
    const guestAgain = await later.newPage();
    await gotoHydrated(guestAgain, world.url('/cart'));
    await guestAgain.locator('.cart-table').getByText('M-CC 3').first().waitFor();
    await later.close();
    await after.close();

    // Her cart stays hers: her next login (her phone) brings it back.
    const phone = await world.page();
    await logIn(phone.page, anna);
    await gotoHydrated(phone.page, world.url('/cart'));
    await phone.page.locator('.cart-table').getByText('M-AA 1').first().waitFor();
    await phone.page.close();

    // On her own laptop she ticks "Angemeldet bleiben": still logged in after a restart.
    const own = await world.page({ width: 1366 });
    await logIn(own.page, anna, true);
    const kept = (await own.context.cookies()).find((cookie) => cookie.name === 'lp_session');
    expect(kept!.expires * 1000 - Date.now()).toBeGreaterThan(29 * 24 * 3600 * 1000);
    const restarted = await reopened(own.context);
    const again = await restarted.newPage();
    await gotoHydrated(again, world.url('/account'));
    await again.getByText('Angemeldet als').waitFor();
    await restarted.close();
    await Promise.all([library.page.close(), own.page.close()]);
  });
});
