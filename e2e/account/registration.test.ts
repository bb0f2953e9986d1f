// Issue 13 "Registration and sign-out that work", in Chromium against the real API and the built storefront:
// 'Registrieren' leads to a real registration (390 px through the menu, 1366 px through the login page), German
// field messages, a taken email refused, the confirmation mail in the sandbox outbox, its link joining the guest
// orders of the address to the history; 'Abmelden' only while logged in, ending the session everywhere.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CheckoutWorld, startCheckoutWorld } from '../checkout/checkoutWorld';
import { expectAxeClean } from '../checkout/checkoutDriver';
import { waitForHydration } from '../support/hydration';
import { logInAsShopper } from '../support/logIn';
import { guestOrder } from './guestOrder';

let world: CheckoutWorld;
beforeAll(async () => {
  world = await startCheckoutWorld();
});
afterAll(async () => {
  await world?.close();
});

let counter = 0;
const freshEmail = () => `gerda.${Date.now()}.${++counter}@example.de`;
const PASSWORD = 'Sommer 2026!';
/**
 * Console errors but the answers the test provokes on purpose: the 401 of "who is logged in?" while nobody is, the
 * 409 of a taken email (the browser logs every 4xx resource).
 */
const realErrors = (errors: string[]) => errors.filter((error) => !/status of (401|409)\b/.test(error));

async function openMenu(page: Page) {
  await page.getByRole('button', { name: 'Menü öffnen' }).click();
  return page.getByRole('dialog', { name: 'Menü' });
}

async function fillRegistration(page: Page, email: string, password = PASSWORD) {
  await page.getByLabel('Vorname').fill('Gerda');
  await page.getByLabel('Nachname').fill('Gast');
  await page.getByLabel('E-Mail').fill(email);
  await page.getByLabel('Passwort').fill(password);
}

describe('registration (issue 13)', () => {
  it('at 390 px: menu → register → outbox mail → confirm link → the guest order is in the history', async () => {
    const email = freshEmail();
    const earlier = await guestOrder(world.apiUrl, email.toUpperCase());
    const { page, errors } = await world.open('/', { width: 390 });

    const menu = await openMenu(page);
    await expect.poll(() => menu.getByRole('link', { name: 'Registrieren' }).count()).toBe(1);
    expect(await menu.getByRole('button', { name: 'Abmelden' }).count()).toBe(0);
    await menu.getByRole('link', { name: 'Registrieren' }).click();
    await page.waitForURL('**/account/register');
    await page.getByRole('heading', { level: 1, name: 'Registrieren' }).waitFor();
    await expectAxeClean(page);

    // Wrong fields: German messages at the fields, focus on the first, nothing sent.
    await page.getByLabel('Vorname').fill('<b>');
    await page.getByLabel('E-Mail').fill('gerda..gast@example');
    await page.getByLabel('Passwort').fill('kurz');
    await page.getByRole('button', { name: 'Registrieren' }).click();
    await page
      .getByText('Bitte geben Sie einen gültigen Vornamen ein (Buchstaben, Apostroph, Bindestrich).')
      .waitFor();
    await page.getByText('Bitte geben Sie Ihren Nachnamen ein.').waitFor();
    await page.getByText('Bitte geben Sie eine gültige E-Mail-Adresse ein.').waitFor();
    await page.getByText('Das Passwort muss 8 bis 200 Zeichen lang sein.').waitFor();
    await expect
      .poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name))
      .toBe('name');
    await expectAxeClean(page);

    await fillRegistration(page, email);
    await page.getByRole('button', { name: 'Registrieren' }).click();
    await page.getByRole('heading', { level: 1, name: 'Willkommen, Gerda!' }).waitFor();
    await page.getByText(email).waitFor();
    await expectAxeClean(page);

    // The sandbox outbox, clearly labelled, holds the mail; its link opens the shop's confirmation page.
    await page.getByRole('link', { name: 'E-Mail im Sandbox-Postausgang ansehen' }).click();
    await page.waitForURL(`${world.apiUrl}/sandbox/outbox/**`);
    await page.getByText('Sandbox – keine echte E-Mail').waitFor();
    await page.getByRole('heading', { name: 'Bitte bestätigen Sie Ihre E-Mail-Adresse' }).waitFor();
    await expectAxeClean(page);
    await page.getByRole('link', { name: 'Link öffnen' }).click();
    await page.waitForURL('**/account/confirm?token=*');
    await waitForHydration(page);
    await page.getByText('Eine frühere Bestellung ist jetzt in Ihrem Konto.').waitFor();
    await expectAxeClean(page);

    await page.getByRole('link', { name: 'Zu meinen Bestellungen' }).click();
    await page.waitForURL('**/account');
    await page.getByText(earlier.orderNumber).first().waitFor();
    expect(realErrors(errors)).toEqual([]);
  });

  it('at 1366 px: the login page leads to the registration; a taken email is refused at its field', async () => {
    const email = freshEmail();
    const first = await world.open('/account/register', { width: 1366 });
    await fillRegistration(first.page, email);
    await first.page.getByRole('button', { name: 'Registrieren' }).click();
    await first.page.getByRole('heading', { level: 1, name: 'Willkommen, Gerda!' }).waitFor();

    // Another browser, the same email in other letter case.
    const { page, errors } = await world.open('/account/login', { width: 1366 });
    await page.getByRole('link', { name: 'Registrieren' }).click();
    await page.waitForURL('**/account/register');
    await fillRegistration(page, email.toUpperCase());
    await page.getByRole('button', { name: 'Registrieren' }).click();
    await page
      .getByText('Für diese E-Mail-Adresse gibt es bereits ein Kundenkonto. Bitte melden Sie sich an.')
      .waitFor();
    await expect.poll(() => page.getByLabel('E-Mail').getAttribute('aria-invalid')).toBe('true');
    // The form sits in one column at the desktop width too, fields as wide as the form.
    const [form, input] = await Promise.all([
      page.locator('.login-form').boundingBox(),
      page.getByLabel('E-Mail').boundingBox(),
    ]);
    expect(Math.abs(form!.width - input!.width)).toBeLessThan(2);
    await expectAxeClean(page);
    expect(realErrors(errors)).toEqual([]);
  });
});

