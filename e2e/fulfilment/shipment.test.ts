// Session 18, fulfilment, in Chromium against the real API and the built storefront: the demo customer pays an
// order; the operator lists the orders to ship and ships it with the real `lp-api orders` command on the API's
// PGlite folder (stopped for it, as PGlite allows one process per folder); the Versandbestätigung is in the sandbox
// outbox when the API is back; the account's order list shows the day and the tracking link. (The API side, with
// refusals, repeats, corrections and retries: packages/api/__tests__/fulfilment.test.ts.)
// Session 19, shipping2: an order in two parcels (`ship --lines`): the order page the confirmation mail links to shows
// them to a guest without script and hydrated, the account's card too, each parcel with its own mail.
// Session 19, einvoicelink: a company's order with a Rechnungskorrektur: the order page and the account's card offer
// the XRechnung of both, downloaded through the storefront's /api (the guid proves the order there, the session here).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAxeClean } from '../checkout/checkoutDriver';
import { address, funschild } from '../contract/support';
import { gotoHydrated } from '../support/hydration';
import { logInAsShopper } from '../support/logIn';
import { type OperatorShop, startOperatorShop } from '../support/operatorShop';
import { DEMO, placePaidDemoOrder } from '../support/paidDemoOrder';

const TRACKING = '00340434161234567890';
const TRACKING_URL = `https://www.dhl.de/de/privatkunden/pakete-empfangen/verfolgen.html?piececode=${TRACKING}`;

let world: OperatorShop;
beforeAll(async () => {
  world = await startOperatorShop('fulfilment');
}, 120_000);
afterAll(async () => {
  await world?.close();
});

/** The demo customer's paid order of `quantity` of each plate, to a Packstation (its Postnummer in street2). */
const paidDemoOrder = (
  apiUrl: string,
  quantity = 1,
  billingAddress?: typeof address,
  plates = ['M LP 2026'],
) =>
  placePaidDemoOrder(apiUrl, {
    items: plates.map((plate) => funschild(quantity, plate)),
    shippingAddress: { ...address, street2: 'Postnummer 12345678' },
    ...(billingAddress ? { billingAddress } : {}),
  });

/** The subjects in the sandbox outbox. */
async function outboxSubjects(): Promise<string[]> {
  const outbox = await (await fetch(`${world.api.url}/sandbox/outbox`)).text();
  return [...outbox.matchAll(/<a href="\/sandbox\/outbox\/[0-9a-f-]{36}">([^<]*)<\/a>/g)].map(
    ([, subject]) => subject!,
  );
}

