// Session 19: the XRechnung (EN 16931, CIUS XRechnung 3.0, UN/CEFACT CII) of a paid company order, as the bookkeeper
// of a car dealership imports it: every mandatory business term of the German CIUS, totals to the cent against the
// stored order, the access rules of the order's other documents, hostile names kept as text.
import type { Order } from '@lp/sdk/contract';
import { orderEInvoicePath, paths } from '@lp/sdk/contract';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { XRECHNUNG_GUIDELINE, netParts, xmlText } from '../src/einvoice/ciiParts';
import { refundOrder } from '../src/fulfilment/refunds';
import { buildRefundMail } from '../src/mail/refundMail';
import { vatFromGross } from '../src/orders/invoice';
import { mailsFor } from './support/outboxMail';
import {
  type Api,
  addBody,
  addItem,
  call,
  expectError,
  makeApi,
  plateAttributes,
  saveBody,
} from './support/testApi';

const SHOP = 'http://localhost:3000';
/** What the seed writes into a new shop (seed/data/company.ts): the demo shop's XRechnung works without set-up. */
const SELLER_CONTACT = {
  contact_name: 'Buchhaltung (Beispiel)',
  contact_phone: '+49 3023125001',
  contact_email: 'info@lp-de.example',
};

let api: Api;
beforeAll(async () => {
  api = await makeApi();
});
afterAll(() => api.close());

async function setSellerContact(target: Api, contact: Record<string, string | null>) {
  await target.db.query(
    'UPDATE companies SET contact_name = $1, contact_phone = $2, contact_email = $3 WHERE id = 1001',
    [contact.contact_name, contact.contact_phone, contact.contact_email],
  );
}

const dealership = (company = 'Autohaus Händler GmbH', couponCode?: string) => {
  const billing = {
    name: 'Petra',
    lastName: 'Händler',
    company,
    street: 'Industriestraße',
    houseNumber: '5',
    zipCode: '10115',
    city: 'Berlin',
    country: 'DE',
  };
  return saveBody({
    billingPerson: {
      email: 'einkauf@autohaus.example',
      phone: '+49 1701234567',
      name: 'Petra',
      lastName: 'Händler',
    },
    shippingAddress: billing,
    billingAddress: billing,
    ...(couponCode ? { couponCode } : {}),
  });
};

/** Saves, confirms and (unless `pay` is false) pays a cart of `lines` in the sandbox; answers the order. */
async function order(lines: Parameters<typeof addBody>[], body = dealership(), pay = true): Promise<Order> {
  let cartGuid: string | undefined;
  for (const line of lines) cartGuid = (await addItem(api, addBody(...line), cartGuid)).cartGuid!;
  const saved = await call(api, 'POST', paths.order.save, { body, cartGuid });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const headerGuid = (saved.body as { orderHeaderGuid: string }).orderHeaderGuid;
  expect((await call(api, 'POST', paths.order.confirm, { body: { headerGuid } })).status).toBe(200);
  if (pay) {
    const payment = await call(api, 'POST', paths.order.createPayment, {
      body: { headerGuid, paymentMethod: 'paypal', returnUrl: `${SHOP}/ok`, cancelUrl: `${SHOP}/cancel` },
      headers: { host: '127.0.0.1:4000' },
    });
    expect(payment.status).toBe(200);
    const path = new URL((payment.body as { redirectUrl: string }).redirectUrl).pathname;
    expect((await call(api, 'POST', `${path}/approve`)).status).toBe(303);
  }
  return (await call(api, 'GET', `${paths.order.get}?headerGuid=${headerGuid}`)).body as Order;
}

const download = (o: Order, query = `?headerGuid=${o.headerGuid}`, creditNote?: string) =>
  call(api, 'GET', `${orderEInvoicePath(o.orderNumber, creditNote)}${query}`);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  trimValues: false,
  isArray: (name) =>
    [
      'ram:IncludedSupplyChainTradeLineItem',
      'ram:SpecifiedTradeAllowanceCharge',
      'ram:IncludedNote',
    ].includes(name),
});
// biome-ignore lint/suspicious/noExplicitAny: a parsed XML tree is checked term by term below.
type Tree = any;
const text = (node: Tree): string => (typeof node === 'object' && node !== null ? node['#text'] : node);
const cents = (node: Tree) => {
  const value = text(node);
  expect(value).toMatch(/^-?\d+\.\d{2}$/); // EN 16931 amounts: two decimals
  return Math.round(Number(value) * 100);
};