// Session 18 review: only the account's own session confirms its address (else a stranger who registered a
// shopper's address would get her guest orders when she clicks the link). Registered on the phone, the link opened
// on the laptop: the page asks for the login, and the same link confirms after it.
describe('confirmation link on another device (session 18)', () => {
  it('asks to log in first, then the same link confirms and joins the guest order', async () => {
    const email = freshEmail();
    const earlier = await guestOrder(world.apiUrl, email);
    const phone = await world.open('/account/register', { width: 390 });
    await fillRegistration(phone.page, email);
    await phone.page.getByRole('button', { name: 'Registrieren' }).click();
    await phone.page.getByRole('heading', { level: 1, name: 'Willkommen, Gerda!' }).waitFor();
    await phone.context.close();
    const [mail] = (await world.sql(
      "SELECT link FROM outbox_mails WHERE recipient = $1 AND link LIKE '%/account/confirm?token=%'",
      [email.toLowerCase()],
    )) as { link: string }[];
    const link = new URL(mail!.link);

    const laptop = await world.open(`${link.pathname}${link.search}`, { width: 1366 });
    const { page } = laptop;
    await page
      .getByText(
        'Bitte melden Sie sich mit dem Kundenkonto dieser E-Mail-Adresse an und öffnen Sie den Bestätigungslink danach noch einmal.',
      )
      .waitFor();
    await expectAxeClean(page);
    await page.getByRole('link', { name: 'Zur Anmeldung' }).click();
    await page.waitForURL('**/account/login');
    await page.getByLabel('E-Mail').fill(email);
    await page.getByLabel('Passwort').fill(PASSWORD);
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await page.waitForURL('**/account');
    await page.goto(`${world.shop.url}${link.pathname}${link.search}`);
    await waitForHydration(page);
    await page.getByText('Eine frühere Bestellung ist jetzt in Ihrem Konto.').waitFor();
    await page.getByRole('link', { name: 'Zu meinen Bestellungen' }).click();
    await page.waitForURL('**/account');
    await page.getByText(earlier.orderNumber).first().waitFor();
    expect(realErrors(laptop.errors)).toEqual([]);
  });
});

describe('sign-out (issue 13)', () => {
  async function login(page: Page, email: string) {
    await logInAsShopper(page, world.shop.url, email, PASSWORD);
    await page.getByText('Angemeldet als').waitFor();
  }

  it("shows 'Abmelden' only while logged in and ends the session in every tab and on every device", async () => {
    const email = freshEmail();
    const registering = await world.open('/account/register', { width: 390 });
    await fillRegistration(registering.page, email);
    await registering.page.getByRole('button', { name: 'Registrieren' }).click();
    await registering.page.getByRole('heading', { level: 1, name: 'Willkommen, Gerda!' }).waitFor();
    await registering.context.close();

    // Phone: two tabs. Desktop: a second device.
    const phone = await world.open('/', { width: 390 });
    await login(phone.page, email);
    const secondTab = await phone.context.newPage();
    await secondTab.goto(`${world.shop.url}/account`);
    await waitForHydration(secondTab);
    await secondTab.getByText('Angemeldet als').waitFor();
    const desktop = await world.open('/', { width: 1366 });
    await login(desktop.page, email);

    const menu = await openMenu(phone.page);
    await menu.getByRole('button', { name: 'Abmelden' }).waitFor();
    expect(await menu.getByRole('link', { name: 'Registrieren' }).count()).toBe(0);
    await expectAxeClean(phone.page);
    await menu.getByRole('button', { name: 'Abmelden' }).click();
    await phone.page.waitForURL('**/account/login');

    // The other tab leaves its account page without a reload; the other device is out at its next request.
    await secondTab.waitForURL('**/account/login');
    await desktop.page.reload();
    await desktop.page.waitForURL('**/account/login');

    // Logged out: the menu offers 'Registrieren', not 'Abmelden'.
    const after = await openMenu(phone.page);
    await after.getByRole('link', { name: 'Registrieren' }).waitFor();
    expect(await after.getByRole('button', { name: 'Abmelden' }).count()).toBe(0);
    expect(realErrors(phone.errors)).toEqual([]);
  });
});
