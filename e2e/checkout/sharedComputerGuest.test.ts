// One computer, several people (decisions.md "One computer, several people", session 25): a guest pays at the
// library computer and walks away; the next guest in the same tab finds an empty checkout, not the first one's
// e-mail, phone and address. Anna and Ben on the family laptop: e2e/account/sharedDevice.test.ts.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gotoHydrated } from '../support/hydration';
import { ERIKA, addPlate, fillCheckout, unexpected } from './checkoutDriver';
import { type CheckoutWorld, startCheckoutWorld } from './checkoutWorld';

let world: CheckoutWorld;
beforeAll(async () => {
  world = await startCheckoutWorld();
});
afterAll(async () => {
  await world?.close();
});

/** Everything the tab keeps in its storages, as one text to search. */
const stored = (page: Page) => page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));

describe('a guest order at a shared computer', () => {
  it('leaves nothing of the paid guest in the tab: the next guest starts an empty checkout', async () => {
    const { page, errors } = await world.open('/kfz-kennzeichen');
    await addPlate(page, 'HH-GG 3');
    await gotoHydrated(page, `${world.shop.url}/cart/checkout`);
    await page.getByRole('button', { name: 'Zahlungspflichtig bestellen' }).waitFor();
    await fillCheckout(page, { ...ERIKA, email: 'gerda.gast@example.de', name: 'Gerda', lastName: 'Gast' });
    await page.getByRole('checkbox', { name: /AGB/ }).check();
    await page.getByRole('radio', { name: /Kreditkarte/ }).check();
    await expect.poll(() => stored(page)).toContain('gerda.gast@example.de');
    await page.getByRole('button', { name: 'Zahlungspflichtig bestellen' }).click();
    await page.waitForURL(`${world.apiUrl}/sandbox/pay/**`);
    await page.getByRole('button', { name: 'Zahlung bestätigen' }).click();
    await page.waitForURL('**/thank-you/**', { timeout: 15_000 });
    await page.getByTestId('order-number').waitFor();
    await expect.poll(() => stored(page)).not.toMatch(/gerda|Gast|Hauptstraße|12345678/i);

    // The next guest, same tab: a plate of their own, and none of Gerda's data in the form.
    await gotoHydrated(page, `${world.shop.url}/kfz-kennzeichen`);
    await addPlate(page, 'HH-NN 4');
    await gotoHydrated(page, `${world.shop.url}/cart/checkout`);
    const street = page.getByRole('group', { name: 'Lieferadresse' }).getByLabel('Straße');
    await street.waitFor();
    expect(await page.getByLabel('E-Mail').inputValue()).toBe('');
    expect(await page.getByLabel('Telefon').inputValue()).not.toContain('12345678');
    expect(await street.inputValue()).toBe('');
    expect(await page.getByText('HH-GG 3').count()).toBe(0);
    expect(unexpected(errors)).toEqual([]);
    await page.close();
  });
});
