// Session 19: who gets a company order's XRechnung, and when not: the access rules of the order's other documents,
// the order states and a shop without seller contact data; the mails that link it. (Split from einvoice.test.ts in
// session 22.)
import type { Order } from '@lp/sdk/contract';
import { orderEInvoicePath, paths } from '@lp/sdk/contract';
import { describe, expect, it, vi } from 'vitest';
import { refundOrder } from '../src/fulfilment/refunds';
import { buildRefundMail } from '../src/mail/refundMail';
import { SELLER_CONTACT, SHOP, dealership, eInvoiceWorld, setSellerContact } from './support/eInvoiceWorld';
import { mailsFor } from './support/outboxMail';
import { call, expectError, saveBody } from './support/testApi';

const { api, order, download } = await eInvoiceWorld();

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
    // Session 26: with the order's document token (migration 047), not its guid (einvoiceLinkWindow.test.ts).
    const [{ document_token: token } = { document_token: '' }] = await api.db.query<{
      document_token: string;
    }>('SELECT document_token::text AS document_token FROM orders WHERE order_number = $1', [
      company.orderNumber,
    ]);
    const link = `${SHOP}${orderEInvoicePath(company.orderNumber)}?token=${token}`;
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
