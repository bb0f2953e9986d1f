// Session 24, hostile: `lp-api orders refund <n> --lines` (session 23, refunds) against a careless or hostile
// operator: malformed lines are a usage error that records nothing, and on PostgreSQL two refunds of one order at
// the same time (two operators, or a script run twice) never pay the same pieces twice nor more than was paid. The
// order row's lock serialises them (fulfilment/refunds.ts); PGlite runs one transaction at a time, so the races run
// on a PostgreSQL server only.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fulfilmentWorld } from './support/fulfilmentWorld';
import { queuedBehind } from './support/lockQueue';
import { type Api, addBody, addItem, payCart, plateAttributes } from './support/testApi';

const world = fulfilmentWorld();
const { cli } = world;
let api: Api;
beforeAll(() => {
  api = world.api();
});
afterEach(() => vi.restoreAllMocks());

/** A paid order of 3 Kfz-Kennzeichen at 12,90 € (line 1) and a holder at 4,90 € (line 2): 48,10 € with shipping. */
async function paidOrder(): Promise<{ orderNumber: string; paid: number }> {
  const cart = await addItem(api, addBody('KFZ-001', 3, plateAttributes('M-LP 2026')));
  await addItem(api, addBody('KZH-001', 1), cart.cartGuid!);
  const { orderNumber } = await payCart(api, cart.cartGuid!);
  const [row] = await api.db.query<{ paid: number }>(
    'SELECT cart_cents - discount_cents + shipping_cents AS paid FROM orders WHERE order_number = $1',
    [orderNumber],
  );
  return { orderNumber, paid: row!.paid };
}

const refunds = (orderNumber: string) =>
  api.db.query<{ amount: number; lines: { line: number; quantity: number }[] | string | null }>(
    `SELECT amount_cents AS amount, lines FROM refunds
      WHERE order_id = (SELECT id FROM orders WHERE order_number = $1) ORDER BY id`,
    [orderNumber],
  );

/** The pieces of each line that the order's refunds paid back. */
async function piecesRefunded(orderNumber: string): Promise<Record<number, number>> {
  const pieces: Record<number, number> = {};
  for (const { lines } of await refunds(orderNumber))
    for (const { line, quantity } of typeof lines === 'string' ? JSON.parse(lines) : (lines ?? []))
      pieces[line] = (pieces[line] ?? 0) + quantity;
  return pieces;
}

const refund = (orderNumber: string, ...args: string[]) =>
  cli(['refund', orderNumber, '--reason', 'withdrawal', '--again', ...args]);

describe('lp-api orders refund --lines with hostile lines', () => {
  it('refuses each as a usage error (exit 2) and records nothing', async () => {
    const { orderNumber } = await paidOrder();
    for (const lines of [
      '',
      ' ',
      '0',
      '-1',
      '1:0',
      '1:-1',
      '1:1e9',
      '1e0',
      '99999999999999999999',
      '1:99999999999999999999',
      '1,1',
      '1:1,1:1',
      '1,01',
      '1:1,1',
      '١',
      '1:١',
      '１',
      '1.5',
      '1:1.5',
      '0x1',
      '1;2',
      `${'1,'.repeat(101)}1`,
    ]) {
      const { code, err } = await refund(orderNumber, `--lines=${lines}`);
      expect(code, lines).toBe(2);
      expect(err, lines).toContain('--lines takes line numbers');
    }
    expect(await refunds(orderNumber)).toEqual([]);
  });

  it('refuses lines and pieces the order does not have (exit 1), records nothing', async () => {
    const { orderNumber } = await paidOrder();
    for (const [lines, says] of [
      ['3', 'has no line 3'],
      ['9999', 'has no line 9999'],
      ['1:4', 'line 1 has 3 piece(s) not refunded before'],
      ['1:99999', 'line 1 has 3 piece(s) not refunded before'],
      ['2,3', 'has no line 3'],
    ]) {
      const { code, err } = await refund(orderNumber, '--lines', lines!);
      expect(code, lines).toBe(1);
      expect(err, lines).toContain(says);
    }
    expect(await refunds(orderNumber)).toEqual([]);
  });
});

const server = process.env.TEST_DATABASE_URL;
const ORDER_ROW = 'SELECT 1 FROM orders WHERE order_number = $1 FOR UPDATE';

describe.runIf(server)('two refunds of one order at the same time (PostgreSQL)', () => {
  it('the same line twice: one refund pays it, the other is refused; the pieces are paid once', async () => {
    const { orderNumber } = await paidOrder();
    const [one, two] = await queuedBehind(
      api,
      ORDER_ROW,
      orderNumber,
      () => refund(orderNumber, '--lines', '1'),
      () => refund(orderNumber, '--lines', '1'),
    );
    expect([one.code, two.code]).toEqual([0, 1]);
    expect(two.err).toContain('line 1 has 0 piece(s) not refunded before');
    expect(await piecesRefunded(orderNumber)).toEqual({ 1: 3 });
    expect((await refunds(orderNumber)).map((r) => r.amount)).toEqual([3870]);
  });

  it('two pieces of a line of three, twice: the first is paid, the second refused (one piece left)', async () => {
    const { orderNumber } = await paidOrder();
    const results = await queuedBehind(
      api,
      ORDER_ROW,
      orderNumber,
      () => refund(orderNumber, '--lines', '1:2'),
      () => refund(orderNumber, '--lines', '1:2'),
    );
    expect(results.map((r) => r.code)).toEqual([0, 1]);
    expect(await piecesRefunded(orderNumber)).toEqual({ 1: 2 });
  });

  it('--lines racing --amount for the rest: never more than was paid, never a piece paid twice', async () => {
    for (const linesFirst of [true, false]) {
      const { orderNumber, paid } = await paidOrder();
      const lines = () => refund(orderNumber, '--lines', '1');
      const rest = () => refund(orderNumber, '--amount', (paid / 100).toFixed(2));
      const [byLines, byAmount] = linesFirst
        ? await queuedBehind(api, ORDER_ROW, orderNumber, lines, rest)
        : await queuedBehind(api, ORDER_ROW, orderNumber, rest, lines).then(([a, l]) => [l, a] as const);
      const rows = await refunds(orderNumber);
      expect(rows.reduce((sum, row) => sum + row.amount, 0)).toBeLessThanOrEqual(paid);
      if (linesFirst) {
        expect([byLines.code, byAmount.code]).toEqual([0, 1]);
        expect(byAmount.err).toContain('are left to refund');
      } else {
        // The whole order refunded by the typed amount: the computed one would pay line 1 a second time.
        expect([byAmount.code, byLines.code]).toEqual([0, 1]);
        expect(byLines.err).toContain('was refunded by a typed amount before');
      }
      expect(rows).toHaveLength(1);
    }
  });
});
