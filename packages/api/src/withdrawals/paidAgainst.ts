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
 * be offered again). Session 25, withdrawfix (review25b finding 8): a declaration also counts the refunds recorded
 * after it that are linked to a declaration received at or after it. A consumer who sends the same declaration twice
 * before the operator acts leaves two; the refund is linked to the newer only, and the older one offered the same
 * pieces again, `--again`. So of N declarations, each one a refund follows is settled by it. Refunds recorded before
 * session 25 with another reason are unlinked; they count against every declaration received before them (as if
 * linked to the latest of those), never against a later one.
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
             OR (r.refunded_at >= $3
                 AND (r.withdrawal_id IS NULL
                      OR r.withdrawal_id IN (SELECT w.id FROM withdrawals w
                                              WHERE w.order_id = $1 AND w.received_at >= $3))))
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
 * The declared pieces the `paid` refunds' `--lines` do not name, e.g. the operator refunded one of two declared pieces
 * by hand; [] once they name them all, whatever else was paid later (session 25, withdrawfix: a complaint refund
 * months later no longer blurs a settled declaration). Null when pieces are left and a paid refund was a typed
 * amount: it names no pieces, so nothing can be said (the operator compares).
 */
export function declaredNotPaid(
  declared: DeclaredLine[],
  paid: PaidRefund[],
): { line: number; quantity: number }[] | null {
  const paidOf = (line: number) =>
    paid.flatMap((r) => r.lines ?? []).reduce((sum, l) => sum + (l.line === line ? l.quantity : 0), 0);
  const left = declared
    .map(({ line, quantity }) => ({ line, quantity: quantity - paidOf(line) }))
    .filter((l) => l.quantity > 0);
  return left.length > 0 && paid.some((r) => r.lines === null) ? null : left;
}
