// Session 24: what the tests of a declaration naming lines share (withdrawalLines, withdrawalRefundDone): the
// XRechnung world's paid company order with a made-to-order line and a plain one, a declaration sent for it, and
// the operator's commands run in process on the test's database.
import type { Order } from '@lp/sdk/contract';
import { withdrawalPaths } from '@lp/sdk/contract';
import { expect } from 'vitest';
import type { Db } from '../../src/db/Db';
import type { runFulfilmentCli } from '../../src/fulfilment/fulfilmentCli';
import type { runWithdrawalCli } from '../../src/withdrawals/withdrawalCli';
import { dealership, eInvoiceWorld } from './eInvoiceWorld';
import { call, plateAttributes } from './testApi';

export async function withdrawnLinesWorld() {
  const world = await eInvoiceWorld();
  const { api, order } = world;

  /** A paid company order: 2 plates B-AB 123 (line 1, made to order) and 2 plain holders (line 2), 10 % coupon. */
  const paidOrder = async () => {
    const o = await order(
      [
        ['KFZ-001', 2, plateAttributes('B-AB 123')],
        ['KZH-001', 2],
      ],
      dealership(undefined, 'WILLKOMMEN10'),
    );
    expect(o.status).toBe('paid');
    return o;
  };

  /** The declaration of withdrawal of order `o` by Petra Händler, with `extra` fields (headerGuid, lines, items). */
  const declare = (o: Order, extra: Record<string, unknown>, email = 'petra@example.org') =>
    call(api, 'POST', withdrawalPaths.withdraw, {
      body: { name: 'Petra Händler', orderNumber: o.orderNumber, email, ...extra },
    });

  /** `lp-api withdrawals …` or `lp-api orders …` on the test's database; mails go nowhere. */
  async function operator(run: typeof runWithdrawalCli | typeof runFulfilmentCli, args: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    const output = { out: (t: string) => out.push(t), err: (t: string) => err.push(t) };
    const open = async () => ({ ...api.db, close: async () => undefined }) as unknown as Db;
    const code = await run(args, { output, open, env: {}, mail: { send: async () => undefined } as never });
    return { code, out: out.join('\n'), err: err.join('\n') };
  }

  return { ...world, paidOrder, declare, operator };
}
