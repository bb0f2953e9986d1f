// Session 16 "Passwort vergessen?", in Chromium against the real API, the built storefront and the sandbox outbox:
// login → forgot → mail → link → new password → login with it; the old password and the old link no longer work,
// and the session of another browser is over. (The API side: packages/api __tests__/passwordReset.test.ts.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAxeClean } from '../checkout/checkoutDriver';
import { type CheckoutWorld, startCheckoutWorld } from '../checkout/checkoutWorld';
import { waitForHydration } from '../support/hydration';

let world: CheckoutWorld;
beforeAll(async () => {
  world = await startCheckoutWorld();
});
afterAll(async () => {
  await world?.close();
});

const OLD_PASSWORD = 'Sommer 2026!';
const NEW_PASSWORD = 'Winter 2026 neu';
const SENT = /Wenn zu dieser E-Mail-Adresse ein Kundenkonto gehört, haben wir Ihnen einen Link/;
/** The 401 of "who is logged in?" while nobody is, and the 400/401 the test provokes on purpose. */
const realErrors = (errors: string[]) => errors.filter((error) => !/status of (400|401)\b/.test(error));

describe('forgotten password (session 16)', () => {
  it('at 390 px: forgot → mail → link → new password → login; old password, old link and old session are dead', async () => {
    const email = `vergessen.${Date.now()}@example.de`;
    // Months ago: registered (and so logged in) in another browser.
    const earlier = await world.open('/account/register', { width: 1366 });
    await earlier.page.getByLabel('Vorname').fill('Gerda');
    await earlier.page.getByLabel('Nachname').fill('Gast');
    await earlier.page.getByLabel('E-Mail').fill(email);
    await earlier.page.getByLabel('Passwort').fill(OLD_PASSWORD);
    await earlier.page.getByRole('button', { name: 'Registrieren' }).click();
    await earlier.page.getByRole('heading', { level: 1, name: 'Willkommen, Gerda!' }).waitFor();
    const meStatus = () =>
      earlier.page.evaluate(
        async () => (await fetch('/api/Account/me', { credentials: 'same-origin' })).status,
      );
    expect(await meStatus()).toBe(200);

    const { page, errors } = await world.open('/account/login', { width: 390 });
    await page.getByRole('link', { name: 'Passwort vergessen?' }).click();
    await page.waitForURL('**/account/password');
    await page.getByRole('heading', { level: 1, name: 'Passwort vergessen?' }).waitFor();
    await page.getByLabel('E-Mail').fill(email);
    await page.getByRole('button', { name: 'Link anfordern' }).click();
    await page.getByText(SENT).waitFor();
    await expectAxeClean(page);

    await page.getByRole('link', { name: 'E-Mail im Sandbox-Postausgang ansehen' }).click();
    await page.waitForURL(`${world.apiUrl}/sandbox/outbox`);
    await page
      .locator('li', { hasText: `an ${email}` })
      .getByRole('link', { name: 'Neues Passwort für Ihr Kundenkonto' })
      .click();
    await page.getByText('Der Link ist eine Stunde gültig').waitFor();
    const link = (await page.getByRole('link', { name: 'Link öffnen' }).getAttribute('href')) ?? '';
    expect(link).toMatch(/\/account\/password\?token=[\w-]{43}$/);
    await page.getByRole('link', { name: 'Link öffnen' }).click();
    await page.waitForURL('**/account/password?token=*');
    await waitForHydration(page);
    // The token leaves the address bar once read.
    await expect.poll(() => page.url()).toBe(`${world.shop.url}/account/password`);
    await page.getByRole('heading', { level: 1, name: 'Neues Passwort festlegen' }).waitFor();
    expect(await page.getByLabel('Neues Passwort').getAttribute('autocomplete')).toBe('new-password');
    await expectAxeClean(page);

    await page.getByLabel('Neues Passwort').fill('kurz');
    await page.getByRole('button', { name: 'Passwort speichern' }).click();
    await page.getByText('Das Passwort muss 8 bis 200 Zeichen lang sein.').waitFor();
    await page.getByLabel('Neues Passwort').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Passwort speichern' }).click();
    await page.waitForURL('**/account/login');
    await page
      .getByText('Ihr Passwort wurde geändert. Bitte melden Sie sich mit dem neuen Passwort an.')
      .waitFor();
    expect(await page.getByLabel('E-Mail').inputValue()).toBe(email);
    await expectAxeClean(page);

    // The session of the other browser ended with the reset.
    expect(await meStatus()).toBe(401);

    await page.getByLabel('Passwort', { exact: true }).fill(OLD_PASSWORD);
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await page.getByText('E-Mail oder Passwort ist falsch.').waitFor();
    await page.getByLabel('Passwort', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await page.waitForURL('**/account');

    // The mail's link worked once.
    const again = await world.open(new URL(link).pathname + new URL(link).search, { width: 1366 });
    await again.page.getByLabel('Neues Passwort').fill('Noch ein Passwort');
    await again.page.getByRole('button', { name: 'Passwort speichern' }).click();
    await again.page.getByText('Dieser Link ist ungültig, abgelaufen oder wurde schon verwendet.').waitFor();
    // By keyboard: the same path, so the request's heading (not the body) takes the focus from the removed link.
    await again.page.getByRole('link', { name: 'Neuen Link anfordern' }).press('Enter');
    const forgot = again.page.getByRole('heading', { level: 1, name: 'Passwort vergessen?' });
    await forgot.waitFor();
    await expect.poll(() => forgot.evaluate((heading) => heading === document.activeElement)).toBe(true);
    expect(realErrors(errors)).toEqual([]);
    expect(realErrors(again.errors)).toEqual([]);
  });

  // Before the page has hydrated (a slow phone) or without script, a form without `method` was sent as GET: the
  // password landed in the address bar, the history and the shop's access log (found by the withdrawal audit).
  it('without script, Enter in the login and password forms puts no field into the URL', async () => {
    const context = await world.browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto(`${world.shop.url}/account/login`);
      await page.getByLabel('E-Mail').fill('demo@lp-de.example');
      await page.getByLabel('Passwort', { exact: true }).fill(OLD_PASSWORD);
      const sent = page.waitForEvent('framenavigated');
      await page.getByLabel('Passwort', { exact: true }).press('Enter');
      await sent;
      expect(page.url()).toBe(`${world.shop.url}/account/login`);
      await page.goto(`${world.shop.url}/account/password?token=abc`);
      await page.getByLabel('Neues Passwort').fill(NEW_PASSWORD);
      const resent = page.waitForEvent('framenavigated');
      await page.getByLabel('Neues Passwort').press('Enter');
      await resent;
      expect(page.url()).toBe(`${world.shop.url}/account/password?token=abc`);
    } finally {
      await context.close();
    }
  });
});
