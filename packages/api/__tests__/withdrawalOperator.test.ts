// Session 16, § 356a BGB: a withdrawal's receipt in the sandbox outbox, the operator's list (`lp-api withdrawals`)
// and the deletion of old unmatched declarations. (Split from withdrawals.test.ts in session 22.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/Db';
import { receiptTime } from '../src/mail/withdrawalMail';
import { runWithdrawalCli } from '../src/withdrawals/withdrawalCli';
import { mailsFor } from './support/outboxMail';
import { type Api, addBody, addItem, makeApi, payCart } from './support/testApi';
import { withdrawalWorld } from './support/withdrawalWorld';

const { withdraw, valid } = await withdrawalWorld();

describe('the sandbox outbox and the operator', () => {
  let sandbox: Api;
  beforeAll(async () => {
    sandbox = await makeApi();
  });
  afterAll(() => sandbox.close());

  it('puts the receipt into the sandbox outbox and names it in the answer', async () => {
    const res = await withdraw({ ...valid(), orderNumber: 'LP-OUTBOX-1' }, sandbox);
    expect(res.body).toMatchObject({
      confirmationMailed: true,
      outboxUrl: expect.stringMatching(/\/sandbox\/outbox$/),
    });
    const [mail] = await mailsFor(sandbox, 'LP-OUTBOX-1');
    expect(mail!.to).toBe('erika@example.de');
    const { day, time, zone } = receiptTime(new Date((res.body as { receivedAt: string }).receivedAt));
    expect(mail!.text).toContain(`Ihr Widerruf ist am ${day} um ${time} Uhr ${zone} bei uns eingegangen.`);
  });

  it('`lp-api withdrawals` lists the declarations, the match and the receipt mail', async () => {
    await withdraw({ ...valid(), orderNumber: 'LP-UNKNOWN-9', name: 'Max Muster' }, sandbox);
    const out: string[] = [];
    const err: string[] = [];
    const output = { out: (text: string) => out.push(text), err: (text: string) => err.push(text) };
    // The API's own database, not closed by the command.
    const open = async () => ({ ...sandbox.db, close: async () => undefined }) as unknown as Db;
    expect(await runWithdrawalCli([], { output, open })).toBe(0);
    expect(out.join('\n')).toContain('order number "LP-UNKNOWN-9"');
    expect(out.join('\n')).toContain('name: "Max Muster"  e-mail: erika@example.de');
    expect(out.join('\n')).toContain('order: no match: check by hand');
    expect(out.join('\n')).toContain('receipt mail: sent');
    out.length = 0;
    expect(await runWithdrawalCli(['--json'], { output, open })).toBe(0);
    const list = JSON.parse(out[0]!) as Array<{ orderNumber: string; matchedOrder: unknown }>;
    expect(list[0]).toMatchObject({ orderNumber: 'LP-UNKNOWN-9', matchedOrder: null, receiptMailed: true });
    expect(await runWithdrawalCli(['--days', 'x'], { output, open })).toBe(2);
    expect(await runWithdrawalCli(['--help'], { output, open })).toBe(0);
    expect(err.join('\n')).toContain('--days takes a whole number of days');
  });

  it('deletes unmatched declarations 3 years after the end of their year; matched ones stay with the order', async () => {
    const fresh = await makeApi();
    try {
      const cart = await addItem(fresh, addBody('KZH-001', 1, {}));
      const paid = await payCart(fresh, cart.cartGuid!);
      const [orderRow] = await fresh.db.query<{ id: number }>(
        'SELECT id FROM orders WHERE order_number = $1',
        [paid.orderNumber],
      );
      const old = "date_trunc('year', now(), 'Europe/Berlin') - interval '3 years 1 day'";
      const recent = "date_trunc('year', now(), 'Europe/Berlin') - interval '2 years 360 days'";
      await fresh.db.query(
        `INSERT INTO withdrawals (name, order_number, email, order_id, received_at) VALUES
          ('Old', 'X-1', 'a@b.de', NULL, ${old}), ('Kept', 'X-2', 'a@b.de', NULL, ${recent}),
          ('Matched', $1, 'erika@example.de', $2, ${old})`,
        [paid.orderNumber, orderRow!.id],
      );
      // The first declaration of a process sweeps.
      expect((await withdraw({ ...valid(), orderNumber: 'X-3' }, fresh)).status).toBe(201);
      const names = await fresh.db.query<{ name: string }>('SELECT name FROM withdrawals ORDER BY id');
      expect(names.map((row) => row.name)).toEqual(['Kept', 'Matched', 'Erika Musterfrau']);
      // A matched declaration goes with its order.
      await fresh.db.query('DELETE FROM payments WHERE order_id = $1', [orderRow!.id]);
      await fresh.db.query('DELETE FROM order_confirmations WHERE order_id = $1', [orderRow!.id]);
      await fresh.db.query('DELETE FROM orders WHERE id = $1', [orderRow!.id]);
      expect(
        (await fresh.db.query<{ name: string }>('SELECT name FROM withdrawals')).map((r) => r.name),
      ).not.toContain('Matched');
    } finally {
      await fresh.close();
    }
  });
});