/** The parsed invoice with every mandatory XRechnung term asserted; answers the tree. */
function checkedInvoice(xml: string): Tree {
  const root = parser.parse(xml)['rsm:CrossIndustryInvoice'];
  expect(root).toBeDefined();
  const context = root['rsm:ExchangedDocumentContext'];
  expect(context['ram:GuidelineSpecifiedDocumentContextParameter']['ram:ID']).toBe(XRECHNUNG_GUIDELINE); // BT-24
  expect(context['ram:BusinessProcessSpecifiedDocumentContextParameter']['ram:ID']).toBeTruthy(); // BT-23
  const doc = root['rsm:ExchangedDocument'];
  expect(doc['ram:ID']).toMatch(/^(RE|RK)-\d{4}-\d{6}$/); // BT-1
  expect(doc['ram:TypeCode']).toBe(doc['ram:ID'].startsWith('RE') ? '380' : '381'); // BT-3, BR-DE-17
  expect(doc['ram:IssueDateTime']['udt:DateTimeString']['@format']).toBe('102'); // BT-2
  const trade = root['rsm:SupplyChainTradeTransaction'];
  const agreement = trade['ram:ApplicableHeaderTradeAgreement'];
  expect(agreement['ram:BuyerReference']).toBeTruthy(); // BT-10, BR-DE-15
  const seller = agreement['ram:SellerTradeParty'];
  expect(seller['ram:Name']).toBeTruthy(); // BT-27
  const contact = seller['ram:DefinedTradeContact']; // BG-6, BR-DE-2
  expect(contact['ram:PersonName']).toBe(SELLER_CONTACT.contact_name); // BT-41, BR-DE-5
  expect(contact['ram:TelephoneUniversalCommunication']['ram:CompleteNumber']).toBeTruthy(); // BT-42, BR-DE-6
  expect(contact['ram:EmailURIUniversalCommunication']['ram:URIID']).toContain('@'); // BT-43, BR-DE-7
  expect(seller['ram:PostalTradeAddress']['ram:CityName']).toBeTruthy(); // BT-37, BR-DE-3
  expect(seller['ram:PostalTradeAddress']['ram:PostcodeCode']).toBeTruthy(); // BT-38, BR-DE-4
  expect(seller['ram:PostalTradeAddress']['ram:CountryID']).toBe('DE'); // BT-40
  expect(seller['ram:URIUniversalCommunication']['ram:URIID']['@schemeID']).toBe('EM'); // BT-34
  expect(text(seller['ram:URIUniversalCommunication']['ram:URIID'])).toContain('@');
  expect(seller['ram:SpecifiedTaxRegistration']['ram:ID']['@schemeID']).toBe('VA'); // BT-31, BR-DE-16
  const buyer = agreement['ram:BuyerTradeParty'];
  expect(buyer['ram:Name']).toBeTruthy(); // BT-44
  expect(buyer['ram:PostalTradeAddress']['ram:CityName']).toBeTruthy(); // BT-52, BR-DE-8
  expect(buyer['ram:PostalTradeAddress']['ram:PostcodeCode']).toBeTruthy(); // BT-53, BR-DE-9
  expect(buyer['ram:URIUniversalCommunication']['ram:URIID']['@schemeID']).toBe('EM'); // BT-49
  const settlement = trade['ram:ApplicableHeaderTradeSettlement'];
  expect(settlement['ram:InvoiceCurrencyCode']).toBe('EUR'); // BT-5
  expect(settlement['ram:SpecifiedTradeSettlementPaymentMeans']['ram:TypeCode']).toMatch(/^\d+$/); // BT-81, BR-DE-1
  expect(settlement['ram:SpecifiedTradePaymentTerms']['ram:Description']).toBeTruthy(); // BT-20

  // The totals (BT-106 to BT-115) add up as EN 16931 computes them (BR-CO-10, -11, -12, -13, -15, -16).
  const lines = trade['ram:IncludedSupplyChainTradeLineItem'] as Tree[];
  const lineNets = lines.map((l) => {
    expect(l['ram:SpecifiedLineTradeSettlement']['ram:ApplicableTradeTax']['ram:CategoryCode']).toBe('S');
    expect(Number(l['ram:SpecifiedLineTradeDelivery']['ram:BilledQuantity']['#text'])).toBeGreaterThan(0);
    return cents(
      l['ram:SpecifiedLineTradeSettlement']['ram:SpecifiedTradeSettlementLineMonetarySummation'][
        'ram:LineTotalAmount'
      ],
    );
  });
  const charges = (settlement['ram:SpecifiedTradeAllowanceCharge'] ?? []) as Tree[];
  const sumOf = (charge: boolean) =>
    charges
      .filter((c) => c['ram:ChargeIndicator']['udt:Indicator'] === String(charge))
      .reduce((sum, c) => sum + cents(c['ram:ActualAmount']), 0);
  const totals = settlement['ram:SpecifiedTradeSettlementHeaderMonetarySummation'];
  const t = {
    lines: cents(totals['ram:LineTotalAmount']),
    charges: cents(totals['ram:ChargeTotalAmount'] ?? '0.00'),
    allowances: cents(totals['ram:AllowanceTotalAmount'] ?? '0.00'),
    basis: cents(totals['ram:TaxBasisTotalAmount']),
    tax: cents(totals['ram:TaxTotalAmount']),
    grand: cents(totals['ram:GrandTotalAmount']),
    prepaid: cents(totals['ram:TotalPrepaidAmount']),
    due: cents(totals['ram:DuePayableAmount']),
  };
  expect(totals['ram:TaxTotalAmount']['@currencyID']).toBe('EUR');
  expect(t.lines).toBe(lineNets.reduce((a, b) => a + b, 0)); // BR-CO-10
  expect(t.allowances).toBe(sumOf(false)); // BR-CO-11
  expect(t.charges).toBe(sumOf(true)); // BR-CO-12
  expect(t.basis).toBe(t.lines - t.allowances + t.charges); // BR-CO-13
  expect(t.grand).toBe(t.basis + t.tax); // BR-CO-15
  expect(t.due).toBe(t.grand - t.prepaid); // BR-CO-16
  expect(t.due).toBe(0); // paid
  const vat = settlement['ram:ApplicableTradeTax'];
  expect(vat['ram:CategoryCode']).toBe('S');
  expect(cents(vat['ram:BasisAmount'])).toBe(t.basis); // BR-S-08
  expect(cents(vat['ram:CalculatedAmount'])).toBe(t.tax); // BR-CO-14
  // BR-S-09 (EN 16931 schematron 1.3.x: within one unit): here within one cent of basis × rate.
  expect(
    Math.abs(t.tax - Math.round((t.basis * Number(vat['ram:RateApplicablePercent'])) / 100)),
  ).toBeLessThanOrEqual(1);
  return { root, totals: t, lines, charges };
}

