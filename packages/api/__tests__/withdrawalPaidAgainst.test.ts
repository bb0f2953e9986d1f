// Session 25, withdrawleft: a refund recorded after a declaration of withdrawal is that declaration's refund whatever
// `--reason` the operator typed (goodwill, complaint, a hand-typed --lines or --amount). `lp-api withdrawals` says
// what was paid against each declaration and never offers paying a piece again (before: the declaration stayed open
// and its offered refund, now with --again, paid a second piece).
import type { Order } from '@lp/sdk/contract';
import { describe, expect, it } from 'vitest';
import { runFulfilmentCli } from '../src/fulfilment/fulfilmentCli';
import { runWithdrawalCli } from '../src/withdrawals/withdrawalCli';
import { withdrawnLinesWorld } from './support/withdrawnLinesWorld';

const { api, paidOrder, declare, operator } = await withdrawnLinesWorld();

/** The operator's list blocks of order `o`, newest declaration first. */
async function blocks(o: Order) {
  const list = await operator(runWithdrawalCli, ['--days', '1']);
  expect(list.code).toBe(0);
  return list.out.split('\n\n').filter((block) => block.includes(JSON.stringify(o.orderNumber)));
}

async function refund(o: Order, ...args: string[]) {
  const run = await operator(runFulfilmentCli, ['refund', o.orderNumber, ...args]);
  expect(run.code, run.err).toBe(0);
  const [row] = await api.db.query<{ id: number; credit_note_number: string; amount_cents: number }>(
    `SELECT r.id, r.credit_note_number, r.amount_cents FROM refunds r JOIN orders o ON o.id = r.order_id
      WHERE o.order_number = $1 ORDER BY r.id DESC LIMIT 1`,
    [o.orderNumber],
  );
  return row!;
}

const eur = (cents: number) => `${(cents / 100).toFixed(2)} EUR`;

