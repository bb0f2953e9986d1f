// Issue 6: configure a plate, change the quantity, coupons, invalid then valid addresses, pay in the sandbox,
// thank-you page with the right total, cart empty afterwards; axe on cart and checkout.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ERIKA,
  addPlate,
  applyCoupon,
  cartSettled,
  dataLayerEvents,
  euro,
  expectAxeClean,
  fillCheckout,
  plain,
  unexpected,
} from './checkoutDriver';
import { gotoHydrated, reloadHydrated } from '../support/hydration';
import { type CheckoutWorld, startCheckoutWorld } from './checkoutWorld';

let world: CheckoutWorld;
beforeAll(async () => {
  world = await startCheckoutWorld();
});
afterAll(async () => {
  await world?.close();
});

describe('cart, checkout and payment in the browser', () => {
  it('buys a configured plate with a coupon and ends with an empty cart', async () => {
    const { page, errors } = await world.open('/kfz-kennzeichen');
    await addPlate(page, 'B-AB 123');
    await page.getByRole('link', { name: 'Warenkorb, 1 Artikel' }).click();
    await page.waitForURL('**/cart');
    const row = page.getByRole('row', { name: /B-AB 123/ });
    await row.waitFor();
    // The configuration is shown with the line.
    expect(await row.getByText('Kennzeichen', { exact: true }).count()).toBe(1);
    const unit = Number.parseFloat(
      plain(await row.locator('.cart-line-unit').textContent())
        .replace(/[^\d,]/g, '')
        .replace(',', '.'),
    );
    expect(unit).toBeGreaterThan(0);

    // Quantity: the minus button stops at the minimum, the plus button adds one through the cart store.
    expect(await row.getByRole('button', { name: /Menge verringern/ }).isDisabled()).toBe(true);
    await row.getByRole('button', { name: /Menge erhöhen/ }).click();
    await cartSettled(page);
    await page.getByRole('link', { name: 'Warenkorb, 2 Artikel' }).waitFor();
    await expect.poll(() => row.getByRole('spinbutton').inputValue()).toBe('2');
    await expect
      .poll(async () =>
        plain(await page.getByText('Zwischensumme').locator('xpath=following-sibling::dd[1]').textContent()),
      )
      .toBe(euro(unit * 2));

    // Coupons: expired, unknown, then valid.
    await applyCoupon(page, 'ALT2020');
    await page.getByText('Dieser Gutscheincode ist ungültig oder abgelaufen.').waitFor();
    await applyCoupon(page, 'GIBTSNICHT');
    await page.getByText('Diesen Gutscheincode gibt es nicht. Bitte prüfen Sie die Schreibweise.').waitFor();
    await applyCoupon(page, 'willkommen10');
    await page.getByText('Gutschein WILLKOMMEN10: 10 % Rabatt.').waitFor();
    await expectAxeClean(page);

    await page.getByRole('link', { name: 'Zur Kasse' }).click();
    await page.waitForURL('**/cart/checkout');
    await page.getByRole('button', { name: 'Zahlungspflichtig bestellen' }).waitFor();
    await page.getByRole('radio', { name: /PayPal/ }).waitFor();

    // Invalid input: German messages inline, on blur and on submit; nothing is sent.
    await fillCheckout(page, { ...ERIKA, email: 'erika..muster@example', zipCode: '1011', phone: '12' });
    await page.getByLabel('E-Mail').focus();
    await page.keyboard.press('Tab');
    await page
      .getByText('Bitte geben Sie eine gültige E-Mail-Adresse ein, z. B. name@beispiel.de.')
      .waitFor();
    await page.getByRole('button', { name: 'Zahlungspflichtig bestellen' }).click();
    await page.getByText('Bitte geben Sie eine Postleitzahl mit genau 5 Ziffern ein.').waitFor();
    await page.getByText(/Telefonnummer im Format \+49/).waitFor();
    await page.getByText('Bitte stimmen Sie den AGB zu.').waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('email');
    expect(await world.ordersFor(ERIKA.email)).toEqual([]);
    await expectAxeClean(page);

    // Valid input: the phone is written as '+49 …', the messages go.
    await fillCheckout(page, ERIKA);
    await page.getByLabel('PLZ').blur();
    await page.getByRole('checkbox', { name: /AGB/ }).check();
    await expect.poll(() => page.locator('.field-message').count()).toBe(0);
    await page.getByRole('radio', { name: /Kreditkarte/ }).check();
    await page.getByRole('button', { name: 'Zahlungspflichtig bestellen' }).click();

    // The sandbox provider on the API.
    await page.waitForURL(`${world.apiUrl}/sandbox/pay/**`);
    const expectedTotal = Math.round(unit * 2 * 0.9 * 100) / 100;
    const [order] = await world.ordersFor(ERIKA.email);
    expect(order?.status).toBe('paymentPending');
    // shipping comes on top of the discounted goods
    expect(order!.total).toBeGreaterThanOrEqual(expectedTotal);
    await page.getByText(euro(order!.total)).waitFor();
    await page.getByRole('button', { name: 'Zahlung bestätigen' }).click();

    await page.waitForURL('**/thank-you/**', { timeout: 15_000 });
    await page.getByTestId('order-number').waitFor();
    await expect
      .poll(async () => plain(await page.getByTestId('order-total').textContent()))
      .toBe(euro(order!.total));
    // Session 16: the paid order names the VAT its total contains (the invoice's figure, 19 % from the gross).
    const vatCents = Math.round((Math.round(order!.total * 100) * 19) / 119);
    await expect
      .poll(async () => plain(await page.getByTestId('order-vat').textContent()))
      .toBe(`Enthaltene MwSt. 19 %: ${euro(vatCents / 100)}`);
    await expect.poll(() => page.getByText('Gutschein WILLKOMMEN10').count()).toBe(1);
    await page.getByText('Hauptstraße 12a').first().waitFor();
    await expect.poll(() => page.getByText('Erika Mustermann').count()).toBe(2);
    await expect
      .poll(async () => (await world.ordersFor(ERIKA.email)).map((o) => o.status))
      .toEqual(['paid']);

    // GA4 events of these pages reach the data layer once the stored consent is applied (the consent module
    // loads on the first interaction, so move the mouse).
    await page.mouse.move(20, 20);
    await page.waitForFunction(
      () => {
        const layer = (window as unknown as { dataLayer?: { event?: string }[] }).dataLayer ?? [];
        return ['purchase', 'order_confirmation'].every((name) =>
          layer.some((entry) => entry?.event === name),
        );
      },
      undefined,
      { timeout: 30_000 },
    );
    const events = (await dataLayerEvents(page)).map((entry) => entry.event);
    expect(events.filter((event) => event === 'purchase')).toHaveLength(1);
    const purchase = (await dataLayerEvents(page)).find((entry) => entry.event === 'purchase');
    expect(purchase?.ecommerce).toMatchObject({
      currency: 'EUR',
      value: order!.total,
      coupon: 'WILLKOMMEN10',
    });

    // The thank-you page survives a reload (loaded through the SDK).
    await reloadHydrated(page);
    await expect
      .poll(async () => plain(await page.getByTestId('order-total').textContent()))
      .toBe(euro(order!.total));

    // spec 4 "Clearing": the cart is empty afterwards.
    await gotoHydrated(page, `${world.shop.url}/cart`);
    await page.getByText('Ihr Warenkorb ist leer.').waitFor();
    await expect
      .poll(() => page.getByRole('link', { name: /Warenkorb, 0 Artikel|^Warenkorb$/ }).count())
      .toBeGreaterThan(0);
    expect(unexpected(errors)).toEqual([]);
    await page.close();
  });

  it('sends /cart/checkout without a cart back to the cart', async () => {
    const { page } = await world.open('/cart/checkout');
    await page.waitForURL(/\/cart$/);
    await page.getByText('Ihr Warenkorb ist leer.').waitFor();
    await page.close();
  });
});
