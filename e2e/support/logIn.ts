// A shopper's login in the browser, one piece for the tests that log in on the way to something else (the account
// tests, the returning buyer's checkout, the shipment's order card), which had written it out eight times.
import type { Page } from 'playwright-core';
import { gotoHydrated } from './hydration';

/**
 * Opens the shop's login page, types the e-mail and the password, presses "Anmelden" and waits for the account page.
 *
 * @example
 * await logInAsShopper(page, shop.url, DEMO.email, DEMO.password);
 */
export async function logInAsShopper(
  page: Page,
  shopUrl: string,
  email: string,
  password: string,
): Promise<void> {
  await gotoHydrated(page, `${shopUrl}/account/login`);
  await page.getByLabel('E-Mail').fill(email);
  await page.getByLabel('Passwort').fill(password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await page.waitForURL('**/account');
}