describe('a refund recorded with another reason after a declaration', () => {
  it('settles the declaration: listed as done with its reason and pieces, no command offered', async () => {
    const o = await paidOrder();
    await declare(o, { headerGuid: o.headerGuid, lines: [{ line: 2, quantity: 1 }] });
    expect((await blocks(o))[0]).toContain('refund offered: lp-api orders refund');
    const rk = await refund(o, '--lines', '2:1', '--reason', 'goodwill');

    const [block] = await blocks(o);
    expect(block).toContain(
      `  refund: done, ${rk.credit_note_number} on ${new Date().toISOString().slice(0, 10)} (${eur(rk.amount_cents)}, goodwill, --lines 2:1); all declared pieces paid back\n`,
    );
    expect(block).not.toContain('refund offered');
    expect(block).not.toContain('--again');
    const json = JSON.parse((await operator(runWithdrawalCli, ['--days', '1', '--json'])).out) as {
      orderNumber: string;
      refundProposal: Record<string, unknown>;
      paid: unknown[];
    }[];
    const entry = json.find((e) => e.orderNumber === o.orderNumber)!;
    expect(entry.refundProposal).toEqual({
      done: [
        {
          creditNoteNumber: rk.credit_note_number,
          refundedAt: expect.any(String),
          amountCents: rk.amount_cents,
          reason: 'goodwill',
          lines: [{ line: 2, quantity: 1 }],
        },
      ],
      notPaid: [],
    });
    expect(entry.paid).toEqual((entry.refundProposal as { done: unknown[] }).done);
  });

  it('of fewer pieces than declared: names the piece not paid back, still offers no command', async () => {
    const o = await paidOrder();
    await declare(o, { headerGuid: o.headerGuid, lines: [{ line: 2, quantity: 2 }] });
    const rk = await refund(o, '--lines', '2:1', '--reason', 'complaint');
    const [block] = await blocks(o);
    expect(block).toContain(`(${eur(rk.amount_cents)}, complaint, --lines 2:1)`);
    expect(block).toContain('declared but not paid back: line 2: 1 (refund by hand');
    expect(block).not.toContain('refund offered');
  });

  it('of a typed amount: done, the operator told to compare it with the declared lines', async () => {
    const o = await paidOrder();
    await declare(o, { headerGuid: o.headerGuid, lines: [{ line: 2, quantity: 1 }] });
    const rk = await refund(o, '--amount', '5', '--reason', 'goodwill');
    const [block] = await blocks(o);
    expect(block).toContain(
      `(5.00 EUR, goodwill, typed amount); a typed amount names no pieces: compare it with the declared lines`,
    );
    expect(rk.amount_cents).toBe(500);
    expect(block).not.toContain('refund offered');
  });

  it('a declaration of typed goods says what was paid against it', async () => {
    const o = await paidOrder();
    await declare(o, { headerGuid: o.headerGuid, items: 'ein Kennzeichenhalter' });
    expect((await blocks(o))[0]).toContain('\n  refund: none recorded yet\n');
    const rk = await refund(o, '--amount', '4,50', '--reason', 'other');
    expect((await blocks(o))[0]).toContain(
      `\n  refund: paid, ${rk.credit_note_number} on ${new Date().toISOString().slice(0, 10)} (4.50 EUR, other, typed amount)\n`,
    );
  });

  it('an unlinked refund (recorded before session 25) counts against the declaration it followed, not a later one', async () => {
    const o = await paidOrder();
    await declare(o, { headerGuid: o.headerGuid, lines: [{ line: 2, quantity: 1 }] });
    const rk = await refund(o, '--lines', '2:1', '--reason', 'goodwill');
    await api.db.query('UPDATE refunds SET withdrawal_id = NULL WHERE id = $1', [rk.id]);
    expect((await blocks(o))[0]).toContain(`refund: done, ${rk.credit_note_number}`);

    // A second declaration afterwards, of the other holder: offered on its own, the first piece not paid again.
    await declare(o, { headerGuid: o.headerGuid, lines: [{ line: 2, quantity: 1 }] });
    const [second, first] = await blocks(o);
    expect(first).toContain(`refund: done, ${rk.credit_note_number}`);
    expect(second).toMatch(/refund offered: lp-api orders refund \S+ --lines 2:1 --again {2}/);
    expect(second).not.toContain(rk.credit_note_number);
  });

  // Session 25, withdrawfix (review25b finding 8): the same declaration sent twice before the operator acts. The
  // refund is linked to the newer one; the older one offered `--lines 2:1 --again`, paying the kept holder too.
  it('two declarations of the same piece: one refund settles both, a later declaration is offered on its own', async () => {
    const o = await paidOrder();
    await declare(o, { headerGuid: o.headerGuid, lines: [{ line: 2, quantity: 1 }] });
    await declare(o, { headerGuid: o.headerGuid, lines: [{ line: 2, quantity: 1 }] });
    for (const block of await blocks(o)) expect(block).toContain(`refund ${o.orderNumber} --lines 2:1  (`);
    const rk = await refund(o, '--lines', '2:1');

    const both = await blocks(o);
    expect(both).toHaveLength(2);
    for (const block of both) {
      expect(block).toContain(`refund: done, ${rk.credit_note_number} on `);
      expect(block).toContain('--lines 2:1); all declared pieces paid back\n');
      expect(block).not.toContain('refund offered');
    }

    // The same refund recorded before session 25, unlinked: it follows both, so it settles both.
    await api.db.query('UPDATE refunds SET withdrawal_id = NULL WHERE id = $1', [rk.id]);
    for (const block of await blocks(o))
      expect(block).toContain(`refund: done, ${rk.credit_note_number} on `);

    // A third declaration afterwards (the other holder): offered, the first two stay done.
    await declare(o, { headerGuid: o.headerGuid, lines: [{ line: 2, quantity: 1 }] });
    const [third, ...older] = await blocks(o);
    expect(third).toMatch(/refund offered: lp-api orders refund \S+ --lines 2:1 --again {2}/);
    for (const block of older) expect(block).not.toContain('refund offered');
  });

  // Session 25, withdrawfix (review25b finding 9): a complaint refund months later is linked to the declaration, but
  // the declared piece was paid in full by the first one; the list said "compare it with the declared lines".
  it('a typed complaint refund after the declared pieces were paid: all paid back, nothing to compare', async () => {
    const o = await paidOrder();
    await declare(o, { headerGuid: o.headerGuid, lines: [{ line: 2, quantity: 1 }] });
    const first = await refund(o, '--lines', '2:1');
    const complaint = await refund(o, '--amount', '5', '--reason', 'complaint', '--again');
    const [block] = await blocks(o);
    expect(block).toContain(
      `${complaint.credit_note_number} on ${new Date().toISOString().slice(0, 10)} (5.00 EUR, complaint, typed amount); all declared pieces paid back\n`,
    );
    expect(block).toContain(`refund: done, ${first.credit_note_number} on `);
    expect(block).not.toContain('compare it');
    const json = JSON.parse((await operator(runWithdrawalCli, ['--days', '1', '--json'])).out) as {
      orderNumber: string;
      refundProposal: { notPaid: unknown };
    }[];
    expect(json.find((e) => e.orderNumber === o.orderNumber)!.refundProposal.notPaid).toEqual([]);
  });
});
