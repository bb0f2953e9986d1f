// Session 16: the order confirmation mail is the invoice (§ 14 (4) UStG). The rate belongs to the order: fixed when
// it is paid, from the shop's standard rate (companies.vat_rate), tax from the gross per rate, rounded half up.
import type { Order } from '@lp/sdk/contract';
import { MAX_ORDER_TOTAL_CENTS, paths } from '@lp/sdk/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { expectedShippingMonth } from '../src/mail/orderConfirmationMail';
import { sendOrderConfirmation } from '../src/mail/sendOrderConfirmation';
import { vatFromGross } from '../src/orders/invoice';
import type { MailTransport, OutgoingMail } from '../src/outbox/mailTransport';
import { type ReadMail, mailsFor } from './support/outboxMail';
import {
  type Api,
  addBody,
  addItem,
  call,
  makeApi,
  plateAttributes,
  restartableApi,
  saveBody,
} from './support/testApi';
import { undoMigrationsFrom } from './support/undoMigrations';

const SHOP = 'http://localhost:3000';

let api: Api;
beforeAll(async () => {
  api = await makeApi();
});
afterAll(() => api.close());
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const getOrder = async (target: Api, headerGuid: string) =>
  (await call(target, 'GET', `${paths.order.get}?headerGuid=${headerGuid}`)).body as Order;

const dealer = saveBody({
  billingPerson: {
    email: 'einkauf@autohaus.example',
    phone: '+49 1701234567',
    name: 'Petra',
    lastName: 'Händler',
  },
  shippingAddress: {
    name: 'Petra',
    lastName: 'Händler',
    company: 'Autohaus Händler GmbH',
    street: 'Industriestraße',
    houseNumber: '5',
    zipCode: '10115',
    city: 'Berlin',
    country: 'DE',
  },
  couponCode: 'HALTER20',
});

/** Saves, confirms and pays (sandbox approve) a cart of `lines`; `beforePay` runs on the confirmed order. */
async function paidOrder(
  target: Api,
  lines: Parameters<typeof addBody>[],
  body = saveBody(),
  beforePay?: (headerGuid: string) => Promise<unknown>,
) {
  let cartGuid: string | undefined;
  for (const line of lines) cartGuid = (await addItem(target, addBody(...line), cartGuid)).cartGuid!;
  const saved = await call(target, 'POST', paths.order.save, { body, cartGuid });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const headerGuid = (saved.body as { orderHeaderGuid: string }).orderHeaderGuid;
  expect((await call(target, 'POST', paths.order.confirm, { body: { headerGuid } })).status).toBe(200);
  await beforePay?.(headerGuid);
  const payment = await call(target, 'POST', paths.order.createPayment, {
    body: {
      headerGuid,
      paymentMethod: 'paypal',
      returnUrl: `${SHOP}/wait-for-confirmation`,
      cancelUrl: `${SHOP}/cancel-order`,
    },
    headers: { host: '127.0.0.1:4000' },
  });
  expect(payment.status).toBe(200);
  const path = new URL((payment.body as { redirectUrl: string }).redirectUrl).pathname;
  expect((await call(target, 'POST', `${path}/approve`)).status).toBe(303);
  return getOrder(target, headerGuid);
}

/** The order's invoice amounts in cents, and that they add up to what was paid. */
function amounts(order: Order) {
  const tax = order.invoice!.taxes[0]!;
  const result = {
    rate: tax.rate,
    gross: Math.round(order.totalAmount * 100),
    net: Math.round(tax.netAmount * 100),
    vat: Math.round(tax.taxAmount * 100),
  };
  expect(order.invoice!.taxes).toHaveLength(1);
  expect(result.net + result.vat).toBe(result.gross);
  return result;
}

/** Intl puts a no-break space before '€'; the assertions write a space. */
const spaced = (text: string) => text.replace(/\u00a0/g, ' ');

/** The order's one mail in the outbox, its text with plain spaces. */
async function theMail(target: Api, orderNumber: string): Promise<ReadMail> {
  const [mail] = await vi.waitFor(
    async () => {
      const mails = await mailsFor(target, orderNumber);
      if (mails.length !== 1) throw new Error(`${mails.length} mails`);
      return mails;
    },
    { timeout: 10_000, interval: 100 },
  );
  return { ...mail!, text: spaced(mail!.text) };
}

