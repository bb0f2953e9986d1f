// § 312i (1) no. 3 and § 312f (2) BGB: a paid order is confirmed by mail, once, to the billing address, with what
// was bought, the totals, the addresses, the order page and the shop's legal texts. Read through the sandbox
// outbox's own pages, as a person (or the demo's shopper) reads it.
import { Writable } from 'node:stream';
import type { Order } from '@lp/sdk/contract';
import { paths } from '@lp/sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import type { MailTransport, OutgoingMail } from '../src/outbox/mailTransport';
import { type ReadMail, mailsFor } from './support/outboxMail';
import {
  type Api,
  addBody,
  addItem,
  address,
  call,
  makeApi,
  plateAttributes,
  saveBody,
} from './support/testApi';

const SHOP = 'http://localhost:3000';

let api: Api;
beforeAll(async () => {
  api = await makeApi();
});
afterAll(() => api.close());

/** Waits for the first mail of an order, then long enough for a second one to land if one were sent. */
async function settledMails(target: Api, orderNumber: string): Promise<ReadMail[]> {
  await expect
    .poll(() => mailsFor(target, orderNumber).then((m) => m.length), { timeout: 10_000 })
    .toBeGreaterThan(0);
  await new Promise((resolve) => setTimeout(resolve, 400));
  return mailsFor(target, orderNumber);
}

const getOrder = async (target: Api, headerGuid: string) =>
  (await call(target, 'GET', `${paths.order.get}?headerGuid=${headerGuid}`)).body as Order;

/** A cart of the given lines saved, confirmed and sent to the sandbox payment page; answers the page's path. */
async function checkout(
  target: Api,
  lines: Parameters<typeof addBody>[],
  overrides: Parameters<typeof saveBody>[0] = {},
) {
  let cartGuid: string | undefined;
  for (const line of lines) cartGuid = (await addItem(target, addBody(...line), cartGuid)).cartGuid!;
  const saved = await call(target, 'POST', paths.order.save, { body: saveBody(overrides), cartGuid });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const headerGuid = (saved.body as { orderHeaderGuid: string }).orderHeaderGuid;
  expect((await call(target, 'POST', paths.order.confirm, { body: { headerGuid } })).status).toBe(200);
  const payment = () =>
    call(target, 'POST', paths.order.createPayment, {
      body: {
        headerGuid,
        paymentMethod: 'paypal',
        returnUrl: `${SHOP}/wait-for-confirmation`,
        cancelUrl: `${SHOP}/cancel-order`,
      },
      headers: { host: '127.0.0.1:4000' },
    });
  const res = await payment();
  expect(res.status).toBe(200);
  const path = new URL((res.body as { redirectUrl: string }).redirectUrl).pathname;
  const { orderNumber } = await getOrder(target, headerGuid);
  return { cartGuid: cartGuid!, headerGuid, orderNumber, path, payment };
}

