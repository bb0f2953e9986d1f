// Session 20: a company buyer's invoice references (decisions.md "Company buyers: Leitweg-ID, own order number and
// USt-IdNr."): a public fleet's Leitweg-ID and a dealership's own order number in the XRechnung's BT-10, the buyer's
// USt-IdNr. in BT-48, both on the invoice mail, the order and the Rechnungsausgangsbuch; refused with a field error
// when malformed, hostile or given without a company, nothing saved then.
import type { Order, SaveOrderBody } from '@lp/sdk/contract';
import { orderEInvoicePath, paths } from '@lp/sdk/contract';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { invoiceRegister } from '../src/bookkeeping/invoiceRegister';
import { registerCsv } from '../src/bookkeeping/registerCsv';
import { refundOrder } from '../src/fulfilment/refunds';
import { buildRefundMail } from '../src/mail/refundMail';
import { mailsFor } from './support/outboxMail';
import { type Api, addBody, addItem, call, expectError, makeApi, saveBody } from './support/testApi';

const SHOP = 'http://localhost:3000';
const LEITWEG_ID = '04011000-1234512345-06';
let api: Api;

beforeAll(async () => {
  api = await makeApi();
});
afterAll(() => api.close());

const fleet = (
  overrides: Partial<SaveOrderBody> = {},
  company = 'Stadt Musterstadt, Fuhrpark',
): SaveOrderBody => {
  const billing = {
    name: 'Petra',
    lastName: 'Händler',
    company,
    street: 'Rathausplatz',
    houseNumber: '1',
    zipCode: '10115',
    city: 'Berlin',
    country: 'DE',
  };
  return saveBody({ shippingAddress: billing, billingAddress: billing, ...overrides });
};

const save = async (body: unknown) => {
  const cart = await addItem(api, addBody('KZH-001'));
  return call(api, 'POST', paths.order.save, { body, cartGuid: cart.cartGuid! });
};

/** Saves, confirms and pays an order of `body` in the sandbox; answers it as the API shows it. */
async function paidOrder(body: SaveOrderBody): Promise<Order> {
  const saved = await save(body);
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const headerGuid = (saved.body as { orderHeaderGuid: string }).orderHeaderGuid;
  expect((await call(api, 'POST', paths.order.confirm, { body: { headerGuid } })).status).toBe(200);
  const payment = await call(api, 'POST', paths.order.createPayment, {
    body: { headerGuid, paymentMethod: 'paypal', returnUrl: `${SHOP}/ok`, cancelUrl: `${SHOP}/cancel` },
    headers: { host: '127.0.0.1:4000' },
  });
  const path = new URL((payment.body as { redirectUrl: string }).redirectUrl).pathname;
  expect((await call(api, 'POST', `${path}/approve`)).status).toBe(303);
  return (await call(api, 'GET', `${paths.order.get}?headerGuid=${headerGuid}`)).body as Order;
}

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', parseTagValue: false });
async function agreementOf(order: Order) {
  const res = await call(
    api,
    'GET',
    `${orderEInvoicePath(order.orderNumber)}?headerGuid=${order.headerGuid}`,
  );
  expect(res.status).toBe(200);
  return parser.parse(String(res.body))['rsm:CrossIndustryInvoice']['rsm:SupplyChainTradeTransaction'][
    'ram:ApplicableHeaderTradeAgreement'
  ];
}

/** The order's confirmation mail: it leaves after the payment's answer, so it is waited for. */
const confirmationOf = (orderNumber: string) =>
  vi.waitFor(
    async () => {
      const [mail] = await mailsFor(api, orderNumber);
      if (!mail) throw new Error(`no mail for ${orderNumber} yet`);
      return mail;
    },
    { timeout: 10_000, interval: 50 },
  );

const orderCount = async () =>
  Number((await api.db.query<{ n: number }>('SELECT count(*)::int AS n FROM orders'))[0]!.n);

