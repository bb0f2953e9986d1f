// A commuter who has everything sent to a DHL Packstation (session 17): street "Packstation", the station's number
// as house number, the personal Postnummer in the address addition ("Adresszusatz"). Without the Postnummer DHL
// sends the parcel back, so the form asks for it at that field; with it, the thank-you page and the confirmation
// mail (read in the sandbox outbox) print it above the street, as on the parcel label. Real API, built storefront,
// Chromium, keyboard and axe.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPlate, expectAxeClean, fillCheckout, plain, unexpected } from './checkoutDriver';
import { gotoHydrated } from '../support/hydration';
import { type CheckoutWorld, startCheckoutWorld } from './checkoutWorld';

let world: CheckoutWorld;
beforeAll(async () => {
  world = await startCheckoutWorld();
});
afterAll(async () => {
  await world?.close();
});

const BUYER = {
  email: 'lena.krueger@example.de',
  phone: '0221 1234567',
  name: 'Lena',
  lastName: 'Krüger',
  street: 'Packstation',
  houseNumber: '123',
  zipCode: '50667',
  city: 'Köln',
};

describe('a Packstation order', () => {
  it('asks for the Postnummer at the address addition, then delivers it to the thank-you page and the mail', async () => {
    const { page, errors } = await world.open('/kfz-kennzeichen');
    await addPlate(page, 'K-LK 123');
    await gotoHydrated(page, `${world.shop.url}/cart/checkout`);
    const submit = page.getByRole('button', { name: 'Zahlungspflichtig bestellen' });
    await submit.waitFor();
    await fillCheckout(page, BUYER);
    await page.getByRole('checkbox', { name: /AGB/ }).check();

    const shipping = page.getByRole('group', { name: 'Lieferadresse' });
    const addition = shipping.getByRole('textbox', { name: 'Adresszusatz (optional)' });
    expect(await addition.getAttribute('autocomplete')).toBe('shipping address-line2');
    await expect
      .poll(async () => addition.evaluate((node) => (node as HTMLInputElement).labels?.[0]?.textContent))
      .toBe('Adresszusatz (optional)');
    // The hint is the field's description (aria-describedby), read with it.
    expect(
      await addition.evaluate((node) =>
        (node.getAttribute('aria-describedby') ?? '')
          .split(' ')
          .map((id) => document.getElementById(id)?.textContent)
          .join(' '),
      ),
    ).toContain(
      'Packstation: Straße „Packstation“, Hausnummer = Nummer der Packstation, Postnummer hier eintragen',
    );

    // Ordered without the Postnummer: nothing is sent, the field says why and has the focus.
    await submit.press('Enter');
    const message =
      'Für eine Packstation oder Postfiliale braucht DHL Ihre Postnummer (6 bis 10 Ziffern): Bitte tragen Sie sie hier ein, z. B. Postnummer 12345678.';
    await page.getByText(message).waitFor();
    await expect.poll(() => addition.evaluate((node) => node === document.activeElement)).toBe(true);
    expect(await addition.getAttribute('aria-invalid')).toBe('true');
    expect(await world.ordersFor(BUYER.email)).toEqual([]);
    await expectAxeClean(page);

    // Typed with the keyboard into the focused field; the message goes as the text passes.
    await page.keyboard.type('Postnummer 12345678');
    await expect.poll(() => page.getByText(message).count()).toBe(0);
    await submit.click();
    await page.waitForURL(`${world.apiUrl}/sandbox/pay/**`);
    await page.getByRole('button', { name: 'Zahlung bestätigen' }).click();
    await page.waitForURL('**/thank-you/**', { timeout: 15_000 });
    const orderNumber = plain(await page.getByTestId('order-number').textContent());

    const delivery = page.locator('.order-addresses address').first();
    // biome-ignore lint/performance/useDomNodeTextContent: the lines as the shopper sees them (<br> as line breaks)
    expect(await delivery.innerText()).toBe(
      'Lena Krüger\nPostnummer 12345678\nPackstation 123\n50667 Köln\nDeutschland',
    );
    await expectAxeClean(page);

    await page.goto(`${world.apiUrl}/sandbox/outbox`);
    const mails = page.getByRole('link', { name: `Ihre Bestellung ${orderNumber} – Bestellbestätigung` });
    await expect.poll(() => mails.count(), { timeout: 10_000 }).toBe(1);
    await mails.click();
    const text = plain(await page.locator('pre').textContent());
    expect(text).toContain(
      'Lieferadresse:\nLena Krüger\nPostnummer 12345678\nPackstation 123\n50667 Köln\nDeutschland',
    );
    expect(unexpected(errors)).toEqual([]);
    await page.close();
  });
});
