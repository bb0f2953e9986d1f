// Session 20, the account's own settings in Chromium against the real API, the built storefront and the sandbox
// outbox: a customer on the phone changes the password (another browser's session ends; the old password no longer
// logs in, the new one does), changes the address through the outbox link, downloads the data and deletes the
// account (the login fails afterwards, the placed order stays readable by its link). The API side:
// packages/api __tests__/accountSettings.test.ts and accountEmailChange.test.ts.
import { readFile } from 'node:fs/promises';
import { createMemoryStorage, createSdk } from '@lp/sdk';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAxeClean } from '../checkout/checkoutDriver';
import { type CheckoutWorld, startCheckoutWorld } from '../checkout/checkoutWorld';
import { funschild } from '../contract/support';
import { waitForHydration } from '../support/hydration';
import { guestOrder } from './guestOrder';

let world: CheckoutWorld;
beforeAll(async () => {
  world = await startCheckoutWorld();
});
afterAll(async () => {
  await world?.close();
});

const PASSWORD = 'Sommer 2026!';
const NEW_PASSWORD = 'Winter 2026 neu';
/** The 401 of "who is logged in?" while nobody is, and the 400/401/403 the test provokes on purpose. */
const realErrors = (errors: string[]) => errors.filter((error) => !/status of (400|401|403)\b/.test(error));

/** One setting's disclosure on /account, opened. */
async function setting(page: Page, summary: string) {
  const details = page.locator('details', { has: page.locator('summary', { hasText: summary }) });
  await details.locator('summary').click();
  return details;
}
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent ?? '');