describe('a company order with a Leitweg-ID and a USt-IdNr.', () => {
  it('keeps both and carries them into the XRechnung (BT-10, BT-48), the invoice mail and the register', async () => {
    const order = await paidOrder(fleet({ buyerReference: ` ${LEITWEG_ID} `, buyerVatId: 'de 136 695 976' }));
    expect(order.buyerReference).toBe(LEITWEG_ID);
    expect(order.buyerVatId).toBe('DE136695976');

    const agreement = await agreementOf(order);
    expect(agreement['ram:BuyerReference']).toBe(LEITWEG_ID);
    expect(agreement['ram:BuyerTradeParty']['ram:SpecifiedTaxRegistration']['ram:ID']).toEqual({
      '@schemeID': 'VA',
      '#text': 'DE136695976',
    });

    const mail = await confirmationOf(order.orderNumber);
    expect(mail!.text).toContain(`Ihre Bestellnummer / Leitweg-ID: ${LEITWEG_ID}`);
    expect(mail!.text).toContain('USt-IdNr. des Leistungsempfängers: DE136695976');

    const month = order.invoice!.invoiceDate.slice(0, 7);
    const csv = registerCsv(await invoiceRegister(api.db, month));
    const [header, ...rows] = csv.replace('\uFEFF', '').trim().split('\r\n');
    expect(header!.split(';').slice(-2)).toEqual(['USt-IdNr. Kunde', 'Referenz Kunde']);
    const row = rows.find((line) => line.includes(order.orderNumber))!;
    expect(row.split(';').slice(-2)).toEqual(['DE136695976', LEITWEG_ID]);

    // The Rechnungskorrektur of a refund names them as the invoice did (mail and credit note).
    expect((await refundOrder(api.db, { orderNumber: order.orderNumber, again: false })).kind).toBe(
      'refunded',
    );
    const [refund] = await api.db.query<{ id: number; credit_note_number: string }>(
      'SELECT r.id, r.credit_note_number FROM refunds r JOIN orders o ON o.id = r.order_id WHERE o.order_number = $1',
      [order.orderNumber],
    );
    const refundText = (await buildRefundMail(api.db, refund!.id)).text;
    expect(refundText).toContain(`Ihre Bestellnummer / Leitweg-ID: ${LEITWEG_ID}`);
    expect(refundText).toContain('USt-IdNr. des Leistungsempfängers: DE136695976');
    const credit = await call(
      api,
      'GET',
      `${orderEInvoicePath(order.orderNumber, refund!.credit_note_number)}?headerGuid=${order.headerGuid}`,
    );
    expect(String(credit.body)).toContain(`<ram:BuyerReference>${LEITWEG_ID}</ram:BuyerReference>`);
  });

  it('takes a dealership’s own order number as the buyer reference', async () => {
    const order = await paidOrder(fleet({ buyerReference: ' PO 4711/2026 ' }, 'Autohaus Händler GmbH'));
    expect(order.buyerReference).toBe('PO 4711/2026');
    expect(order.buyerVatId).toBeUndefined();
    const agreement = await agreementOf(order);
    expect(agreement['ram:BuyerReference']).toBe('PO 4711/2026');
    expect(agreement['ram:BuyerTradeParty']['ram:SpecifiedTaxRegistration']).toBeUndefined();
  });

  it('stores a Leitweg-ID typed in small letters in capitals; an own order number as typed', async () => {
    const order = await paidOrder(fleet({ buyerReference: '991-33333test-33' }));
    expect(order.buyerReference).toBe('991-33333TEST-33');
    expect((await agreementOf(order))['ram:BuyerReference']).toBe('991-33333TEST-33');
    const own = await paidOrder(fleet({ buyerReference: 'po-4711' }, 'Autohaus Händler GmbH'));
    expect(own.buyerReference).toBe('po-4711');
  });

  it('names the order number in BT-10 when no reference was given (blank is none)', async () => {
    const order = await paidOrder(fleet({ buyerReference: '   ', buyerVatId: '' }));
    expect(order.buyerReference).toBeUndefined();
    expect(order.buyerVatId).toBeUndefined();
    expect((await agreementOf(order))['ram:BuyerReference']).toBe(order.orderNumber);
    const mail = await confirmationOf(order.orderNumber);
    expect(mail!.text).not.toContain('Leitweg-ID');
    expect(mail!.text).not.toContain('des Leistungsempfängers');
  });
});

describe('refused references', () => {
  const refusals: [string, Record<string, unknown>, string][] = [
    ['a Leitweg-ID with wrong check digits', { buyerReference: '04011000-1234512345-07' }, 'buyerReference'],
    ['a reference with markup', { buyerReference: '<script>alert(1)</script>' }, 'buyerReference'],
    ['a reference over 50 characters', { buyerReference: `PO ${'1'.repeat(60)}` }, 'buyerReference'],
    ['a USt-IdNr. with a wrong check digit', { buyerVatId: 'DE136695977' }, 'buyerVatId'],
    ['another member state’s USt-IdNr.', { buyerVatId: 'ATU12345678' }, 'buyerVatId'],
    ['a USt-IdNr. of 8 digits', { buyerVatId: 'DE13669597' }, 'buyerVatId'],
  ];
  it.each(refusals)('answers 400 validation for %s, saving nothing', async (_name, fields, field) => {
    const before = await orderCount();
    const res = await save(fleet(fields as Partial<SaveOrderBody>));
    expectError(res, 400, 'validation');
    expect((res.body as { errors: { field: string }[] }).errors.map((e) => e.field)).toContain(field);
    expect(await orderCount()).toBe(before);
  });

  it('refuses references without a company in the billing address (they belong to a company’s invoice)', async () => {
    const res = await save(saveBody({ buyerVatId: 'DE136695976' }));
    expectError(res, 400, 'validation');
    expect((res.body as { errors: { field: string }[] }).errors).toEqual([
      { field: 'shippingAddress.company', message: expect.stringContaining('company') },
    ]);
  });

  it.each([
    ['a number', 4711],
    ['an array', ['PO 1']],
    ['null', null],
    ['a huge text', 'A'.repeat(100_000)],
    ['a NUL byte', 'PO\u00001'],
    ['a lone surrogate', 'PO \ud800'],
  ])('answers 400 validation for %s, never 500', async (_name, value) => {
    for (const key of ['buyerReference', 'buyerVatId']) {
      const res = await save({ ...fleet(), [key]: value });
      expectError(res, 400, 'validation');
    }
  });
});
