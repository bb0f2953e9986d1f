// Session 26 (decisions.md "A paid guest order's page at a shared computer"): Gerda pays as a guest at the family
// computer; days later her brother types "thank" into the address bar and opens her order page from the history.
// He sees what was bought and where it is, not her name, e-mail, phone or addresses, and why in German.
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

const GERDA = {
  ...ERIKA,
  email: 'gerda.gast@example.de',
  phone: '040 98765432',
  name: 'Gerda',
  lastName: 'Gast',
  street: 'Lindenallee',
  zipCode: '20095',
  // Session 26, einvoicelink: a company's order, so the page offers the XRechnung, which names the whole buyer.
  company: 'Gast Söhne KG',
};

describe("a paid guest order's page at a shared computer", () => {
  it('a day later the link from the history shows the order, not who ordered it', async () => {
    const { page, errors } = await world.open('/kfz-kennzeichen');
    await addPlate(page, 'HH-GG 26');
    await gotoHydrated(page, `${world.shop.url}/cart/checkout`);
    await page.getByRole('button', { name: 'Zahlungspflichtig bestellen' }).waitFor();
    await fillCheckout(page, GERDA);
    await page.getByRole('checkbox', { name: /AGB/ }).check();
    await page.getByRole('radio', { name: /Kreditkarte/ }).check();
    await page.getByRole('button', { name: 'Zahlungspflichtig bestellen' }).click();
    await page.waitForURL(`${world.apiUrl}/sandbox/pay/**`);
    await page.getByRole('button', { name: 'Zahlung bestätigen' }).click();
    await page.waitForURL('**/thank-you/**', { timeout: 15_000 });
    const orderPage = page.url();
    // Gerda herself, right after paying: her addresses and where the confirmation goes.
    await page.getByText(`Bestätigung an: ${GERDA.email}`).waitFor();
    expect(await page.locator('address').count()).toBe(2);
    // And her XRechnung, proven by the order's guid inside the day.
    const eInvoiceLink = page.getByRole('link', { name: /^E-Rechnung \(XRechnung\) herunterladen/ });
    const xrechnung = `${world.shop.url}${await eInvoiceLink.getAttribute('href')}`;
    expect(xrechnung).toContain('?headerGuid=');
    const fresh = await fetch(xrechnung);
    expect(fresh.status).toBe(200);
    expect(await fresh.text()).toContain(GERDA.company);
    await gotoHydrated(page, `${world.shop.url}/`);

    // Two days pass (the database's clock: the order was paid and saved 48 hours ago).
    await world.sql(
      `UPDATE orders SET invoiced_at = invoiced_at - interval '48 hours', created_at = created_at - interval '48 hours',
              buyer_written_at = buyer_written_at - interval '48 hours'
        WHERE billing_person->>'email' = $1`,
      [GERDA.email],
    );

    // Her brother, same browser, opens the page from the history.
    const later = page;
    await gotoHydrated(later, orderPage);
    const notice = later.getByRole('region', { name: 'Adressen und Kontaktdaten ausgeblendet' });
    await notice.waitFor();
    expect(await notice.textContent()).toContain('nur 24 Stunden nach der Bestellung');
    expect(await notice.getByRole('link', { name: 'Anmeldung' }).getAttribute('href')).toBe('/account/login');
    // What was bought and its state stay.
    await later.getByText('HH-GG 26').first().waitFor();
    expect(await later.getByTestId('order-number').textContent()).toMatch(/^LP-/);
    // Nothing of Gerda: not on the page, not in the server's HTML (nor its data for hydration).
    const seen = (await later.locator('body').textContent()) ?? '';
    const html = await (await fetch(orderPage)).text();
    for (const text of [seen, await later.content(), html]) {
      for (const personal of [GERDA.email, 'Gerda', '98765432', GERDA.street, GERDA.zipCode, GERDA.company]) {
        expect(text).not.toContain(personal);
      }
    }
    expect(html).toContain('Adressen und Kontaktdaten ausgeblendet');
    // No XRechnung link on the page any more, but where it is; the guid's link is refused like an unknown order.
    const eInvoices = later.getByRole('region', { name: 'E-Rechnung' });
    await eInvoices.waitFor();
    expect(await eInvoices.textContent()).toContain('über den Link in Ihrer Bestellbestätigung per E-Mail');
    expect(await later.locator('a[href*="xrechnung"]').count()).toBe(0);
    const refused = await fetch(xrechnung);
    expect(refused.status).toBe(404);
    const refusedBody = await refused.text();
    for (const personal of [GERDA.email, 'Gerda', GERDA.street, GERDA.company]) {
      expect(refusedBody).not.toContain(personal);
    }
    // The notice is reached by keyboard: Tab from the page's top lands on its link (within the page's links).
    const focused = () => later.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
    let tabs = 0;
    while ((await focused()) !== 'Anmeldung' && tabs < 80) {
      await later.keyboard.press('Tab');
      tabs++;
    }
    expect(await focused()).toBe('Anmeldung');
    expect(unexpected(errors)).toEqual([]);
    await later.close();
  });
});
