// Session 24, withdrawfixapi: the review's findings on the partial withdrawal. After the operator ran the refund
// `lp-api withdrawals` offered, the list says it is done and offers nothing again (a second offer carried --again and
// would pay the kept piece and the delivery cost). The Rechnungskorrektur's pieces are stored with the refund
// (migration 041): its mail, the order card and the XRechnung never change afterwards, not even when an order line is
// changed by hand; a refund without stored pieces (session 23's --lines refunds) keeps its one line. A declaration
// linked by the order's own link with another e-mail is listed as such, not as "number and e-mail match".
import type { Order } from '@lp/sdk/contract';
import { paths } from '@lp/sdk/contract';
import { describe, expect, it } from 'vitest';
import { runFulfilmentCli } from '../src/fulfilment/fulfilmentCli';
import { buildRefundMail } from '../src/mail/refundMail';
import { runWithdrawalCli } from '../src/withdrawals/withdrawalCli';
import { checkedInvoice } from './support/checkedInvoice';
import { withdrawnLinesWorld } from './support/withdrawnLinesWorld';
import { call } from './support/testApi';

const { api, download, paidOrder, declare, operator } = await withdrawnLinesWorld();

/** The operator's list block of order `o`. */
async function listed(o: Order) {
  const list = await operator(runWithdrawalCli, ['--days', '1']);
  expect(list.code).toBe(0);
  return list.out.split('\n\n').find((block) => block.includes(JSON.stringify(o.orderNumber))) ?? '';
}

const refundsOf = (o: Order) =>
  api.db.query<{ id: number; credit_note_number: string; amount_cents: number }>(
    `SELECT r.id, r.credit_note_number, r.amount_cents FROM refunds r JOIN orders o ON o.id = r.order_id
      WHERE o.order_number = $1 ORDER BY r.id`,
    [o.orderNumber],
  );

/** What the shopper and the tax adviser can read of refund `refund`: its mail, the order card, its XRechnung. */
async function documents(o: Order, refund: { id: number; credit_note_number: string }) {
  const card = (await call(api, 'GET', `${paths.order.get}?headerGuid=${o.headerGuid}`)).body as Order;
  const xml = await download(o, undefined, refund.credit_note_number);
  expect(xml.status).toBe(200);
  return {
    mail: (await buildRefundMail(api.db, refund.id)).text,
    card: card.refunds?.find((r) => r.number === refund.credit_note_number),
    xml: String(xml.body),
  };
}

describe('the refund of a declaration naming lines', () => {
  it('once the offered refund is run, the list says it is done and offers no command again', async () => {
    const o = await paidOrder();
    expect((await declare(o, { headerGuid: o.headerGuid, lines: [{ line: 2, quantity: 1 }] })).status).toBe(
      201,
    );
    const offered = /refund offered: lp-api orders (refund \S+ --lines 2:1) {2}/.exec(await listed(o));
    expect(offered).not.toBeNull();
    const run = await operator(runFulfilmentCli, offered![1]!.split(' '));
    expect(run.code, run.err).toBe(0);
    const [refund] = await refundsOf(o);

    const block = await listed(o);
    const amount = (refund!.amount_cents / 100).toFixed(2);
    expect(block).toMatch(
      new RegExp(
        `\\n  refund: done, ${refund!.credit_note_number} on \\d{4}-\\d\\d-\\d\\d \\(${amount} EUR, withdrawal, --lines 2:1\\); all declared pieces paid back\\n`,
      ),
    );
    expect(block).not.toContain('refund offered');
    expect(block).not.toContain('--again');
    const json = JSON.parse((await operator(runWithdrawalCli, ['--days', '1', '--json'])).out) as {
      orderNumber: string;
      refundProposal: { done?: { creditNoteNumber: string; amountCents: number }[]; command?: string };
    }[];
    const entry = json.find((e) => e.orderNumber === o.orderNumber)!;
    expect(entry.refundProposal.command).toBeUndefined();
    expect(entry.refundProposal.done).toEqual([
      {
        creditNoteNumber: refund!.credit_note_number,
        refundedAt: expect.any(String),
        amountCents: refund!.amount_cents,
        reason: 'withdrawal',
        lines: [{ line: 2, quantity: 1 }],
      },
    ]);
  });

  it('mail, order card and XRechnung keep the pieces they were issued with when an order line is changed by hand', async () => {
    const o = await paidOrder();
    const run = await operator(runFulfilmentCli, ['refund', o.orderNumber, '--lines', '2:1']);
    expect(run.code, run.err).toBe(0);
    const [refund] = await refundsOf(o);
    const issued = await documents(o, refund!);
    expect(issued.mail).toContain('Erstattete Waren (brutto):\nPos. 2: 1 × ');
    expect(issued.card?.lines).toEqual([{ line: 2, quantity: 1, amount: o.orderItems[1]!.lineTotal! / 2 }]);
    expect(checkedInvoice(issued.xml).lines).toHaveLength(1);

    // An order line corrected by hand afterwards (price and name): the issued Rechnungskorrektur stays as it was.
    await api.db.query(
      `UPDATE order_items SET price_cents = price_cents + 100, business_name = 'Umbenannt'
        WHERE order_id = (SELECT id FROM orders WHERE order_number = $1) AND position = 1`,
      [o.orderNumber],
    );
    expect(await documents(o, refund!)).toEqual(issued);
  });

  it('a refund with lines but no stored pieces (recorded before migration 041) keeps its one line', async () => {
    const o = await paidOrder();
    const run = await operator(runFulfilmentCli, ['refund', o.orderNumber, '--lines', '2:1']);
    expect(run.code, run.err).toBe(0);
    const [refund] = await refundsOf(o);
    await api.db.query('UPDATE refunds SET pieces = NULL WHERE id = $1', [refund!.id]);
    const { mail, card, xml } = await documents(o, refund!);
    expect(mail).not.toContain('Erstattete Waren');
    expect(card?.lines).toBeUndefined();
    const { lines, charges } = checkedInvoice(xml);
    expect(lines).toHaveLength(1);
    expect(lines[0]['ram:SpecifiedTradeProduct']['ram:Name']).toMatch(
      /^Erstattung \(Erstattung\) zur Rechnung Nr\. RE-/,
    );
    expect(charges).toHaveLength(0);
  });
});

describe('a declaration linked by the order link', () => {
  it('with an e-mail other than the order’s is listed as differing, not as matching', async () => {
    const o = await paidOrder();
    expect((await declare(o, { headerGuid: o.headerGuid }, 'fremd@example.org')).status).toBe(201);
    const block = await listed(o);
    expect(block).toContain(
      `  order: ${o.orderNumber} (paid), linked by the order's own link (headerGuid); the e-mail differs from the order's`,
    );
    expect(block).not.toContain('number and e-mail match');
    // The same order declared with its own e-mail still matches.
    const own = await paidOrder();
    expect((await declare(own, { headerGuid: own.headerGuid }, own.billingPerson.email)).status).toBe(201);
    expect(await listed(own)).toContain(`  order: ${own.orderNumber} (paid), number and e-mail match`);
  });
});