describe('the XRechnung of a paid company order', () => {
  it('a dealership: 60 printed holders with quantity discount and coupon, free shipping, to the cent', async () => {
    const o = await order([['KZH-029', 60]], dealership(undefined, 'HALTER20'));
    const res = await download(o);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="XRechnung-${o.invoice!.invoiceNumber}.xml"`,
    );
    const { root, totals, lines, charges } = checkedInvoice(res.body as string);
    // The stored order: 380,16 € gross, 19 % VAT 60,70 € (invoice.ts), nothing recomputed.
    expect(totals).toMatchObject({ basis: 31946, tax: 6070, grand: 38016, prepaid: 38016, due: 0 });
    expect(root['rsm:ExchangedDocument']['ram:ID']).toBe(o.invoice!.invoiceNumber);
    const trade = root['rsm:SupplyChainTradeTransaction'];
    expect(trade['ram:ApplicableHeaderTradeAgreement']['ram:BuyerReference']).toBe(o.orderNumber);
    expect(trade['ram:ApplicableHeaderTradeAgreement']['ram:BuyerTradeParty']['ram:Name']).toBe(
      'Autohaus Händler GmbH',
    );
    expect(lines).toHaveLength(1);
    const line = lines[0];
    expect(line['ram:SpecifiedLineTradeDelivery']['ram:BilledQuantity']['#text']).toBe('60');
    // The quantity discount as the line's allowance, the coupon as the document's.
    expect(
      line['ram:SpecifiedLineTradeSettlement']['ram:SpecifiedTradeAllowanceCharge'][0]['ram:Reason'],
    ).toMatch(/^Mengenrabatt \d+ %$/);
    expect(charges.map((c: Tree) => c['ram:Reason'])).toEqual(['Rabatt (Gutschein HALTER20)']);
    // The invoice date is the mail's (Berlin day of payment).
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(
      new Date(o.invoice!.invoiceDate),
    );
    expect(root['rsm:ExchangedDocument']['ram:IssueDateTime']['udt:DateTimeString']['#text']).toBe(
      day.replaceAll('-', ''),
    );
  });

  it('plates with shipping as a charge and several lines add up to the stored net and VAT', async () => {
    const o = await order(
      [
        ['KFZ-001', 1, plateAttributes('B-AB 123')],
        ['KFZ-001', 3, plateAttributes('B-CD 456')],
        ['KZH-001', 7],
      ],
      dealership(),
    );
    const { totals, charges } = checkedInvoice((await download(o)).body as string);
    const gross = Math.round(o.totalAmount * 100);
    expect(totals.grand).toBe(gross);
    expect(totals.tax).toBe(vatFromGross(gross, 19).vatCents);
    expect(totals.tax).toBe(Math.round(o.invoice!.taxes[0]!.taxAmount * 100));
    if (o.shippingOption.price > 0) expect(charges.map((c: Tree) => c['ram:ReasonCode'])).toEqual(['FC']);
  });

  it('splits any stored gross exactly (netParts): the nets add up to gross minus the stored VAT', () => {
    for (let seed = 1; seed < 400; seed++) {
      const parts = [
        { gross: 4990 + seed * 7, sign: 1 as const },
        { gross: seed % 5, sign: -1 as const },
        { gross: 1999 + seed, sign: 1 as const },
        { gross: (seed * 13) % 500, sign: -1 as const },
        { gross: seed % 2 ? 490 : 0, sign: 1 as const },
      ];
      const gross = parts.reduce((s, p) => s + p.sign * p.gross, 0);
      for (const rate of [19, 7, 16]) {
        const { netCents } = vatFromGross(gross, rate);
        const nets = netParts(parts, rate, netCents);
        expect(nets.reduce((s, n, i) => s + parts[i]!.sign * n, 0)).toBe(netCents);
        for (const [i, n] of nets.entries()) {
          expect(Math.abs(n - (parts[i]!.gross * 100) / (100 + rate))).toBeLessThan(1);
        }
      }
    }
  });

  it('keeps a hostile company name as text: <, &, ]]>, emoji, RTL marks; control characters dropped', async () => {
    const hostile = 'A<b>&amp; "Co" ]]> 🚗 \u202Eevil\u200F GmbH\u0001\u0008';
    expect(xmlText(hostile)).toBe('A<b>&amp; "Co" ]]> 🚗 \u202Eevil\u200F GmbH');
    // The API refuses control characters on save (hostileInput.test.ts); an order stored before that rule may hold them.
    const saved = await order([['KZH-001', 1]], dealership(hostile.slice(0, -2)));
    await api.db.query(
      `UPDATE orders SET billing_address = jsonb_set(billing_address, '{company}', to_jsonb($2::text))
        WHERE header_guid = $1::uuid`,
      [saved.headerGuid, hostile],
    );
    const xml = (await download(saved)).body as string;
    expect(xml).not.toContain('<b>');
    expect(xml).not.toContain(']]>');
    expect(xml.includes('\u0001') || xml.includes('\u0008')).toBe(false);
    const { root } = checkedInvoice(xml);
    // Parsed back, the buyer is the stored name minus the characters XML cannot carry.
    const buyer =
      root['rsm:SupplyChainTradeTransaction']['ram:ApplicableHeaderTradeAgreement']['ram:BuyerTradeParty'];
    expect(buyer['ram:Name']).toBe(xmlText(hostile));
    expect(buyer['ram:Name']).toContain('A<b>&amp; "Co" ]]> 🚗');
  });
});

describe('the XRechnung credit note of a Rechnungskorrektur', () => {
  it('a refund in part, then the rest: type 381, the corrected invoice named, VAT as stored, adding up', async () => {
    const o = await order([['KZH-029', 60]], dealership(undefined, 'HALTER20'));
    const first = await refundOrder(api.db, { orderNumber: o.orderNumber, amountCents: 10001, again: false });
    const rest = await refundOrder(api.db, { orderNumber: o.orderNumber, again: true });
    expect([first.kind, rest.kind]).toEqual(['refunded', 'refunded']);
    const refunds = ((await call(api, 'GET', `${paths.order.get}?headerGuid=${o.headerGuid}`)).body as Order)
      .refunds!;
    expect(refunds).toHaveLength(2);
    let vat = 0;
    for (const refund of refunds) {
      const res = await download(o, `?headerGuid=${o.headerGuid}`, refund.number);
      expect(res.status).toBe(200);
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="XRechnung-${refund.number}.xml"`,
      );
      const { root, totals } = checkedInvoice(res.body as string);
      expect(root['rsm:ExchangedDocument']['ram:ID']).toBe(refund.number);
      expect(root['rsm:ExchangedDocument']['ram:TypeCode']).toBe('381');
      const settlement = root['rsm:SupplyChainTradeTransaction']['ram:ApplicableHeaderTradeSettlement'];
      expect(settlement['ram:InvoiceReferencedDocument']['ram:IssuerAssignedID']).toBe(
        o.invoice!.invoiceNumber,
      );
      expect(totals.grand).toBe(Math.round(refund.amount * 100));
      expect(totals.tax).toBe(Math.round(refund.vat * 100));
      vat += totals.tax;
    }
    // Refunded in full, the credit notes carry exactly the invoice's VAT.
    expect(vat).toBe(6070);
    // The Erstattungsbestätigung of a company's order links its credit note, as the confirmation links the invoice.
    const [stored] = await api.db.query<{ id: number }>(
      'SELECT id FROM refunds WHERE credit_note_number = $1',
      [refunds[0]!.number],
    );
    const link = `${SHOP}${orderEInvoicePath(o.orderNumber, refunds[0]!.number)}?headerGuid=${o.headerGuid}`;
    expect((await buildRefundMail(api.db, stored!.id)).text).toContain(
      `Rechnungskorrektur als XRechnung: ${link}\n(Der Link ist persönlich: Wer ihn kennt, kann die Bestellung`,
    );
    expect((await call(api, 'GET', link.slice(SHOP.length))).status).toBe(200);
    expectError(await download(o, `?headerGuid=${o.headerGuid}`, 'RK-2026-999999'), 404, 'not-found');
    expectError(await download(o, '', refunds[0]!.number), 404, 'not-found');
  });
});

