// Session 24, withdrawpick: a consumer who opens "Vertrag widerrufen" from a page that proves the order theirs (its
// headerGuid) names the withdrawn lines; the receipt lists them, `lp-api withdrawals` offers the refund command with
// them and its amount, and the Rechnungskorrektur of that refund (mail, order, XRechnung) names the pieces. Hostile
// lines get 400 `validation` with nothing stored or mailed; lines are never linked without the proof.
import type { Order } from '@lp/sdk/contract';
import { paths } from '@lp/sdk/contract';
import { describe, expect, it } from 'vitest';
import { runFulfilmentCli } from '../src/fulfilment/fulfilmentCli';
import { buildRefundMail } from '../src/mail/refundMail';
import { exportCustomer } from '../src/privacy/customerExport';
import { runWithdrawalCli } from '../src/withdrawals/withdrawalCli';
import { checkedInvoice, text } from './support/checkedInvoice';
import { withdrawnLinesWorld } from './support/withdrawnLinesWorld';
import { mailsFor } from './support/outboxMail';
import { call } from './support/testApi';

const { api, download, paidOrder, declare, operator } = await withdrawnLinesWorld();

describe('a declaration naming lines of an order proven by its headerGuid', () => {
  it('stores the lines with their words, links the order and lists them in the receipt', async () => {
    const o = await paidOrder();
    const res = await declare(o, {
      headerGuid: o.headerGuid,
      lines: [
        { line: 2, quantity: 1 },
        { line: 1, quantity: 2 },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const [row] = await api.db.query<{ lines: unknown; order_number: string | null }>(
      `SELECT w.lines, o.order_number FROM withdrawals w LEFT JOIN orders o ON o.id = w.order_id
        WHERE w.order_number = $1`,
      [o.orderNumber],
    );
    expect(row!.order_number).toBe(o.orderNumber);
    const holder = o.orderItems[1]!.businessName;
    const plate = o.orderItems[0]!.businessName;
    expect(row!.lines).toEqual([
      { line: 1, quantity: 2, article: `${plate}, Kennzeichen B-AB 123`, madeToOrder: true },
      { line: 2, quantity: 1, article: holder, madeToOrder: false },
    ]);
    const [mail] = (await mailsFor(api, o.orderNumber)).filter((m) =>
      m.subject.startsWith('Eingangsbestätigung'),
    );
    const receipt = mail?.text ?? '';
    expect(receipt).toContain(
      `  Pos. 1: 2 × ${plate}, Kennzeichen B-AB 123 (nach Ihren Vorgaben angefertigt)\n  Pos. 2: 1 × ${holder}\n`,
    );
    expect(receipt).not.toContain('alle Waren der Bestellung');
    // The DSGVO export of the address names them too (losing nothing of the declaration).
    const doc = await exportCustomer(api.db, 'petra@example.org');
    expect(doc?.withdrawals.find((w) => w.orderNumber === o.orderNumber)?.lines).toEqual(row!.lines);
  });

  it('refuses hostile lines with 400 `validation`, storing and mailing nothing', async () => {
    const o = await paidOrder();
    const other = await paidOrder();
    // Session 25: lines or a proof the API cannot match (no proof, another order, no such line, a line twice, more
    // pieces than ordered) are stored as text instead (withdrawalUnproven.test.ts); only malformed input is refused.
    const cases: [Record<string, unknown>, string][] = [
      [{ headerGuid: o.headerGuid, lines: [] }, 'lines'],
      [
        { headerGuid: other.headerGuid, lines: [{ line: 1, quantity: 1, article: 'x'.repeat(201) }] },
        'lines',
      ],
      [{ headerGuid: o.headerGuid, lines: [{ line: 1, quantity: 1, article: 'Halter\u202e' }] }, 'lines'],
      [{ headerGuid: o.headerGuid, lines: [{ line: '1', quantity: 1 }] }, 'lines'],
      [{ headerGuid: o.headerGuid, lines: [{ line: 1, quantity: 1.5 }] }, 'lines'],
      [{ headerGuid: o.headerGuid, lines: [{ line: 0, quantity: 1 }] }, 'lines'],
      [{ headerGuid: o.headerGuid, lines: [{ line: 1, quantity: -1 }] }, 'lines'],
      [{ headerGuid: o.headerGuid, lines: [{ line: 1, quantity: 1, price: 0 }] }, 'lines'],
      [{ headerGuid: o.headerGuid, lines: { line: 1 } }, 'lines'],
      [
        { headerGuid: o.headerGuid, lines: Array.from({ length: 101 }, () => ({ line: 1, quantity: 1 })) },
        'lines',
      ],
      [{ headerGuid: 'not-a-guid', lines: [{ line: 1, quantity: 1 }] }, 'headerGuid'],
      [{ headerGuid: 42 }, 'headerGuid'],
    ];
    for (const [extra, field] of cases) {
      const res = await declare(o, extra);
      expect(res.status, JSON.stringify(extra)).toBe(400);
      const body = res.body as { code: string; errors?: { field: string }[] };
      expect(body.code).toBe('validation');
      expect(JSON.stringify(body.errors ?? []), JSON.stringify(extra)).toContain(field);
    }
    const stored = await api.db.query('SELECT 1 FROM withdrawals WHERE order_number = $1', [o.orderNumber]);
    expect(stored).toHaveLength(0);
    const mailed = await mailsFor(api, o.orderNumber);
    expect(mailed.filter((m) => m.subject.startsWith('Eingangsbestätigung'))).toHaveLength(0);
  });

  it('the operator is offered the declared lines; the refund names its pieces in mail, order and XRechnung', async () => {
    const o = await paidOrder();
    expect((await declare(o, { headerGuid: o.headerGuid, lines: [{ line: 2, quantity: 1 }] })).status).toBe(
      201,
    );
    const list = await operator(runWithdrawalCli, ['--days', '1']);
    expect(list.code).toBe(0);
    const holder = o.orderItems[1]!.businessName;
    expect(list.out).toContain(`  line 2: 1 × ${holder}`);
    const offered = new RegExp(
      `refund offered: (lp-api orders refund ${o.orderNumber} --lines 2:1)  \\(computes (\\d+\\.\\d\\d) EUR`,
    ).exec(list.out);
    expect(offered, list.out).not.toBeNull();
    const json = JSON.parse((await operator(runWithdrawalCli, ['--days', '1', '--json'])).out) as {
      orderNumber: string;
      refundProposal: { command: string; amountCents: number };
    }[];
    const entry = json.find((e) => e.orderNumber === o.orderNumber)!;
    expect(entry.refundProposal.command).toBe(offered![1]);

    // The operator runs what was offered: the same amount is recorded.
    const refund = await operator(runFulfilmentCli, [
      ...offered![1]!.split(' ').slice(2),
      '--reason',
      'withdrawal',
    ]);
    expect(refund.err).toBe('');
    expect(refund.code).toBe(0);
    expect(refund.out).toContain(`refunded: ${offered![2]} EUR`);
    const [row] = await api.db.query<{ id: number; credit_note_number: string; amount_cents: number }>(
      `SELECT r.id, r.credit_note_number, r.amount_cents FROM refunds r JOIN orders o ON o.id = r.order_id
        WHERE o.order_number = $1`,
      [o.orderNumber],
    );
    expect(row!.amount_cents).toBe(entry.refundProposal.amountCents);

    const unit = Math.round(o.orderItems[1]!.lineTotal! * 50); // one holder of two, cents
    const euro = (cents: number) =>
      new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }).format(cents / 100);
    const mail = (await buildRefundMail(api.db, row!.id)).text;
    expect(mail).toContain(`Erstattete Waren (brutto):\nPos. 2: 1 × ${holder} = ${euro(unit)}\n`);
    expect(mail).toContain(`abzüglich Anteil am Gutschein: −${euro(unit - row!.amount_cents)}`);
    expect(mail).not.toContain('Versandkosten:');
    expect(mail).toContain(`Erstatteter Betrag (brutto): ${euro(row!.amount_cents)}`);

    const again = (await call(api, 'GET', `${paths.order.get}?headerGuid=${o.headerGuid}`)).body as Order;
    expect(again.refunds?.[0]?.lines).toEqual([{ line: 2, quantity: 1, amount: unit / 100 }]);

    const xml = await download(o, undefined, row!.credit_note_number);
    expect(xml.status).toBe(200);
    const { lines, charges, totals } = checkedInvoice(String(xml.body));
    expect(lines).toHaveLength(1);
    expect(lines[0]['ram:SpecifiedTradeProduct']['ram:Name']).toBe(
      `${holder} (Pos. 2 der Rechnung, Widerruf)`,
    );
    expect(text(lines[0]['ram:SpecifiedLineTradeDelivery']['ram:BilledQuantity'])).toBe('1');
    expect(charges.map((c: { 'ram:Reason': string }) => c['ram:Reason'])).toEqual(['Anteil am Gutschein']);
    expect(totals.grand).toBe(row!.amount_cents);
  });

  it('the last withdrawn piece: the credit note carries the coupon share and the delivery cost, totals to the cent', async () => {
    const o = await paidOrder();
    expect((await operator(runFulfilmentCli, ['refund', o.orderNumber, '--lines', '1'])).code).toBe(0);
    const last = await operator(runFulfilmentCli, ['refund', o.orderNumber, '--again', '--lines', '2']);
    expect(last.code, last.err).toBe(0);
    const rows = await api.db.query<{ id: number; credit_note_number: string; amount_cents: number }>(
      `SELECT r.id, r.credit_note_number, r.amount_cents FROM refunds r JOIN orders o ON o.id = r.order_id
        WHERE o.order_number = $1 ORDER BY r.id`,
      [o.orderNumber],
    );
    const mail = (await buildRefundMail(api.db, rows[1]!.id)).text;
    expect(mail).toMatch(/\nVersandkosten: \d+,\d\d\u00a0€\n/);
    const xml = await download(o, undefined, rows[1]!.credit_note_number);
    const { lines, charges, totals } = checkedInvoice(String(xml.body));
    expect(lines).toHaveLength(1);
    expect(charges.map((c: { 'ram:Reason': string }) => c['ram:Reason'])).toEqual([
      'Anteil am Gutschein',
      'Versandkosten',
    ]);
    expect(totals.grand).toBe(rows[1]!.amount_cents);
    // Both corrections together: what was paid.
    expect(rows.reduce((sum, r) => sum + r.amount_cents, 0)).toBe(Math.round(o.totalAmount * 100));
  });

  it('a typed refund keeps its one line in the mail, the order and the XRechnung', async () => {
    const o = await paidOrder();
    const refund = await operator(runFulfilmentCli, ['refund', o.orderNumber, '--amount', '5']);
    expect(refund.code, refund.err).toBe(0);
    const [row] = await api.db.query<{ id: number; credit_note_number: string }>(
      `SELECT r.id, r.credit_note_number FROM refunds r JOIN orders o ON o.id = r.order_id WHERE o.order_number = $1`,
      [o.orderNumber],
    );
    expect((await buildRefundMail(api.db, row!.id)).text).not.toContain('Erstattete Waren');
    const again = (await call(api, 'GET', `${paths.order.get}?headerGuid=${o.headerGuid}`)).body as Order;
    expect(again.refunds?.[0]?.lines).toBeUndefined();
    const { lines, charges } = checkedInvoice(
      String((await download(o, undefined, row!.credit_note_number)).body),
    );
    expect(lines).toHaveLength(1);
    expect(lines[0]['ram:SpecifiedTradeProduct']['ram:Name']).toMatch(
      /^Erstattung \(Erstattung\) zur Rechnung/,
    );
    expect(charges).toHaveLength(0);
  });
});
