// Session 18, refunds (split from refunds.test.ts in session 20): a refund takes the dealer's commission base back in
// the month of its Rechnungskorrektur, as negative lines of the dealer's statement.
import { paths } from '@lp/sdk/contract';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { addDealer } from '../src/dealers/dealerRepo';
import { dealerStatement, refundedGoods } from '../src/dealers/dealerStatement';
import { fulfilmentWorld } from './support/fulfilmentWorld';
import { type Api, addBody, call, payCart } from './support/testApi';

const world = fulfilmentWorld();
const { sent, cli } = world;
let api: Api;
beforeAll(() => {
  api = world.api();
});

const refundRows = (orderNumber: string) =>
  api.db.query<{ credit_note_number: string; amount_cents: number; vat_cents: number; reason: string }>(
    `SELECT credit_note_number, amount_cents, vat_cents, reason FROM refunds
      WHERE order_id = (SELECT id FROM orders WHERE order_number = $1) ORDER BY id`,
    [orderNumber],
  );

describe('refunds in the dealer statement', () => {
  /** A paid order of `quantity` holders credited to the dealer, invoiced at `at`. */
  async function dealerSale(dealer: string, quantity: number, at: string) {
    const body = { ...addBody('KZH-001', quantity), dealer };
    const cart = await call(api, 'POST', paths.cart.addItem, { body });
    const order = await payCart(api, (cart.body as { cartGuid: string }).cartGuid);
    await vi.waitFor(() => expect(sent.map((mail) => mail.subject).join()).toContain(order.orderNumber), {
      timeout: 10_000,
    });
    await api.db.query('UPDATE orders SET invoiced_at = $2::timestamptz WHERE header_guid = $1::uuid', [
      order.headerGuid,
      at,
    ]);
    return order;
  }

  it("takes the month's refunds off the dealer's sums as negative lines with the Rechnungskorrektur", async () => {
    await addDealer(api.db, { id: 'refund-kfz', name: 'Refund KFZ', origins: [] });
    const whole = await dealerSale('refund-kfz', 2, '2026-09-20T10:00:00+02:00');
    const part = await dealerSale('refund-kfz', 1, '2026-09-21T10:00:00+02:00');
    const kept = await dealerSale('refund-kfz', 3, '2026-09-22T10:00:00+02:00');
    const september = await dealerStatement(api.db, 'refund-kfz', '2026-09');
    expect(september.totals).toMatchObject({ orders: 3, refunds: 0 });
    const gross = (orderNumber: string) => september.orders.find((o) => o.orderNumber === orderNumber)!;

    // Refunded in October: the whole of one order, 2.00 EUR of another.
    expect((await cli(['refund', whole.orderNumber, '--reason', 'withdrawal'])).code).toBe(0);
    expect((await cli(['refund', part.orderNumber, '--amount', '2'])).code).toBe(0);
    await api.db.query(
      `UPDATE refunds SET refunded_at = '2026-10-03T10:00:00+02:00'
        WHERE order_id IN (SELECT id FROM orders WHERE order_number = ANY($1))`,
      [[whole.orderNumber, part.orderNumber]],
    );
    const [wholeRefund] = await refundRows(whole.orderNumber);
    // September stands as it was; October has no sales and the two refunds, negative.
    expect(await dealerStatement(api.db, 'refund-kfz', '2026-09')).toEqual(september);
    const october = await dealerStatement(api.db, 'refund-kfz', '2026-10');
    expect(october.orders).toEqual([]);
    const w = gross(whole.orderNumber);
    const p = gross(part.orderNumber);
    expect(october.refunds).toEqual([
      {
        creditNoteNumber: wholeRefund!.credit_note_number,
        invoiceNumber: w.invoiceNumber,
        orderNumber: whole.orderNumber,
        refundDate: '2026-10-03',
        goodsGrossCents: -w.goodsGrossCents,
        goodsNetCents: -w.goodsNetCents,
        shippingCents: -w.shippingCents,
        totalGrossCents: -w.totalGrossCents,
        vatRate: 19,
      },
      expect.objectContaining({
        orderNumber: part.orderNumber,
        goodsGrossCents: -refundedGoods(p.goodsGrossCents, p.totalGrossCents, 0, 200),
        totalGrossCents: -200,
      }),
    ]);
    expect(october.totals).toEqual({
      orders: 0,
      refunds: 2,
      goodsGrossCents: october.refunds.reduce((sum, r) => sum + r.goodsGrossCents, 0),
      goodsNetCents: october.refunds.reduce((sum, r) => sum + r.goodsNetCents, 0),
      totalGrossCents: -w.totalGrossCents - 200,
    });
    expect(october.totals.goodsGrossCents).toBeLessThan(0);
    // The rest of the partly refunded order, later: the goods of both parts are exactly the order's goods.
    expect((await cli(['refund', part.orderNumber, '--again'])).code).toBe(0);
    const later = await dealerStatement(api.db, 'refund-kfz', new Date().toISOString().slice(0, 7));
    const rest = later.refunds.find((r) => r.orderNumber === part.orderNumber)!;
    expect(-rest.goodsGrossCents - october.refunds[1]!.goodsGrossCents).toBe(p.goodsGrossCents);
    expect(-rest.goodsNetCents - october.refunds[1]!.goodsNetCents).toBe(p.goodsNetCents);
    expect(later.refunds.map((r) => r.orderNumber)).not.toContain(kept.orderNumber);
  });

  it('splits refunds into goods and shipping in the order’s proportion, whole parts adding up exactly', () => {
    expect(refundedGoods(980, 1470, 0, 1470)).toBe(980);
    expect(refundedGoods(980, 1470, 0, 735)).toBe(490);
    const parts = [1, 2, 3, 500, 964].map((amount, i, all) =>
      refundedGoods(
        980,
        1470,
        all.slice(0, i).reduce((a, b) => a + b, 0),
        amount,
      ),
    );
    expect(parts.reduce((a, b) => a + b, 0)).toBe(980);
    expect(parts.every((part) => part >= 0)).toBe(true);
  });
});