describe('who gets it, and when not', () => {
  it('answers the owner (headerGuid) only; anything else is the 404 of an unknown order', async () => {
    const o = await order([['KZH-001', 2]]);
    expectError(await download(o, ''), 404, 'not-found');
    expectError(await download(o, '?headerGuid=00000000-0000-4000-8000-000000000000'), 404, 'not-found');
    expectError(
      await call(api, 'GET', `${orderEInvoicePath('LP-1999-000001')}?headerGuid=${o.headerGuid}`),
      404,
      'not-found',
    );
  });

  it('an unpaid order: 409 order-state; a consumer order: 409 not-business-order', async () => {
    const unpaid = await order([['KZH-001', 1]], dealership(), false);
    expectError(await download(unpaid), 409, 'order-state');
    const consumer = await order([['KZH-001', 1]], saveBody());
    expectError(await download(consumer), 409, 'not-business-order');
    expect(consumer.invoice).toBeDefined();
    expect(consumer.invoice?.eInvoice).toBeUndefined();
  });

  it('a shop without seller contact data: 503 unavailable, not an invalid XRechnung', async () => {
    const o = await order([['KZH-001', 1]]);
    const read = async () =>
      ((await call(api, 'GET', `${paths.order.get}?headerGuid=${o.headerGuid}`)).body as Order).invoice;
    // The order answer says whether the pages may offer the download (session 19: they showed a link to a 503).
    expect((await read())?.eInvoice).toBe(true);
    await setSellerContact(api, { contact_name: null, contact_phone: null, contact_email: null });
    try {
      expectError(await download(o), 503, 'unavailable');
      expect(await read()).toMatchObject({ invoiceNumber: o.invoice!.invoiceNumber });
      expect((await read())?.eInvoice).toBeUndefined();
    } finally {
      await setSellerContact(api, SELLER_CONTACT);
    }
  });

  it('a shop without seller contact data: the mails of a company order link no XRechnung (it would answer 503)', async () => {
    // An upgraded shop (migration 033 leaves the contact point NULL) before the operator sets it.
    await setSellerContact(api, { contact_name: null, contact_phone: null, contact_email: null });
    try {
      const o = await order([['KZH-001', 1]]);
      const text = await vi.waitFor(
        async () => {
          const [mail] = await mailsFor(api, o.orderNumber);
          if (!mail) throw new Error('no mail yet');
          return mail.text;
        },
        { timeout: 10_000, interval: 100 },
      );
      expect(text).toContain('Rechnung Nr.');
      expect(text).not.toContain('XRechnung');
      expect((await refundOrder(api.db, { orderNumber: o.orderNumber, again: false })).kind).toBe('refunded');
      const [stored] = await api.db.query<{ id: number }>(
        'SELECT r.id FROM refunds r JOIN orders o ON o.id = r.order_id WHERE o.order_number = $1',
        [o.orderNumber],
      );
      expect((await buildRefundMail(api.db, stored!.id)).text).not.toContain('XRechnung');
    } finally {
      await setSellerContact(api, SELLER_CONTACT);
    }
  });

  it('the confirmation mail of a company order names the link; a consumer order does not', async () => {
    const company = await order([['KZH-001', 1]]);
    const consumer = await order([['KZH-001', 1]], saveBody());
    const mailOf = (o: Order) =>
      vi.waitFor(
        async () => {
          const [mail] = await mailsFor(api, o.orderNumber);
          if (!mail) throw new Error('no mail yet');
          return mail.text;
        },
        { timeout: 10_000, interval: 100 },
      );
    const link = `${SHOP}${orderEInvoicePath(company.orderNumber)}?headerGuid=${company.headerGuid}`;
    expect(await mailOf(company)).toContain(`E-Rechnung (XRechnung): ${link}`);
    // Two links above it: the note that they are personal speaks of both.
    expect(await mailOf(company)).toContain(
      '(Die Links sind persönlich: Wer sie kennt, kann die Bestellung mit Ihren Adressen sehen.',
    );
    expect(await mailOf(consumer)).not.toContain('XRechnung');
    expect(await mailOf(consumer)).toContain('(Der Link ist persönlich: Wer ihn kennt,');
    const consumerRefund = await refundOrder(api.db, { orderNumber: consumer.orderNumber, again: false });
    expect(consumerRefund.kind).toBe('refunded');
    const [stored] = await api.db.query<{ id: number }>(
      'SELECT r.id FROM refunds r JOIN orders o ON o.id = r.order_id WHERE o.order_number = $1',
      [consumer.orderNumber],
    );
    expect((await buildRefundMail(api.db, stored!.id)).text).not.toContain('XRechnung');
    // The link answers the XRechnung (the storefront forwards /api/ to the API).
    expect((await call(api, 'GET', link.slice(SHOP.length))).status).toBe(200);
  });
});
