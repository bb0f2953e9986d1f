import type { Queryable } from '../db/Db';
import { refundableLines, withdrawnRefund } from '../fulfilment/withdrawnRefund';
import type { DeclaredLine } from './declaredLines';
import { type PaidRefund, declaredNotPaid, paidAgainst } from './paidAgainst';

/**
 * Session 24, withdrawpick: what `lp-api withdrawals` offers the operator for a declaration that named lines of its
 * order: the refund command with these lines as `--lines`, and the amount it would compute now (the same
 * computation, withdrawnRefund.ts, read without writing). `refused`: why no command is offered (the order not paid,
 * refunded by a typed amount before, pieces refunded already), in the operator's words. `done` (session 24,
 * withdrawfixapi): the declaration has its refund already (`refunds.withdrawal_id`, e.g. the offered command was run),
 * its Rechnungskorrekturen oldest first; nothing is offered again, since a further offer would carry `--again` and,
 * computed on what is left, pay the kept pieces and the delivery cost. Session 25 (withdrawleft): `done` holds every
 * refund paid against the declaration whatever its reason (paidAgainst.ts), with `notPaid`, the declared pieces none
 * of them names (null after a typed amount; session 25 withdrawfix: [] once their --lines name every declared piece,
 * whatever was paid later): told, never offered as a command.
 */
export type RefundProposal =
  | {
      command: string;
      amountCents: number;
      couponCents: number;
      shippingCents: number;
      madeToOrder: number[];
    }
  | { refused: string }
  | { done: PaidRefund[]; notPaid: { line: number; quantity: number }[] | null };

/** `2:1,3:2`: the form `orders refund --lines` reads (fulfilmentCli.ts parseLines). */
export const linesArgument = (lines: DeclaredLine[]) => lines.map((l) => `${l.line}:${l.quantity}`).join(',');

/**
 * The refund of the declared `lines` of order `orderId` (declaration `withdrawalId`), as the command would compute
 * it now, or the refunds recorded for this declaration.
 */
export async function refundProposal(
  db: Queryable,
  declaration: { orderId: number; withdrawalId: number; receivedAt: Date },
  lines: DeclaredLine[],
): Promise<RefundProposal> {
  const { orderId } = declaration;
  const done = await paidAgainst(db, declaration);
  if (done.length > 0) return { done, notPaid: declaredNotPaid(lines, done) };
  const [order] = await db.query<{
    order_number: string;
    status: string;
    cart_cents: number;
    discount_cents: number;
    shipping_cents: number;
    refunds: number;
  }>(
    `SELECT o.order_number, o.status, o.cart_cents, o.discount_cents, o.shipping_cents,
            (SELECT count(*)::int FROM refunds r WHERE r.order_id = o.id) AS refunds
       FROM orders o WHERE o.id = $1`,
    [orderId],
  );
  if (!order) return { refused: 'the order is gone' };
  if (order.status !== 'paid') return { refused: `the order is not paid (status ${order.status})` };
  const stored = await refundableLines(db, orderId);
  if (stored.typedCreditNotes.length > 0)
    return {
      refused: `refunded by a typed amount before (${stored.typedCreditNotes.join(', ')}): type this refund with --amount`,
    };
  const answer = withdrawnRefund(
    {
      lines: stored.lines,
      cartCents: order.cart_cents,
      discountCents: order.discount_cents,
      shippingCents: order.shipping_cents,
    },
    stored.before,
    lines.map(({ line, quantity }) => ({ line, quantity })),
  );
  if (answer.kind === 'linesDisagree')
    return { refused: 'the stored lines do not add up: type it with --amount' };
  if (answer.kind === 'badLine')
    return {
      refused:
        answer.left === null
          ? `the order has no line ${answer.line}`
          : `line ${answer.line} has ${answer.left} piece(s) not refunded before`,
    };
  const again = order.refunds > 0 ? ' --again' : '';
  return {
    command: `lp-api orders refund ${order.order_number} --lines ${linesArgument(lines)}${again}`,
    amountCents: answer.refund.amountCents,
    couponCents: answer.refund.couponCents,
    shippingCents: answer.refund.shippingCents,
    madeToOrder: lines.filter((l) => l.madeToOrder).map((l) => l.line),
  };
}
