// Issue 13 "resend the address confirmation", in Chromium against the real API and the built storefront: the
// button on the page that waits for the mail, and the form on the page of an invalid or expired link. (The API
// side, with the new link replacing the old one and the once-a-minute interval: packages/api
// __tests__/resendConfirmation.test.ts.)
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CheckoutWorld, startCheckoutWorld } from '../checkout/checkoutWorld';
import { expectAxeClean } from '../checkout/checkoutDriver';

let world: CheckoutWorld;
beforeAll(async () => {
  world = await startCheckoutWorld();
});
afterAll(async () => {
  await world?.close();
});

let counter = 0;
const freshEmail = () => `wieder.${Date.now()}.${++counter}@example.de`;
const BUTTON = 'Bestätigungs-E-Mail erneut senden';
const SENT = /Wir haben eine neue Bestätigungs-E-Mail verschickt, sofern zu dieser Adresse/;
/** The 401 of "who is logged in?" while nobody is, and the 400 of the invalid link the test opens on purpose. */
const realErrors = (errors: string[]) => errors.filter((error) => !/status of (400|401)\b/.test(error));

async function register(page: Page, email: string) {
  await page.getByLabel('Vorname').fill('Gerda');
  await page.getByLabel('Nachname').fill('Gast');
  await page.getByLabel('E-Mail').fill(email);
  await page.getByLabel('Passwort').fill('Sommer 2026!');
  await page.getByRole('button', { name: 'Registrieren' }).click();
  await page.getByRole('heading', { level: 1, name: 'Willkommen, Gerda!' }).waitFor();
}

describe('resend the confirmation mail (issue 13)', () => {
  it('at 390 px: after registering, the button asks again and leads to the outbox holding the mail', async () => {
    const email = freshEmail();
    const { page, errors } = await world.open('/account/register', { width: 390 });
    await register(page, email);

    await page.getByRole('button', { name: BUTTON }).click();
    await page.getByText(SENT).waitFor();
    await expectAxeClean(page);
    await page.getByRole('link', { name: 'Neue E-Mail im Sandbox-Postausgang ansehen' }).click();
    await page.waitForURL(`${world.apiUrl}/sandbox/outbox`);
    await page.getByText('Sandbox – keine echte E-Mail').waitFor();
    await page.getByText(`an ${email}`).first().waitFor();
    expect(realErrors(errors)).toEqual([]);
  });

  it('at 1366 px: an invalid link offers a new one for a typed address, checked before sending', async () => {
    const { page, errors } = await world.open('/account/confirm?token=abgelaufen', { width: 1366 });
    await page
      .getByText('Dieser Bestätigungslink ist ungültig, abgelaufen oder wurde schon verwendet.')
      .waitFor();

    await page.getByLabel('E-Mail').fill('gerda..gast@example');
    await page.getByRole('button', { name: BUTTON }).click();
    await page.getByText('Bitte geben Sie eine gültige E-Mail-Adresse ein.').waitFor();
    await expect.poll(() => page.getByLabel('E-Mail').getAttribute('aria-invalid')).toBe('true');

    await page.getByLabel('E-Mail').fill(freshEmail());
    await page.getByRole('button', { name: BUTTON }).click();
    await page.getByText(SENT).waitFor();
    expect(await page.getByText('Bitte geben Sie eine gültige E-Mail-Adresse ein.').count()).toBe(0);
    await expectAxeClean(page);
    expect(realErrors(errors)).toEqual([]);
  });
});