describe('vatFromGross (tax from the gross per rate, half up)', () => {
  it('rounds half up to the cent; net + tax = gross', () => {
    expect(vatFromGross(119, 19)).toEqual({ netCents: 100, vatCents: 19 }); // exactly 19
    expect(vatFromGross(3070, 19)).toEqual({ netCents: 2580, vatCents: 490 }); // 490.17 → 490
    expect(vatFromGross(6, 19)).toEqual({ netCents: 5, vatCents: 1 }); // 0.96 → 1
    expect(vatFromGross(2354, 7)).toEqual({ netCents: 2200, vatCents: 154 }); // exactly 154
    expect(vatFromGross(1, 99)).toEqual({ netCents: 1, vatCents: 0 }); // 0.4975 → 0
    expect(vatFromGross(201, 1)).toEqual({ netCents: 199, vatCents: 2 }); // 1.99 → 2
    expect(vatFromGross(9, 20)).toEqual({ netCents: 7, vatCents: 2 }); // exactly 1.5 → 2 (half up, not to even)
    expect(vatFromGross(0, 19)).toEqual({ netCents: 0, vatCents: 0 });
    expect(vatFromGross(1000, 0)).toEqual({ netCents: 1000, vatCents: 0 });
  });

  it('stays exact up to the largest order (MAX_ORDER_TOTAL_CENTS plus shipping) and refuses what is no amount', () => {
    const gross = MAX_ORDER_TOTAL_CENTS + 490;
    const { netCents, vatCents } = vatFromGross(gross, 19);
    // 1.000.004,90 € × 19 / 119 = 159.664,6487… €.
    expect(vatCents).toBe(Number((BigInt(gross) * 19n * 2n + 119n) / 238n));
    expect(vatCents).toBe(15_966_465);
    expect(netCents + vatCents).toBe(gross);
    expect(() => vatFromGross(-1, 19)).toThrow(RangeError);
    expect(() => vatFromGross(1.5, 19)).toThrow(RangeError);
    expect(() => vatFromGross(Number.MAX_SAFE_INTEGER + 1, 19)).toThrow(RangeError);
    expect(() => vatFromGross(100, 100)).toThrow(RangeError);
    expect(() => vatFromGross(100, 7.5)).toThrow(RangeError);
  });
});

describe('the time of the supply: the month the goods are expected to ship in (German time)', () => {
  it('the day of payment on a weekday before 14:00, else the next weekday', () => {
    expect(expectedShippingMonth(new Date('2024-11-28T09:00:00Z'))).toBe('November 2024'); // Thu 10:00
    // Fri 31 January 2025, 15:00: shipped Monday 3 February.
    expect(expectedShippingMonth(new Date('2025-01-31T14:00:00Z'))).toBe('Februar 2025');
    expect(expectedShippingMonth(new Date('2025-01-31T12:59:00Z'))).toBe('Januar 2025'); // 13:59
    // Sat 30 November 2024: Monday 2 December. Tue 31 December 2024, 23:30 German time (22:30 UTC): 2 January.
    expect(expectedShippingMonth(new Date('2024-11-30T08:00:00Z'))).toBe('Dezember 2024');
    expect(expectedShippingMonth(new Date('2024-12-31T22:30:00Z'))).toBe('Januar 2025');
  });
});

