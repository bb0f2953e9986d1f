// Session 25, withdrawleft: a declaration naming lines with an order proof the API cannot match (an old link, a guid
// of another order, a line the order does not have) is stored in the same request as a text declaration, the lines
// written out in the consumer's words, and the answer says so (`linesAsText`) for the page's receipt. Before, the API
// answered 400 and the form had to send it again; a consumer whose second request failed lost the declaration.
import type { Order, WithdrawalAnswer } from '@lp/sdk/contract';
import { describe, expect, it } from 'vitest';
import { runWithdrawalCli } from '../src/withdrawals/withdrawalCli';
import { mailsFor } from './support/outboxMail';
import { withdrawnLinesWorld } from './support/withdrawnLinesWorld';

const { api, paidOrder, declare, operator } = await withdrawnLinesWorld();

const stored = (o: Order) =>
  api.db.query<{ items: string | null; lines: unknown; order_id: number | null }>(
    'SELECT items, lines, order_id FROM withdrawals WHERE order_number = $1 ORDER BY id',
    [o.orderNumber],
  );

const receipts = async (o: Order) =>
  (await mailsFor(api, o.orderNumber)).filter((m) => m.subject.startsWith('Eingangsbestätigung'));

describe('a declaration whose order proof or lines cannot be matched', () => {
  it('is stored once as text with the lines in the consumer’s words, answered and mailed as a receipt', async () => {
    const o = await paidOrder();
    const other = await paidOrder();
    const res = await declare(o, {
      headerGuid: other.headerGuid, // an old link or another order's: not the placed order of this number
      lines: [
        { line: 2, quantity: 1, article: 'Kennzeichenhalter Classic' },
        { line: 1, quantity: 1 },
      ],
      items: 'mit Schrauben',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect((res.body as WithdrawalAnswer).linesAsText).toBe(true);
    const rows = await stored(o);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.items).toBe('Pos. 1: 1 Stück; Pos. 2: 1 × Kennzeichenhalter Classic; mit Schrauben');
    expect(rows[0]!.lines).toBeNull();
    const [mail, ...more] = await receipts(o);
    expect(more).toHaveLength(0);
    expect(mail!.text).toContain('  Pos. 1: 1 Stück; Pos. 2: 1 × Kennzeichenhalter Classic; mit Schrauben\n');
    // The other order learned nothing and got nothing.
    expect(await receipts(other)).toHaveLength(0);
    // The operator reads it as typed goods, no refund command offered for unproven lines.
    const list = (await operator(runWithdrawalCli, ['--days', '1'])).out;
    const block = list.split('\n\n').find((b) => b.includes(JSON.stringify(o.orderNumber)))!;
    expect(block).toContain('goods: "Pos. 1: 1 Stück; Pos. 2: 1 × Kennzeichenhalter Classic; mit Schrauben"');
    expect(block).not.toContain('refund offered');
  });

  it('each case the API used to refuse is stored, one declaration a request', async () => {
    const o = await paidOrder();
    const cases: Record<string, unknown>[] = [
      { lines: [{ line: 1, quantity: 1 }] }, // no proof (a guest form never sends lines)
      { headerGuid: '00000000-0000-4000-8000-000000000000', lines: [{ line: 1, quantity: 1 }] },
      { headerGuid: o.headerGuid, lines: [{ line: 3, quantity: 1 }] }, // no such line
      { headerGuid: o.headerGuid, lines: [{ line: 1, quantity: 3 }] }, // more than ordered
      {
        headerGuid: o.headerGuid,
        lines: [
          { line: 1, quantity: 1 },
          { line: 1, quantity: 1 },
        ],
      },
    ];
    for (const extra of cases) {
      const res = await declare(o, extra, o.billingPerson.email);
      expect(res.status, JSON.stringify(extra)).toBe(201);
      expect((res.body as WithdrawalAnswer).linesAsText, JSON.stringify(extra)).toBe(true);
    }
    const rows = await stored(o);
    expect(rows.map((r) => r.items)).toEqual([
      'Pos. 1: 1 Stück',
      'Pos. 1: 1 Stück',
      'Pos. 3: 1 Stück',
      'Pos. 1: 3 Stück',
      'Pos. 1: 1 Stück; Pos. 1: 1 Stück',
    ]);
    // Still matched to the order: by number and billing e-mail, or by its own proof when only the lines are wrong.
    expect(rows.every((r) => r.order_id !== null && r.lines === null)).toBe(true);
    expect(await receipts(o)).toHaveLength(cases.length);
    // A proof alone that matches no order: the declaration of the whole order, unlinked by the proof.
    const alone = await declare(
      o,
      { headerGuid: '00000000-0000-4000-8000-000000000000' },
      'fremd@example.org',
    );
    expect((alone.body as WithdrawalAnswer).linesAsText).toBe(true);
    const [last] = (await stored(o)).slice(-1);
    expect(last).toEqual({ items: null, lines: null, order_id: null });
  });

  it('100 lines with short words fit: nothing cut off', async () => {
    const o = await paidOrder();
    const lines = Array.from({ length: 100 }, (_, i) => ({
      line: i + 1,
      quantity: 1,
      article: 'a'.repeat(4),
    }));
    const res = await declare(o, { lines, items: 'x'.repeat(100) });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const [row] = await stored(o);
    expect(row!.items).toContain(`Pos. 100: 1 × aaaa; ${'x'.repeat(100)}`);
    expect(row!.items!.length).toBeGreaterThan(500);
  });

  // Session 25, withdrawfix (review25b finding 10): the receipt goes to whatever address was typed, so it carries at
  // most 500 characters of the sender's own words about the goods, as before lines existed; every position stays.
  it('long words: the receipt to the typed address quotes at most 500 characters of them, every position kept', async () => {
    const o = await paidOrder();
    const lines = Array.from({ length: 30 }, (_, i) => ({
      line: i + 1,
      quantity: 1,
      article: 'a'.repeat(200),
    }));
    const res = await declare(o, { lines }, 'fremd@example.org');
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const positions = lines.map(({ line }) =>
      line <= 2 ? `Pos. ${line}: 1 × ${'a'.repeat(200)}` : `Pos. ${line}: 1 Stück`,
    );
    expect((await stored(o))[0]!.items).toBe(positions.join('; '));
    const [mail] = await receipts(o);
    expect(mail!.to).toBe('fremd@example.org');
    expect(mail!.text).toContain(`  ${positions.join('; ')}\n`);
    expect(mail!.text.split('a'.repeat(200)).length - 1).toBe(2);

    // Typed goods share the 500: with 500 of them, the lines go without words.
    const full = await declare(o, { lines: lines.slice(0, 3), items: 'x'.repeat(500) });
    expect(full.status).toBe(201);
    expect((await stored(o))[1]!.items).toBe(
      `Pos. 1: 1 Stück; Pos. 2: 1 Stück; Pos. 3: 1 Stück; ${'x'.repeat(500)}`,
    );
  });

  it('a proven declaration is answered without the flag', async () => {
    const o = await paidOrder();
    const res = await declare(o, {
      headerGuid: o.headerGuid,
      lines: [{ line: 2, quantity: 1, article: 'x' }],
    });
    expect(res.status).toBe(201);
    expect((res.body as WithdrawalAnswer).linesAsText).toBeUndefined();
    const [row] = await stored(o);
    // The shop's own words, not the page's.
    expect(row!.lines).toEqual([
      { line: 2, quantity: 1, article: o.orderItems[1]!.businessName, madeToOrder: false },
    ]);
    expect(row!.items).toBeNull();
  });
});
