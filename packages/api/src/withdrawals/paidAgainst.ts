import type { Queryable } from '../db/Db';
import { jsonColumn } from '../db/jsonColumn';
import type { RefundReason } from '../fulfilment/refunds';
import type { DeclaredLine } from './declaredLines';

/** A refund recorded against a declaration of withdrawal, as `lp-api withdrawals` names it. */
export interface PaidRefund {
  creditNoteNumber: string;
  refundedAt: string;
  amountCents: number;
  /** The reason the operator gave (`--reason`); any reason settles the declaration's refund. */
  reason: RefundReason;
  /** The pieces it paid back (`--lines`, migration 039); null: a typed amount, which names no pieces. */
  lines: { line: number; quantity: number }[] | null;
}

/**
 * Session 25, withdrawleft: the refunds of order `orderId` recorded against declaration `withdrawalId`, oldest first.
 * Since session 25 every refund of an order with a declaration is linked to its latest one (`refunds.withdrawal_id`,
 * whatever `--reason` the operator typed: a refund after a declaration is the declaration's refund, so it must never
 * be offered again). Refunds recorded before that with another reason are unlinked; they count against the
 * declaration they followed (the latest one of the order received before them), the same rule `refundOrder` uses.
 */
export async function paidAgainst(
  db: Queryable,
  { orderId, withdrawalId, receivedAt }: { orderId: number; withdrawalId: number; receivedAt: Date },
): Promise<PaidRefund[]> {
  const rows = await db.query<{
    credit_note_number: string;
    refunded_at: Date | string;
    amount_cents: number;
    reason: RefundReason;
    lines: { line: number; quantity: number }[] | string | null;
  }>(
    `SELECT r.credit_note_number, r.refunded_at, r.amount_cents, r.reason, r.lines FROM refunds r
      WHERE r.order_id = $1
        AND (r.withdrawal_id = $2
             OR (r.withdrawal_id IS NULL AND r.refunded_at >= $3
                 AND NOT EXISTS (SELECT 1 FROM withdrawals w
                                  WHERE w.order_id = $1 AND w.id <> $2
                                    AND w.received_at > $3 AND w.received_at <= r.refunded_at)))
      ORDER BY r.id`,
    [orderId, withdrawalId, receivedAt.toISOString()],
  );
  return rows.map((r) => ({
    creditNoteNumber: r.credit_note_number,
    refundedAt: new Date(r.refunded_at).toISOString(),
    amountCents: r.amount_cents,
    reason: r.reason,
    lines: jsonColumn(r.lines),
  }));
}

/**
 * The declared pieces the `paid` refunds do not name, e.g. the operator refunded one of two declared pieces by hand.
 * Null when a paid refund was a typed amount: it names no pieces, so nothing can be said (the operator checks).
 */
export function declaredNotPaid(
  declared: DeclaredLine[],
  paid: PaidRefund[],
): { line: number; quantity: number }[] | null {
  if (paid.some((r) => r.lines === null)) return null;
  const paidOf = (line: number) =>
    paid.flatMap((r) => r.lines ?? []).reduce((sum, l) => sum + (l.line === line ? l.quantity : 0), 0);
  return declared
    .map(({ line, quantity }) => ({ line, quantity: quantity - paidOf(line) }))
    .filter((l) => l.quantity > 0);
}