describe('the invoice of a paid order', () => {
  it('a private customer: two plates and shipping, 30,70 € = 25,80 € net + 4,90 € VAT at 19 %', async () => {
    const order = await paidOrder(api, [['KFZ-001', 2, plateAttributes('M-XY 42')]]);
    expect(amounts(order)).toEqual({ rate: 19, gross: 3070, net: 2580, vat: 490 });
    expect(order.shippingOption.price).toBe(4.9);
    expect(order.invoice!.invoiceNumber).toMatch(/^RE-\d{4}-\d{6}$/);
  });

  it('a dealership: 60 printed holders, 20 % quantity discount, coupon HALTER20, free shipping', async () => {
    // 60 × 9,90 € = 594,00 €; 20 % from 50 pieces → 475,20 €; coupon 20 % → −95,04 €; shipping free from 50 €.
    const order = await paidOrder(api, [['KZH-029', 60]], dealer);
    expect(order.cartAmount).toBe(475.2);
    expect(order.coupon?.discountAmount).toBe(95.04);
    expect(order.shippingOption.price).toBe(0);
    // 380,16 € × 19 / 119 = 60,698… € → 60,70 €.
    expect(amounts(order)).toEqual({ rate: 19, gross: 38016, net: 31946, vat: 6070 });
  });

  it('not before the payment; numbers are consecutive in the order of payment, not of the order numbers', async () => {
    let first = '';
    const second = await paidOrder(api, [['KZH-001', 1]], saveBody(), async () => {
      // An order saved and paid while this one waits at its payment takes the next number first.
      first = (await paidOrder(api, [['KZH-001', 2]])).invoice!.invoiceNumber;
    });
    const n = (number: string) => Number(number.slice(-6));
    expect(n(second.invoice!.invoiceNumber)).toBe(n(first) + 1);
    const cartGuid = (await addItem(api, addBody('KZH-001', 1))).cartGuid!;
    const saved = await call(api, 'POST', paths.order.save, { body: saveBody(), cartGuid });
    const draft = await getOrder(api, (saved.body as { orderHeaderGuid: string }).orderHeaderGuid);
    expect(draft.invoice).toBeUndefined();
  });

  it('keeps its rate and amounts when the shop changes its rate later; orders paid after it take the new one', async () => {
    const target = await makeApi();
    try {
      const sent: OutgoingMail[] = [];
      const transport: MailTransport = { send: async (mail) => void sent.push(mail) };
      const before = await paidOrder(target, [['KFZ-001', 2, plateAttributes('M-XY 42')]]);
      const [row] = await target.db.query<{ id: number }>(
        'SELECT id FROM orders WHERE header_guid = $1::uuid',
        [before.headerGuid],
      );
      await sendOrderConfirmation(target.db, transport, row!.id, SHOP);
      // July 2020: the operator lowers the standard rate to 16 %.
      await target.db.query('UPDATE companies SET vat_rate = 16');
      expect(await getOrder(target, before.headerGuid)).toEqual(before);
      await sendOrderConfirmation(target.db, transport, row!.id, SHOP);
      expect(sent[1]!.text).toBe(sent[0]!.text);
      expect(spaced(sent[1]!.text)).toContain('zzgl. 19 % USt.: 4,90 €');

      const after = await paidOrder(target, [['KFZ-001', 2, plateAttributes('M-XY 43')]]);
      // 30,70 € × 16 / 116 = 4,234… € → 4,23 €.
      expect(amounts(after)).toEqual({ rate: 16, gross: 3070, net: 2647, vat: 423 });
      expect((await theMail(target, after.orderNumber)).text).toContain('zzgl. 16 % USt.: 4,23 €');
    } finally {
      await target.close();
    }
  });

  it('an order at the largest total does not overflow: stored, answered and mailed in exact cents', async () => {
    const order = await paidOrder(api, [['KZH-001', 1]], saveBody(), (headerGuid) =>
      // No cart of the catalogue reaches the maximum within the quantity limits: the stored order is set to it.
      api.db.query(
        `UPDATE orders SET cart_cents = $2, discount_cents = 0, shipping_cents = 490 WHERE header_guid = $1::uuid`,
        [headerGuid, MAX_ORDER_TOTAL_CENTS],
      ),
    );
    expect(amounts(order)).toEqual({ rate: 19, gross: 1_000_004_90, net: 840_340_25, vat: 159_664_65 });
    const { text } = await theMail(api, order.orderNumber);
    expect(text).toContain('Nettobetrag: 840.340,25 €');
    expect(text).toContain('zzgl. 19 % USt.: 159.664,65 €');
    expect(text).toContain('Gesamtbetrag: 1.000.004,90 €');
  });
});

describe('the mail is the invoice (§ 14 (4) UStG), read in the outbox', () => {
  let order: Order;
  let text: string;
  beforeAll(async () => {
    order = await paidOrder(api, [['KZH-029', 60]], dealer);
    text = (await theMail(api, order.orderNumber)).text;
  });
  const berlinDate = (iso: string) =>
    new Intl.DateTimeFormat('de-DE', {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      timeZone: 'Europe/Berlin',
    }).format(new Date(iso));

  it('says it is the invoice', () => {
    expect(text).toContain('Diese E-Mail ist zugleich Ihre Rechnung.');
    expect(text).toContain(`Rechnung Nr. ${order.invoice!.invoiceNumber}\n`);
  });
  it('no. 1: the seller’s full name and address', () => {
    expect(text).toContain(
      'Rechnungssteller:\nKennzeichen-Profi GmbH (Beispielunternehmen)\nMusterstraße 12\n12345 Musterstadt\n',
    );
  });
  it('no. 1: the buyer’s full name, company and address', () => {
    expect(text).toContain(
      'Rechnungsempfänger:\nPetra Händler\nAutohaus Händler GmbH\nIndustriestraße 5\n10115 Berlin\nDeutschland\n',
    );
  });
  it('no. 2: the seller’s USt-IdNr', () => {
    expect(text).toContain('USt-IdNr.: DE000000000 (Beispiel)\n');
  });
  it('no. 3: the date of issue', () => {
    expect(text).toContain(`Rechnungsdatum: ${berlinDate(order.invoice!.invoiceDate)}\n`);
  });
  it('no. 4: the invoice number', () => {
    expect(text).toContain(`Rechnungsnummer: ${order.invoice!.invoiceNumber}\n`);
  });
  it('no. 5: quantity and kind of the goods', () => {
    expect(text).toContain('1. Kennzeichenhalter bedrucken in Schwarz für 520 × 110 mm\n   60 × 7,92 €');
  });
  it('no. 6: the time of the supply (the expected month of the shipment)', () => {
    expect(text).toMatch(/Lieferdatum: voraussichtlich [A-Z][a-zä]+ \d{4} \(Monat des Versands\)\n/);
  });
  it('no. 7: the net amount per rate', () => {
    expect(text).toContain('Nettobetrag: 319,46 €');
  });
  it('no. 8: the rate and the tax amount', () => {
    expect(text).toContain('zzgl. 19 % USt.: 60,70 €');
  });
  it('the gross total', () => {
    expect(text).toContain('Gesamtbetrag: 380,16 €');
  });
  it('keeps what the confirmation said: order number, discounts, delivery time, legal texts', () => {
    expect(text).toContain(`Bestellnummer: ${order.orderNumber}`);
    expect(text).toContain('Rabatt (Gutschein HALTER20): −95,04 €');
    expect(text).toContain('Lieferzeit innerhalb Deutschlands: 1–3 Werktage.');
    expect(text).toContain('\nWiderrufsbelehrung\n----');
    expect(text).toContain(
      'Alle Preise sind Endpreise in Euro und enthalten die gesetzliche Mehrwertsteuer.',
    );
  });
});

