// A German consumer buying a plate on a phone, as the shop's lawyer checks it (§ 312j BGB: before the button what is
// bought and its total with VAT and shipping, the button "Zahlungspflichtig bestellen"; § 312i/§ 312f BGB: the order
// confirmation by mail after paying). Real API, built storefront, Chromium; the mail read in the sandbox outbox.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERIKA, addPlate, expectAxeClean, fillCheckout, plain, unexpected } from './checkoutDriver';
import { gotoHydrated } from '../support/hydration';
import { type CheckoutWorld, startCheckoutWorld } from './checkoutWorld';

let world: CheckoutWorld;
beforeAll(async () => {
  world = await startCheckoutWorld();
});
afterAll(async () => {
  await world?.close();
});

const BUYER = { ...ERIKA, email: 'recht@example.de', name: 'Jürgen' };

describe('the order journey a German consumer and the lawyer check', () => {
  it('shows the order review above "Zahlungspflichtig bestellen", says what happens next, and mails the confirmation once', async () => {
    const { page, errors } = await world.open('/kfz-kennzeichen', { width: 375 });
    // Art. 246a § 1 (1) Nr. 7 EGBGB: the delivery time before the order, under the price (the shop's shipping method).
    expect(plain(await page.locator('.product__price + .product__delivery').textContent())).toBe(
      'Lieferzeit: 1–3 Werktage innerhalb Deutschlands',
    );
    await addPlate(page, 'M-RA 312');
    await gotoHydrated(page, `${world.shop.url}/cart/checkout`);
    const button = page.getByRole('button', { name: 'Zahlungspflichtig bestellen' });
    await button.waitFor();
    await fillCheckout(page, BUYER);

    // On a phone the summary beside the form comes after the button; the review is right above it.
    const review = page.getByRole('region', { name: 'Bestellübersicht' });
    await expect
      .poll(async () => plain(await review.getByRole('listitem').first().textContent()))
      .toMatch(/^1 × .*Kennzeichen: M-RA 312.*: \d+,\d\d €$/);
    const total = plain(await review.getByTestId('review-total').textContent());
    expect(total).toBe(`Gesamtsumme: ${plain(await page.getByTestId('cart-total').textContent())}`);
    expect(plain(await review.textContent())).toMatch(
      /inkl\. MwSt\. und (kostenlosem Versand|\d+,\d\d € Versand)/,
    );
    expect(plain(await review.getByTestId('review-delivery').textContent())).toBe('Lieferzeit: 1–3 Werktage');
    const reviewBox = (await review.boundingBox())!;
    const buttonBox = (await button.boundingBox())!;
    const summaryBox = (await page.locator('.checkout-summary').boundingBox())!;
    expect(reviewBox.y).toBeLessThan(buttonBox.y);
    expect(buttonBox.y - (reviewBox.y + reviewBox.height)).toBeLessThan(400);
    expect(summaryBox.y).toBeGreaterThan(buttonBox.y);
    await expectAxeClean(page);

    await page.getByRole('checkbox', { name: /AGB/ }).check();
    await button.click();
    await page.waitForURL(`${world.apiUrl}/sandbox/pay/**`);
    await page.getByRole('button', { name: 'Zahlung bestätigen' }).click();
    await page.waitForURL('**/thank-you/**', { timeout: 15_000 });
    const orderNumber = plain(await page.getByTestId('order-number').textContent());
    const nextSteps = page.getByRole('region', { name: 'So geht es weiter' });
    await nextSteps
      .getByText(
        `Die Bestellbestätigung mit allen Angaben, unseren AGB und der Widerrufsbelehrung senden wir Ihnen per E-Mail an ${BUYER.email}.`,
      )
      .waitFor();
    expect(await nextSteps.getByRole('link', { name: 'Widerrufsbelehrung' }).getAttribute('href')).toBe(
      '/widerrufsrecht',
    );
    await expectAxeClean(page);
    const thankYouUrl = page.url().replace(/[?#].*$/, '');

    // The mail, in the sandbox outbox of the demo: once, to the buyer, with the plate and the order page's link.
    await page.goto(`${world.apiUrl}/sandbox/outbox`);
    const mails = page.getByRole('link', { name: `Ihre Bestellung ${orderNumber} – Bestellbestätigung` });
    await expect.poll(() => mails.count(), { timeout: 10_000 }).toBe(1);
    await mails.click();
    const text = plain(await page.locator('pre').textContent());
    expect(text).toContain(`Guten Tag ${BUYER.name} ${BUYER.lastName},`);
    expect(text).toContain('Kennzeichen: M-RA 312');
    expect(text).toContain(`Bestellnummer: ${orderNumber}`);
    expect(text).toContain('Lieferzeit innerhalb Deutschlands: 1–3 Werktage.');
    expect(text).toContain(`${world.shop.url}/widerrufsrecht`);
    await page.getByRole('link', { name: 'Link öffnen' }).click();
    await page.waitForURL(thankYouUrl);
    await page.getByTestId('order-number').waitFor();
    expect(unexpected(errors)).toEqual([]);
  });
});
