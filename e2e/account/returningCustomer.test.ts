import { createAccountService } from '@lp/sdk/account';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERIKA, fillCheckout } from '../checkout/checkoutDriver';
import { address, funschild } from '../contract/support';
import { gotoHydrated } from '../support/hydration';
import { logInAsShopper } from '../support/logIn';
import { type AccountWorld, startAccountWorld, useCartGuid } from './accountWorld';
import { cookieJar, sdkWithCookies } from './cookieJarFetch';

const EMAIL = `rita.rueckkehr.${Date.now()}@example.de`;
const PASSWORD = 'Herbst 2026!';

let world: AccountWorld;

beforeAll(async () => {
  world = await startAccountWorld();
  // Registered months ago (through the API), six orders placed while logged in: the history has a second page.
  const jar = cookieJar(world.apiUrl);
  const buyer = sdkWithCookies(jar);
  await createAccountService(buyer.client).register({
    email: EMAIL,
    password: PASSWORD,
    name: 'Rita',
    lastName: 'Rückkehr',
    confirmUrl: `${world.apiUrl}/account/confirm`,
  });
  for (let i = 1; i <= 6; i++) {
    await buyer.cartStore.getState().add(funschild(1, `RR ${i}`));
    const { orderHeaderGuid } = await buyer.orders.save({
      billingPerson: { email: EMAIL, phone: '+49 3012345678', name: 'Rita', lastName: 'Rückkehr' },
      shippingAddress: address,
      paymentMethod: 'paypal',
    });
    await buyer.orders.confirm(orderHeaderGuid);
    await buyer.cartStore.getState().clear();
  }
});
afterAll(async () => {
  await world?.close();
});

/** The 401 answers the tests provoke on purpose (who is logged in? while nobody is; a wrong password). */
const realErrors = (errors: string[]) => errors.filter((error) => !/status of 401\b/.test(error));

async function logIn(page: Page, email = EMAIL) {
  await logInAsShopper(page, world.shop.url, email, PASSWORD);
  await page.getByText('Angemeldet als').waitFor();
}

describe('a returning customer', () => {
  it('logs in on the phone with the e-mail in capitals and spaces, after a password typed with caps lock', async () => {
    const { page, errors } = await world.page();
    const answers: { url: string; cacheControl: string | undefined }[] = [];
    page.on('response', (response) => {
      if (/\/api\/(Account|Order)\//.test(response.url()))
        answers.push({ url: response.url(), cacheControl: response.headers()['cache-control'] });
    });
    await gotoHydrated(page, world.url('/account/login'));
    await page.getByLabel('E-Mail').fill(`  ${EMAIL.toUpperCase()} `);
    await page.getByLabel('Passwort').fill(PASSWORD.toUpperCase());
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await page.getByRole('alert').getByText('E-Mail oder Passwort ist falsch.').waitFor();
    // The address stays (an e-mail field drops the spaces itself); only the password is asked again.
    expect(await page.getByLabel('E-Mail').inputValue()).toBe(EMAIL.toUpperCase());
    expect(await page.getByLabel('Passwort').inputValue()).toBe('');
    await page.getByLabel('Passwort').fill(PASSWORD);
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await page.waitForURL('**/account');
    await page.getByText('Angemeldet als').waitFor();
    expect(await page.locator('.account-page__who').textContent()).toContain(EMAIL);
    await page.locator('.order-card', { hasText: 'RR 6' }).waitFor();
    // Every personal answer (login, who am I, order list, designs) is kept by no cache, so the back button or a
    // shared cache cannot show it after the sign-out.
    expect(answers.length).toBeGreaterThan(3);
    for (const answer of answers) expect(answer.cacheControl, answer.url).toBe('no-store');
    expect(realErrors(errors)).toEqual([]);
    await page.close();
  });

  it('sends the open account page to the login when the session ended on the laptop, instead of "try later"', async () => {
    const phone = await world.page();
    await logIn(phone.page);
    await phone.page.locator('.order-card', { hasText: 'RR 6' }).waitFor();

    // On the laptop: log in, then sign out, which ends every session of the customer (decision "Accounts").
    const laptop = await world.page({ width: 1366 });
    await logIn(laptop.page);
    await laptop.page.getByRole('button', { name: 'Abmelden' }).click();
    await laptop.page.waitForURL('**/account/login');

    // Back on the phone, the next page of the history: the login, as on a visit without a session.
    await phone.page.getByRole('button', { name: 'Ältere' }).click();
    await phone.page.waitForURL('**/account/login');
    await phone.page.getByRole('heading', { level: 1, name: 'Anmelden' }).waitFor();
    expect(await phone.page.getByText(/konnten gerade nicht geladen werden/).count()).toBe(0);
    expect(realErrors(phone.errors)).toEqual([]);
    await phone.page.close();
    await laptop.page.close();
  });

  it('leaves none of the typed checkout data in the tab after signing out', async () => {
    const { page, context, errors } = await world.page();
    const shopper = world.sdk();
    await shopper.cartStore.getState().add(funschild(1, 'RR 7'));
    await useCartGuid(context, shopper.appState.get().CartGuid!);
    await logIn(page);
    await gotoHydrated(page, world.url('/cart/checkout'));
    await fillCheckout(page, { ...ERIKA, email: EMAIL, name: 'Rita', lastName: 'Rückkehr' });
    // Logged out mid-checkout by the session's end: this browser forgets the account's cart until the next login
    // (session 25, decisions.md "An account's cart after the browser closed"); the typed form stays in the tab, and
    // the login brings both back.
    await context.clearCookies({ name: 'lp_session' });
    await gotoHydrated(page, world.url('/cart'));
    await page.getByText('Ihr Warenkorb ist leer.').waitFor();
    await logIn(page);
    await gotoHydrated(page, world.url('/cart/checkout'));
    await expect.poll(() => page.getByLabel('E-Mail').inputValue()).toBe(EMAIL);

    // Signing out on purpose: the next person at this device finds an empty checkout form.
    await gotoHydrated(page, world.url('/account'));
    await page.getByRole('button', { name: 'Abmelden' }).click();
    await page.waitForURL('**/account/login');
    expect(await page.evaluate(() => sessionStorage.getItem('lp-checkout') ?? '')).not.toMatch(
      /rita|Rückkehr|Hauptstraße/i,
    );
    // The sign-out also forgot Rita's cart (decisions.md "One cart on every device"): the next person checks out a
    // plate of their own, in the same tab.
    const next = world.sdk();
    await next.cartStore.getState().add(funschild(1, 'NEXT 1'));
    await page.evaluate((guid) => {
      localStorage.setItem('AppState', JSON.stringify({ CartGuid: guid, orderHeaderGuid: null }));
    }, next.appState.get().CartGuid);
    await gotoHydrated(page, world.url('/cart/checkout'));
    const street = page.getByRole('group', { name: 'Lieferadresse' }).getByLabel('Straße');
    await street.waitFor();
    expect(await page.getByLabel('E-Mail').inputValue()).toBe('');
    expect(await street.inputValue()).toBe('');
    expect(realErrors(errors)).toEqual([]);
    await page.close();
  });
});