describe('order confirmation mail', () => {
  it('is sent once the payment is approved, to the billing address, with lines, totals, addresses and legal texts', async () => {
    const { headerGuid, orderNumber, path } = await checkout(
      api,
      [
        ['KFZ-001', 4, plateAttributes('M-XY 42')],
        ['KZH-001', 1],
      ],
      { couponCode: 'SOMMER5' },
    );
    expect(await mailsFor(api, orderNumber)).toEqual([]);
    expect((await call(api, 'POST', `${path}/approve`)).status).toBe(303);

    const [mail, ...more] = await settledMails(api, orderNumber);
    expect(more).toEqual([]);
    expect(mail!.to).toBe('erika@example.de');
    expect(mail!.subject).toBe(`Ihre Bestellung ${orderNumber} – Bestellbestätigung`);
    const order = await getOrder(api, headerGuid);
    const text = mail!.text;
    expect(text).toContain('Guten Tag Erika Musterfrau,');
    // A German date line: the time with "Uhr" (Intl writes "um 14:05" only).
    expect(text).toMatch(
      /vielen Dank für Ihre Bestellung vom \d{1,2}\. [A-Z][a-zä]+ \d{4} um \d{2}:\d{2} Uhr\./,
    );
    // Signed like a business letter, by the shop, before the quoted legal texts.
    expect(text).toContain(
      `Zahlung und Versand: ${SHOP}/zahlung-und-versand\n\nMit freundlichen Grüßen\nIhr Team von Kennzeichen-Profi\n\n\nIhr Vertragspartner`,
    );
    // The outbox lists it with a four-digit year (25.11.2026, not 25.11.26).
    const list = (await call(api, 'GET', '/sandbox/outbox')).raw.body;
    expect(list).toMatch(/an erika@example\.de · \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}:\d{2}/);
    expect(mail!.html).toMatch(/Gesendet: \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}:\d{2}/);
    expect(text).toContain(`Bestellnummer: ${orderNumber}`);
    expect(text).toContain('Zahlungsart: PayPal');
    // The plate as chosen: text, kind, size; 4 plates reach the 10 % tier (12,90 € → 11,61 €).
    expect(text).toContain('Kennzeichen: M-XY 42');
    expect(text).toContain('Größe: 520 × 110 mm');
    expect(text).toMatch(/4 × 11,61\s€ \(statt 12,90\s€, 10 % Mengenrabatt\) = 46,44\s€/);
    expect(text).toMatch(/1 × 4,90\s€ = 4,90\s€/);
    expect(text).toMatch(/Rabatt \(Gutschein SOMMER5\): −5,00\s€/);
    const total = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }).format(
      order.totalAmount,
    );
    // The mail is the invoice (session 16): the gross total below the net amount and the VAT (invoice.test.ts).
    expect(text).toContain(`Gesamtbetrag: ${total}`);
    // Art. 246a § 1 (1) no. 7 EGBGB: the delivery time the shop states for the order's shipping method.
    expect(text).toContain(
      'Versand am selben Tag bei Bestellung vor 14:00 Uhr.\nLieferzeit innerhalb Deutschlands: 1–3 Werktage.\n',
    );
    expect(text).toContain('Lieferadresse:\nMax Mustermann\nHauptstraße 12a\n10115 Berlin\nDeutschland');
    // Links to the shop the shopper paid from: the order page (its key) and the information pages.
    expect(text).toContain(`${SHOP}/thank-you/${headerGuid}`);
    expect(mail!.html).toContain(`href="${SHOP}/thank-you/${headerGuid}"`);
    for (const page of ['agb', 'widerrufsrecht', 'datenschutz', 'zahlung-und-versand'])
      expect(text).toContain(`${SHOP}/${page}`);
    // § 356a BGB (session 16): the mail names the electronic withdrawal function.
    expect(text).toContain(`Vertrag widerrufen (online, ohne Anmeldung): ${SHOP}/vertrag-widerrufen`);
    // A durable medium: the Widerrufsbelehrung and the AGB themselves, not only links to pages that may change.
    expect(text).toContain('binnen vierzehn Tagen ohne Angabe von Gründen');
    expect(text).toContain(
      'Das Widerrufsrecht besteht nicht bei Waren, die nach Kundenspezifikation angefertigt',
    );
    // The statutory model withdrawal form (Art. 246a § 1 (2) EGBGB), addressed to the shop, as lines to fill in.
    expect(text).toContain(
      'Muster-Widerrufsformular\n(Wenn Sie den Vertrag widerrufen wollen, dann füllen Sie bitte dieses Formular aus und senden Sie es zurück.)\n• An Kennzeichen-Profi GmbH',
    );
    expect(text).toContain('• Bestellt am (*)/erhalten am (*)\n• Name des/der Verbraucher(s)');
    expect(text).toContain('§ 2 Vertragsschluss');
    expect(text).toContain('Kennzeichen-Profi GmbH');
    expect(text).not.toMatch(/<\/?(p|h2|br|a|strong)\b/);
  });

  it('goes out once when the same payment is approved twice at the same moment', async () => {
    const { orderNumber, path } = await checkout(api, [['KZH-001', 2]]);
    const answers = await Promise.all([
      call(api, 'POST', `${path}/approve`),
      call(api, 'POST', `${path}/approve`),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([303, 409]);
    expect(await settledMails(api, orderNumber)).toHaveLength(1);
  });

  it('goes out once when confirm and payment are retried and raced', async () => {
    const { headerGuid, orderNumber, path, payment } = await checkout(api, [['KZH-001', 3]]);
    // A second payment attempt and confirms racing it: the first attempt is superseded, the second approved.
    const [second] = await Promise.all([
      payment(),
      call(api, 'POST', paths.order.confirm, { body: { headerGuid } }),
      call(api, 'POST', paths.order.confirm, { body: { headerGuid } }),
    ]);
    const secondPath = new URL((second.body as { redirectUrl: string }).redirectUrl).pathname;
    const answers = await Promise.all([
      call(api, 'POST', `${path}/approve`),
      call(api, 'POST', `${secondPath}/approve`),
      call(api, 'POST', `${secondPath}/approve`),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([303, 409, 409]);
    // Retries after the order is paid change nothing and send nothing.
    await call(api, 'POST', paths.order.confirm, { body: { headerGuid } });
    await payment();
    await call(api, 'POST', `${secondPath}/approve`);
    expect((await getOrder(api, headerGuid)).status).toBe('paid');
    expect(await settledMails(api, orderNumber)).toHaveLength(1);
  });

  it('leaves the delivery time out when the shop states none for the method', async () => {
    await api.db.query('UPDATE shipping_methods SET delivery_time = NULL WHERE id = 1');
    try {
      const { orderNumber, path } = await checkout(api, [['KZH-001', 1]]);
      await call(api, 'POST', `${path}/approve`);
      const [mail] = await settledMails(api, orderNumber);
      expect(mail!.text).toContain('Versand am selben Tag bei Bestellung vor 14:00 Uhr.');
      expect(mail!.text).not.toContain('Lieferzeit');
    } finally {
      await api.db.query("UPDATE shipping_methods SET delivery_time = '1–3 Werktage' WHERE id = 1");
    }
  });

  it('is not sent for a cancelled payment', async () => {
    const { orderNumber, path } = await checkout(api, [['KZH-001', 1]]);
    expect((await call(api, 'POST', `${path}/cancel`)).status).toBe(303);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await mailsFor(api, orderNumber)).toEqual([]);
  });

  it('shows a hostile company and name plate text as text: plain in the mail, escaped on the outbox page', async () => {
    const company = `<img src=x onerror="alert(1)"> & Söhne's <script>alert(2)</script>`;
    const lettering = 'FAMILIE <B>MÜLLER</B> & "SÖHNE"';
    const billing = { ...address, name: 'Anne-Marie', lastName: "O'Brien", company };
    const { orderNumber, path } = await checkout(
      api,
      [['NMS-001-ALUMINIUM', 1, { Beschriftung: lettering, Schriftfarbe: 'Schwarz' }]],
      { shippingAddress: billing, billingPerson: { ...saveBody().billingPerson, lastName: "O'Brien" } },
    );
    await call(api, 'POST', `${path}/approve`);
    const [mail] = await settledMails(api, orderNumber);
    expect(mail!.text).toContain(company);
    expect(mail!.text).toContain("Guten Tag Erika O'Brien,");
    expect(mail!.html).not.toContain('<img');
    expect(mail!.html).not.toContain('<script>');
    expect(mail!.html).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; Söhne&#39;s');
    // The lettering as the cart accepted it (the name-plate rules decide what may be on the plate).
    const line = /Beschriftung: (.*)/.exec(mail!.text)?.[1];
    expect(line).toBeTruthy();
    expect(mail!.html).toContain(
      `Beschriftung: ${line!.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;')}`,
    );
  });
});

describe('a mail transport that fails', () => {
  it('neither holds up nor fails the payment; the failure is logged with the order number, not the address', async () => {
    const sent: OutgoingMail[] = [];
    let release!: () => void;
    const hanging = new Promise<void>((resolve) => {
      release = resolve;
    });
    const failing: MailTransport = {
      async send(mail) {
        sent.push(mail);
        await hanging;
        throw new Error(`550 5.1.1 <${mail.to}>: Recipient address rejected`);
      },
    };
    const lines: string[] = [];
    const { logger } = loadConfig({});
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const own = await makeApi({ mailTransport: failing, logger: { ...(logger as object), stream } });
    try {
      const { headerGuid, orderNumber, path } = await checkout(own, [['KZH-001', 1]]);
      // The transport has not answered yet; the shopper is already on the way back to the shop.
      const approved = await call(own, 'POST', `${path}/approve`);
      expect(approved.status).toBe(303);
      expect(approved.headers.location).toBe(`${SHOP}/wait-for-confirmation?headerGuid=${headerGuid}`);
      await expect.poll(() => sent.length).toBe(1);
      expect(sent[0]!.to).toBe('erika@example.de');
      release();
      await expect.poll(() => lines.join('')).toContain('order confirmation mail not sent');
      const line = lines.find((l) => l.includes('order confirmation mail not sent'))!;
      expect(line).toContain(orderNumber);
      expect(line).toContain('Recipient address rejected');
      expect(line).not.toContain('erika@example.de');
      expect((await getOrder(own, headerGuid)).status).toBe('paid');
    } finally {
      release();
      await own.close();
    }
  });
});