describe('orders paid before the upgrade to migration 025', () => {
  it('are numbered and taxed at 19 % by the migration, in the order they were paid; numbering goes on', async () => {
    const start = await restartableApi(cleanups, 'lp-invoice-upgrade-');
    let target = await start();
    const older = await paidOrder(target, [['KFZ-001', 2, plateAttributes('M-XY 42')]]);
    const newer = await paidOrder(target, [['KZH-029', 60]], dealer);
    // The database as the previous release left it (and none of the later migrations, which postgrator would
    // otherwise take for the newer ones and skip 025).
    await undoMigrationsFrom(target.db, 25);
    await target.close();

    target = await start();
    const [a, b] = [await getOrder(target, older.headerGuid), await getOrder(target, newer.headerGuid)];
    expect(amounts(a)).toEqual({ rate: 19, gross: 3070, net: 2580, vat: 490 });
    expect(amounts(b)).toEqual({ rate: 19, gross: 38016, net: 31946, vat: 6070 });
    const year = new Date().getFullYear();
    expect([a.invoice!.invoiceNumber, b.invoice!.invoiceNumber]).toEqual([
      `RE-${year}-000001`,
      `RE-${year}-000002`,
    ]);
    // The same amounts as the server computes for an order paid now.
    expect(vatFromGross(38016, 19)).toEqual({ netCents: 31946, vatCents: 6070 });
    // The seed never writes sample seller data into an existing shop (it would land on real invoices): the operator
    // sets it (run-in-production.md), and the API warns at start until then.
    const [company] = await target.db.query<{ vat_id: string | null; vat_rate: number }>(
      'SELECT vat_id, vat_rate FROM companies',
    );
    expect(company).toEqual({ vat_id: null, vat_rate: 19 });
    const next = await paidOrder(target, [['KZH-001', 1]]);
    expect(next.invoice!.invoiceNumber).toBe(`RE-${year}-000003`);
    // Orders not paid stay without an invoice.
    const [{ count }] = (await target.db.query<{ count: number }>(
      "SELECT count(*)::int AS count FROM orders WHERE status <> 'paid' AND invoice_number IS NOT NULL",
    )) as [{ count: number }];
    expect(count).toBe(0);
  }, 60_000);

  // Found by the session-16 review: a login that joins guest orders to an account moves their updated_at, so the
  // migration must number and date them by the payment, not by the last change.
  it('are numbered and dated by their payment, not by a later change of the order', async () => {
    const start = await restartableApi(cleanups, 'lp-invoice-upgrade-paid-');
    let target = await start();
    const first = await paidOrder(target, [['KZH-001', 1]]);
    const second = await paidOrder(target, [['KZH-001', 2]]);
    const paidFirst = new Date(first.invoice!.invoiceDate).getTime();
    await undoMigrationsFrom(target.db, 25);
    // A later change (such as a login joining the guest order to an account), a day after both payments.
    await target.db.query(
      "UPDATE orders SET updated_at = now() + interval '1 day' WHERE header_guid = $1::uuid",
      [first.headerGuid],
    );
    await target.close();

    target = await start();
    const [a, b] = [await getOrder(target, first.headerGuid), await getOrder(target, second.headerGuid)];
    const year = new Date().getFullYear();
    expect([a.invoice!.invoiceNumber, b.invoice!.invoiceNumber]).toEqual([
      `RE-${year}-000001`,
      `RE-${year}-000002`,
    ]);
    expect(Math.abs(new Date(a.invoice!.invoiceDate).getTime() - paidFirst)).toBeLessThan(60_000);
  }, 60_000);
});