describe('fulfilment: the operator ships, the shopper is told and sees it', () => {
  it('pays, lists, ships with lp-api orders, mails the tracking link, shows it in the account', async () => {
    const { orderNumber } = await paidDemoOrder(world.api.url);
    // Paid, not shipped: "In Bearbeitung" in the account (checked below after the shipment for the link).

    // The operator: PGlite allows one process per folder, so the API stops for the commands.
    await world.withApiStopped(async (run) => {
      const list = await run(['orders']);
      expect(list.code, list.stderr).toBe(0);
      expect(list.stdout).toContain(orderNumber);
      expect(list.stdout).toContain('Postnummer 12345678');
      const shipped = await run(['orders', 'ship', orderNumber, '--tracking', TRACKING]);
      expect(shipped.code, shipped.stderr).toBe(0);
      expect(shipped.stdout).toContain('Versandbestätigung sent to the billing e-mail.');
      const again = await run(['orders', 'ship', orderNumber]);
      expect(again.code).toBe(0);
      expect(again.stdout).toContain('no second mail');
    });

    // The mail, once, in the sandbox outbox.
    const outbox = await (await fetch(`${world.api.url}/sandbox/outbox`)).text();
    const links = [...outbox.matchAll(/<a href="(\/sandbox\/outbox\/[0-9a-f-]{36})">([^<]*)<\/a>/g)].filter(
      ([, , subject]) => subject === `Ihre Bestellung ${orderNumber} ist unterwegs`,
    );
    expect(links).toHaveLength(1);
    const mail = await (await fetch(`${world.api.url}${links[0]![1]}`)).text();
    expect(mail).toContain(`Sendungsnummer: ${TRACKING}`);
    expect(mail).toContain(`Sendung verfolgen: ${TRACKING_URL}`);

    // The shopper's account.
    const context = await world.browser.newContext({ viewport: { width: 390, height: 900 } });
    try {
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await logInAsShopper(page, world.shop.url, DEMO.email, DEMO.password);
      const card = page.locator('li.order-card', {
        has: page.getByRole('heading', { name: `Bestellung ${orderNumber}` }),
      });
      await card.waitFor();
      await card.getByText(/^Versandt am \d\d\.\d\d\.\d{4} mit DHL/).waitFor();
      const link = card.getByRole('link', {
        name: `Sendung verfolgen: ${TRACKING} bei DHL (öffnet in neuem Tab)`,
      });
      expect(await link.getAttribute('href')).toBe(TRACKING_URL);
      expect(await link.getAttribute('target')).toBe('_blank');
      expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
      await expectAxeClean(page);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 180_000);

  it('ships one plate now and one later: the order page and the account show both parcels with their links', async () => {
    const { orderNumber, headerGuid } = await paidDemoOrder(world.api.url, 2);
    const DPD = '01234567890123';
    const DPD_URL = `https://tracking.dpd.de/status/de_DE/parcel/${DPD}`;
    const first = await world.operator([
      'orders',
      'ship',
      orderNumber,
      '--lines',
      '1:1',
      '--carrier',
      'DPD',
      '--tracking',
      DPD,
    ]);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain('Left to ship: line 1 (1).');
    expect(await outboxSubjects()).toContain(`Paket 1 Ihrer Bestellung ${orderNumber} ist unterwegs`);

    // The order page as the guest opens it from the mail: server-rendered (no script needed) ...
    const html = await (await fetch(`${world.shop.url}/thank-you/${headerGuid}`)).text();
    expect(html).toContain('Folgt separat: ');
    expect(html).toContain(`href="${DPD_URL}"`);
    // ... and hydrated, without a login.
    const context = await world.browser.newContext({ viewport: { width: 390, height: 900 } });
    try {
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await gotoHydrated(page, `${world.shop.url}/thank-you/${headerGuid}`);
      // Session 21: the guest coming back reads where the order is, not thanks as if it had just been placed.
      await page
        .getByRole('heading', { level: 1, name: 'Ihre Bestellung wurde teilweise versandt' })
        .waitFor();
      expect(await page.title()).toMatch(/^Ihre Bestellung wurde teilweise versandt \| /);
      const shipping = page.getByRole('region', { name: 'Versand' });
      await shipping.getByText(/^Paket 1: versandt am \d\d\.\d\d\.\d{4} mit DPD/).waitFor();
      expect(await shipping.textContent()).toContain('Folgt separat: 1 × ');
      const link = shipping.getByRole('link', {
        name: `Sendung verfolgen: ${DPD} bei DPD (öffnet in neuem Tab)`,
      });
      expect(await link.getAttribute('href')).toBe(DPD_URL);
      expect(await link.getAttribute('target')).toBe('_blank');
      await expectAxeClean(page);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }

    // The rest the next day, with DHL; the account's card shows both parcels.
    const rest = await world.operator([
      'orders',
      'ship',
      orderNumber,
      '--tracking',
      TRACKING.replace(/0$/, '1'),
    ]);
    expect(rest.code, rest.stderr).toBe(0);
    expect(rest.stdout).toContain('The order is now shipped completely.');
    expect(await outboxSubjects()).toContain(`Paket 2 Ihrer Bestellung ${orderNumber} ist unterwegs`);
    const shipped = await (await fetch(`${world.shop.url}/thank-you/${headerGuid}`)).text();
    expect(shipped).toMatch(/<h1[^>]*>Ihre Bestellung wurde versandt<\/h1>/);
    expect(shipped).toMatch(/<title>Ihre Bestellung wurde versandt \| /);
    expect(shipped).not.toContain('Vielen Dank für Ihre Bestellung');
    const account = await world.browser.newContext({ viewport: { width: 390, height: 900 } });
    try {
      const page = await account.newPage();
      await logInAsShopper(page, world.shop.url, DEMO.email, DEMO.password);
      const card = page.locator('li.order-card', {
        has: page.getByRole('heading', { name: `Bestellung ${orderNumber}` }),
      });
      await card.getByText('Ihre Bestellung ist vollständig versandt.').waitFor();
      expect(await card.getByText(/^Paket \d: versandt am/).count()).toBe(2);
      await card
        .getByRole('link', { name: `Sendung verfolgen: ${DPD} bei DPD (öffnet in neuem Tab)` })
        .waitFor();
      await expectAxeClean(page);
    } finally {
      await account.close();
    }
  }, 240_000);
  // Session 20, parcels: two plates of one product in two parcels; the packer recorded the wrong one first.
  it('names the plate in each parcel on the order page, also after the warehouse corrected a parcel', async () => {
    const { orderNumber, headerGuid } = await paidDemoOrder(world.api.url, 1, undefined, [
      'M LP 1',
      'M LP 2',
    ]);
    const DPD = '01234567890124';
    const first = await world.operator([
      'orders',
      'ship',
      orderNumber,
      '--lines',
      '1',
      '--carrier',
      'DPD',
      '--tracking',
      DPD,
    ]);
    expect(first.code, first.stderr).toBe(0);
    // Parcel 1 held plate M LP 2: corrected, carrier and number kept, its Versandbestätigung sent again.
    const corrected = await world.operator(['orders', 'ship', orderNumber, '--correct', '--lines', '2']);
    expect(corrected.code, corrected.stderr).toBe(0);
    expect(corrected.stdout).toContain(`corrected, parcel 1 (line 2 (1)): DPD, tracking number ${DPD}`);
    const subject = `Paket 1 Ihrer Bestellung ${orderNumber} ist unterwegs`;
    const subjects = await outboxSubjects();
    expect(subjects).toContain(subject);
    expect(subjects).toContain(`Korrektur: ${subject}`);

    // Without script, the guest's order page already names the plates.
    const html = await (await fetch(`${world.shop.url}/thank-you/${headerGuid}`)).text();
    expect(html).toMatch(/Inhalt: (<!-- -->)?1 × Funschild[^<(]* \(Kennzeichen: M LP 2\)<br\/>/);
    const context = await world.browser.newContext({ viewport: { width: 390, height: 900 } });
    try {
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await gotoHydrated(page, `${world.shop.url}/thank-you/${headerGuid}`);
      const shipping = page.getByRole('region', { name: 'Versand' });
      const parcel = shipping.getByRole('listitem');
      await parcel.getByText(/^Paket 1: versandt am \d\d\.\d\d\.\d{4} mit DPD/).waitFor();
      expect(await parcel.textContent()).toMatch(
        /Inhalt: 1 × Funschild[^(]* \(Kennzeichen: M LP 2\)Sendungsnummer/,
      );
      expect(await shipping.textContent()).toMatch(
        /Folgt separat: 1 × Funschild[^(]* \(Kennzeichen: M LP 1\)$/,
      );
      // WCAG 2.5.3: the link's name begins with what it shows, so "Sendung verfolgen" said aloud finds it.
      const link = shipping.getByRole('link', {
        name: `Sendung verfolgen: ${DPD} bei DPD (öffnet in neuem Tab)`,
      });
      expect(await link.textContent()).toBe('Sendung verfolgen');
      await expectAxeClean(page);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 240_000);

  it("offers a company order's XRechnung and its Rechnungskorrektur's on the order page and in the account", async () => {
    const company = 'Autohaus Weiß & Söhne GmbH';
    const { orderNumber, headerGuid } = await paidDemoOrder(world.api.url, 1, { ...address, company });
    const refund = await world.operator([
      'orders',
      'refund',
      orderNumber,
      '--amount',
      '5',
      '--reason',
      'goodwill',
    ]);
    expect(refund.code, refund.stderr).toBe(0);
    const creditNote = /Rechnungskorrektur (RK-\d{4}-\d{6})/.exec(refund.stdout)?.[1];
    expect(creditNote, refund.stdout).toBeTruthy();
    const invoicePath = `/api/Order/${orderNumber}/xrechnung`;
    const notePath = `${invoicePath}/${creditNote}`;

    // The order page without script: the links are in the server's HTML (nothing moves when the part hydrates).
    const html = await (await fetch(`${world.shop.url}/thank-you/${headerGuid}`)).text();
    expect(html).toContain(`href="${invoicePath}?headerGuid=${headerGuid}"`);
    expect(html).toContain(`href="${notePath}?headerGuid=${headerGuid}"`);

    const context = await world.browser.newContext({
      viewport: { width: 390, height: 900 },
      acceptDownloads: true,
    });
    try {
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await gotoHydrated(page, `${world.shop.url}/thank-you/${headerGuid}`);
      const documents = page.getByRole('region', { name: 'E-Rechnung' });
      const invoiceLink = documents.getByRole('link', {
        name: /^E-Rechnung \(XRechnung\) herunterladen: Rechnung RE-\d{4}-\d{6}, XML-Datei$/,
      });
      // By keyboard: the link takes focus and Enter saves the file under the API's name.
      await invoiceLink.focus();
      const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
      expect(download.suggestedFilename()).toMatch(/^XRechnung-RE-\d{4}-\d{6}\.xml$/);
      expect(await download.failure()).toBeNull();
      const noteLink = documents.getByRole('link', {
        name: `Rechnungskorrektur als XRechnung: ${creditNote}, XML-Datei`,
      });
      const [noteDownload] = await Promise.all([page.waitForEvent('download'), noteLink.click()]);
      expect(noteDownload.suggestedFilename()).toBe(`XRechnung-${creditNote}.xml`);
      // What the links answer through the storefront, without a session: the guid proves the order.
      for (const href of [await invoiceLink.getAttribute('href'), await noteLink.getAttribute('href')]) {
        const answer = await fetch(`${world.shop.url}${href}`);
        expect(answer.status, href!).toBe(200);
        expect(answer.headers.get('content-type')).toBe('application/xml; charset=utf-8');
        expect(await answer.text()).toContain(company.replace('&', '&amp;'));
      }
      await expectAxeClean(page);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }

    // The account: the card's links carry no guid; the session cookie proves the order.
    const account = await world.browser.newContext({
      viewport: { width: 390, height: 900 },
      acceptDownloads: true,
    });
    try {
      const page = await account.newPage();
      await logInAsShopper(page, world.shop.url, DEMO.email, DEMO.password);
      const card = page.locator('li.order-card', {
        has: page.getByRole('heading', { name: `Bestellung ${orderNumber}` }),
      });
      const invoiceLink = card.getByRole('link', {
        name: /^E-Rechnung \(XRechnung\) herunterladen: Rechnung RE-/,
      });
      await invoiceLink.waitFor();
      expect(await invoiceLink.getAttribute('href')).toBe(invoicePath);
      const [download] = await Promise.all([page.waitForEvent('download'), invoiceLink.click()]);
      expect(download.suggestedFilename()).toMatch(/^XRechnung-RE-\d{4}-\d{6}\.xml$/);
      const noteLink = card.getByRole('link', {
        name: `Rechnungskorrektur als XRechnung: ${creditNote}, XML-Datei`,
      });
      expect(await noteLink.getAttribute('href')).toBe(notePath);
      const answer = await account.request.get(`${world.shop.url}${notePath}`);
      expect(answer.status()).toBe(200);
      expect(answer.headers()['content-type']).toBe('application/xml; charset=utf-8');
      // Without the session (or the guid) the same address is no proof.
      expect((await fetch(`${world.shop.url}${notePath}`)).status).toBe(404);
      await expectAxeClean(page);
    } finally {
      await account.close();
    }
  }, 240_000);
});