async function login(page: Page, email: string, password: string) {
  await page.getByLabel('E-Mail').fill(email);
  await page.getByLabel('Passwort', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
}

describe('the account’s settings (session 20)', () => {
  it('at 390 px: password, address, data download and deletion', async () => {
    const email = `einstellungen.${Date.now()}@example.de`;
    const newEmail = `neu.${Date.now()}@example.de`;
    const earlier = await guestOrder(world.apiUrl, email);

    const { page, errors } = await world.open('/account/register', { width: 390 });
    await page.getByLabel('Vorname').fill('Gerda');
    await page.getByLabel('Nachname').fill('Gast');
    await page.getByLabel('E-Mail').fill(email);
    await page.getByLabel('Passwort').fill(PASSWORD);
    await page.getByRole('button', { name: 'Registrieren' }).click();
    await page.getByRole('heading', { level: 1, name: 'Willkommen, Gerda!' }).waitFor();
    const [mail] = (await world.sql(
      "SELECT link FROM outbox_mails WHERE recipient = $1 AND link LIKE '%/account/confirm?token=%'",
      [email],
    )) as { link: string }[];
    const confirmLink = new URL(mail!.link);
    await page.goto(`${world.shop.url}${confirmLink.pathname}${confirmLink.search}`);
    await page.getByText('Eine frühere Bestellung ist jetzt in Ihrem Konto.').waitFor();

    // Another browser, logged in too.
    const laptop = await world.open('/account/login', { width: 1366 });
    await login(laptop.page, email, PASSWORD);
    await laptop.page.waitForURL('**/account');
    const laptopMe = () =>
      laptop.page.evaluate(
        async () => (await fetch('/api/Account/me', { credentials: 'same-origin' })).status,
      );

    // Passwort ändern: a wrong current password at its field, then the change.
    await page.goto(`${world.shop.url}/account`);
    await waitForHydration(page);
    await page.getByRole('heading', { level: 2, name: 'Kontoeinstellungen' }).waitFor();
    await page.getByText(earlier.orderNumber).first().waitFor();
    const password = await setting(page, 'Passwort ändern');
    expect(await password.getByLabel('Aktuelles Passwort').getAttribute('autocomplete')).toBe(
      'current-password',
    );
    expect(await password.getByLabel('Neues Passwort').getAttribute('autocomplete')).toBe('new-password');
    await password.getByLabel('Aktuelles Passwort').fill('falsch-falsch');
    await password.getByLabel('Neues Passwort').fill(NEW_PASSWORD);
    await password.getByRole('button', { name: 'Passwort ändern' }).click();
    await password.getByText('Das aktuelle Passwort ist nicht richtig.').waitFor();
    await expect
      .poll(() => password.getByLabel('Aktuelles Passwort').getAttribute('aria-invalid'))
      .toBe('true');
    await expect
      .poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name))
      .toBe('password');
    await expectAxeClean(page);
    await password.getByLabel('Aktuelles Passwort').fill(PASSWORD);
    await password.getByRole('button', { name: 'Passwort ändern' }).click();
    const changed = 'Ihr Passwort wurde geändert. Auf allen anderen Geräten sind Sie jetzt abgemeldet.';
    await password.getByText(changed).waitFor();
    await expect.poll(() => focusedText(page)).toBe(changed);
    expect(await laptopMe()).toBe(401);
    await laptop.page.goto(`${world.shop.url}/account/login`);
    await login(laptop.page, email, PASSWORD);
    await laptop.page.getByText('E-Mail oder Passwort ist falsch.').waitFor();
    await laptop.page.getByLabel('Passwort', { exact: true }).fill(NEW_PASSWORD);
    await laptop.page.getByRole('button', { name: 'Anmelden' }).click();
    await laptop.page.waitForURL('**/account');

    // E-Mail-Adresse ändern: the link in the sandbox outbox, opened on the phone (logged in).
    const address = await setting(page, 'E-Mail-Adresse ändern');
    await address.getByLabel('Neue E-Mail-Adresse').fill(newEmail);
    await address.getByLabel('Aktuelles Passwort').fill(NEW_PASSWORD);
    await address.getByRole('button', { name: 'Bestätigungslink senden' }).click();
    await address
      .getByText(`Wir haben einen Bestätigungslink an ${newEmail} geschickt.`, { exact: false })
      .waitFor();
    await expectAxeClean(page);
    await address.getByRole('link', { name: 'E-Mail im Sandbox-Postausgang ansehen' }).click();
    await page.waitForURL(`${world.apiUrl}/sandbox/outbox**`);
    await page
      .locator('li', { hasText: `an ${newEmail}` })
      .getByRole('link', { name: 'Bitte bestätigen Sie Ihre neue E-Mail-Adresse' })
      .click();
    await page.getByRole('link', { name: 'Link öffnen' }).click();
    await page.waitForURL('**/account/confirm?token=*');
    await page.getByText(newEmail).first().waitFor();
    await page.getByText('ist bestätigt', { exact: false }).waitFor();

    // Meine Daten herunterladen: the operator export's JSON as a file. This browser holds a cart from here on.
    const shopper = createSdk({
      baseUrl: world.apiUrl,
      storage: createMemoryStorage(),
      dataLayer: [],
      retries: 0,
    });
    await shopper.cartStore.getState().add(funschild(1, 'KONTO 1'));
    const cartGuid = shopper.appState.get().CartGuid;
    expect(cartGuid).toMatch(/^[0-9a-f-]{36}$/);
    await page.evaluate(
      (guid) => localStorage.setItem('AppState', JSON.stringify({ CartGuid: guid, orderHeaderGuid: null })),
      cartGuid,
    );
    await page.goto(`${world.shop.url}/account`);
    await waitForHydration(page);
    await page.getByText(`(${newEmail})`).waitFor();
    const data = await setting(page, 'Meine Daten herunterladen');
    await data.getByLabel('Aktuelles Passwort').fill(NEW_PASSWORD);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      data.getByRole('button', { name: 'Daten herunterladen' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('meine-daten.json');
    const exported = JSON.parse(await readFile((await download.path())!, 'utf8'));
    expect(exported).toMatchObject({ email: newEmail, account: { email: newEmail, name: 'Gerda' } });
    expect(exported.orders.map((o: { orderNumber: string }) => o.orderNumber)).toEqual([earlier.orderNumber]);
    await data.getByText('Ihre Daten wurden als Datei „meine-daten.json“ heruntergeladen.').waitFor();

    // Konto löschen: the tick is required; then the goodbye says what went and what stays.
    const removal = await setting(page, 'Konto löschen');
    await removal.getByText('§ 147 AO, § 257 HGB', { exact: false }).waitFor();
    await removal.getByLabel('Aktuelles Passwort').fill(NEW_PASSWORD);
    await removal.getByRole('button', { name: 'Konto endgültig löschen' }).click();
    await removal.getByText('Bitte bestätigen Sie, dass Sie Ihr Kundenkonto löschen möchten.').waitFor();
    await removal.getByLabel('Ja, ich möchte mein Kundenkonto endgültig löschen.').check();
    await removal.getByRole('button', { name: 'Konto endgültig löschen' }).click();
    const goodbye = page.getByRole('heading', { level: 2, name: 'Ihr Kundenkonto ist gelöscht' });
    await goodbye.waitFor();
    await expect.poll(() => goodbye.evaluate((heading) => heading === document.activeElement)).toBe(true);
    await page
      .getByText(`Aufbewahrt werden Ihre aufgegebenen Bestellungen (${earlier.orderNumber})`, {
        exact: false,
      })
      .waitFor();
    expect(await page.getByRole('button', { name: 'Abmelden' }).count()).toBe(0);
    // The browser forgot the cart as at 'Abmelden'.
    await expect
      .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('AppState') ?? '{}').CartGuid ?? null))
      .toBe(null);
    expect(await page.evaluate(() => JSON.stringify({ ...localStorage }))).not.toContain(cartGuid);
    await expectAxeClean(page);
    expect(await laptopMe()).toBe(401);

    // The account is gone; the placed order is still readable by its link (the thank-you page).
    await page.goto(`${world.shop.url}/account/login`);
    await login(page, newEmail, NEW_PASSWORD);
    await page.getByText('E-Mail oder Passwort ist falsch.').waitFor();
    await page.goto(`${world.shop.url}/thank-you/${earlier.headerGuid}`);
    await page.getByText(earlier.orderNumber).first().waitFor();
    expect(realErrors(errors)).toEqual([]);
  });
});
