// Session 16, § 356a BGB: the electronic withdrawal function in Chromium against the real API and the built
// storefront. From the home page's footer ("Vertrag widerrufen", no login) to the form, the summary with "Widerruf
// bestätigen", the time of receipt on screen, and the receipt mail in the sandbox outbox with the declaration and
// the same date and time. (The API side, with no enumeration, hostile input and the rate limit:
// packages/api/__tests__/withdrawals.test.ts.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guestOrder } from '../account/guestOrder';
import { expectAxeClean } from '../checkout/checkoutDriver';
import { type CheckoutWorld, startCheckoutWorld } from '../checkout/checkoutWorld';
import { outboxMail } from '../support/paidDemoOrder';

let world: CheckoutWorld;
beforeAll(async () => {
  world = await startCheckoutWorld();
});
afterAll(async () => {
  await world?.close();
});

const RECEIVED =
  /^Ihr Widerruf ist am (\d{1,2}\. \S+ \d{4}) um (\d\d:\d\d:\d\d Uhr MES?Z) eingegangen\. Wir haben Ihnen eine Bestätigung per E-Mail geschickt\.$/;

/** The outbox mail whose subject names `orderNumber`, read as the demo's reader sees it (its page's text). */
const receiptMail = (orderNumber: string) =>
  outboxMail(world.apiUrl, (subject) =>
    subject.includes(`Eingangsbestätigung Ihres Widerrufs (Bestellnummer ${orderNumber})`),
  );

describe('Vertrag widerrufen (§ 356a BGB)', () => {
  it('at 390 px: footer link on the home page, form, summary, confirmation, receipt mail with date and time', async () => {
    const email = `widerruf.${Date.now()}@example.de`;
    const { orderNumber } = await guestOrder(world.apiUrl, email);
    const { page, errors } = await world.open('/', { width: 390 });

    // On a phone the footer's sections are folded; the link is not in one of them.
    const link = page.getByRole('link', { name: 'Vertrag widerrufen' });
    await link.scrollIntoViewIfNeeded();
    expect(await link.isVisible()).toBe(true);
    await link.click();
    await page.waitForURL(`${world.shop.url}/vertrag-widerrufen`);
    await page.getByRole('heading', { level: 1, name: 'Vertrag widerrufen' }).waitFor();
    await page.getByRole('heading', { name: 'Schritt 1 von 2: Ihre Angaben' }).waitFor();

    // Step 1: a missing field is named in German and tied to its field.
    await page.getByRole('button', { name: 'Weiter', exact: true }).click();
    await page.getByText('Bitte geben Sie Ihren Namen ein.').waitFor();
    await expect.poll(() => page.getByLabel('Vor- und Nachname').getAttribute('aria-invalid')).toBe('true');
    await expectAxeClean(page);
    // Pasted from a PDF: a line separator (U+2028) the field shows as a space. The API refuses it in a single line;
    // the form sends it as the space the shopper saw (before: refused, back in step 1 with nothing visible to fix).
    await page.getByLabel('Vor- und Nachname').fill('Gerda\u2028Gast');
    await page.getByLabel('Bestellnummer').fill(orderNumber);
    await page.getByLabel('E-Mail-Adresse für die Eingangsbestätigung').fill(email);
    await page.getByLabel(/Welche Waren/).fill('Funschild „GAST 1“');
    await page.getByLabel(/Welche Waren/).press('Enter');

    // Step 2: the summary, its heading focused, sent with "Widerruf bestätigen".
    const review = page.getByRole('heading', { name: 'Schritt 2 von 2: Angaben prüfen' });
    await review.waitFor();
    await expect.poll(() => review.evaluate((heading) => heading === document.activeElement)).toBe(true);
    await page.getByText(orderNumber, { exact: true }).waitFor();
    await expectAxeClean(page);
    await page.getByRole('button', { name: 'Widerruf bestätigen' }).click();

    // The time of receipt on screen ...
    const done = page.getByRole('heading', { name: 'Widerruf eingegangen' });
    await done.waitFor();
    await expect.poll(() => done.evaluate((heading) => heading === document.activeElement)).toBe(true);
    const shown = (await page.getByText(RECEIVED).textContent()) ?? '';
    const [, day, time] = RECEIVED.exec(shown) ?? [];
    await expectAxeClean(page);

    // The demo shop names its sandbox outbox, where the mail is.
    expect(
      await page
        .getByRole('link', { name: 'Bestätigung im Sandbox-Postausgang ansehen' })
        .getAttribute('href'),
    ).toBe(`${world.apiUrl}/sandbox/outbox`);

    // ... and in the receipt mail, with the declaration and what happens next.
    const mail = await receiptMail(orderNumber);
    expect(mail.to).toBe(email);
    for (const line of [
      'Guten Tag Gerda Gast,',
      `Ihr Widerruf ist am ${day} um ${time} bei uns eingegangen.`,
      '  Funschild „GAST 1“',
      `Bestellnummer: ${orderNumber}`,
      `E-Mail-Adresse für diese Bestätigung: ${email}`,
      `Eingegangen am: ${day} um ${time}`,
      'spätestens binnen 14 Tagen ab dem Eingang Ihres Widerrufs (§ 357 BGB)',
      'Unsere Widerrufsbelehrung',
      'Mit freundlichen Grüßen',
    ])
      expect(mail.text).toContain(line);
    // Session 25, accountfollow: the page asks who is logged in (to offer a customer their orders); nobody is, so the
    // API answers that one request 401, which the browser logs. Anything else is a real error.
    expect(errors.filter((error) => !error.includes('status of 401'))).toEqual([]);
  });

  it('at 1366 px the page is served complete by the server (heading, fields, the way without script)', async () => {
    const context = await world.browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 1366, height: 900 },
    });
    try {
      const page = await context.newPage();
      const response = await page.goto(`${world.shop.url}/vertrag-widerrufen`);
      expect(response?.status()).toBe(200);
      await page.getByRole('heading', { level: 1, name: 'Vertrag widerrufen' }).waitFor();
      expect(await page.getByLabel('Bestellnummer').count()).toBe(1);
      // Chromium's script switch keeps the parser's scripting flag, so <noscript> is not shown here: read it.
      expect(await page.locator('noscript').innerHTML()).toContain('Das Formular braucht JavaScript.');
      // Reached from the footer of every page, also without script.
      await page.goto(`${world.shop.url}/impressum`);
      expect(await page.getByRole('link', { name: 'Vertrag widerrufen' }).getAttribute('href')).toBe(
        '/vertrag-widerrufen',
      );
    } finally {
      await context.close();
    }
  });
});
