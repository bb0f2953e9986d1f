// Session 19: the XRechnung credit note of a Rechnungskorrektur (a refund), as the bookkeeper imports it.
// (Split from einvoice.test.ts in session 22.)
import type { Order } from '@lp/sdk/contract';
import { orderEInvoicePath, paths } from '@lp/sdk/contract';
import { describe, expect, it } from 'vitest';
import { refundOrder } from '../src/fulfilment/refunds';
import { buildRefundMail } from '../src/mail/refundMail';
import { checkedInvoice } from './support/checkedInvoice';
import { SHOP, dealership, eInvoiceWorld } from './support/eInvoiceWorld';
import { call, expectError } from './support/testApi';

const { api, order, download } = await eInvoiceWorld();

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
    const [{ document_token: token } = { document_token: '' }] = await api.db.query<{
      document_token: string;
    }>('SELECT document_token::text AS document_token FROM orders WHERE order_number = $1', [o.orderNumber]);
    const link = `${SHOP}${orderEInvoicePath(o.orderNumber, refunds[0]!.number)}?token=${token}`;
    expect((await buildRefundMail(api.db, stored!.id)).text).toContain(
      `Rechnungskorrektur als XRechnung: ${link}\n(Der Link ist persönlich: Wer ihn kennt, kann die Bestellung`,
    );
    expect((await call(api, 'GET', link.slice(SHOP.length))).status).toBe(200);
    expectError(await download(o, `?headerGuid=${o.headerGuid}`, 'RK-2026-999999'), 404, 'not-found');
    expectError(await download(o, '', refunds[0]!.number), 404, 'not-found');
  });
});
