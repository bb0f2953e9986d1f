import type { Db, Queryable } from '../db/Db';
import { CLAIM_MINUTES } from '../mail/owedMails';
import type { OwedRefundMail } from '../mail/refundMails';
import { grossCents, vatFromGross } from '../orders/invoice';
import type { LineRequest } from './parcels';
import { type RefundPieces, piecesToStore } from './refundPieces';
import { type WithdrawnRefund, refundableLines, withdrawnRefund } from './withdrawnRefund';

/** Why the shop paid back: a declared withdrawal (§ 357 BGB), a complaint, goodwill, something else. */
export const REFUND_REASONS = ['withdrawal', 'complaint', 'goodwill', 'other'] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

/** One refund as recorded, with its Rechnungskorrektur (migration 031). */
export interface Refund {
  /** The Rechnungskorrektur's number, RK-<year>-<counter>. */
  creditNoteNumber: string;
  /** ISO 8601: when it was recorded, the date of the Rechnungskorrektur. */
  refundedAt: string;
  amountCents: number;
  /** The VAT share of `amountCents` at the order's rate. */
  vatCents: number;
  vatRate: number;
  reason: RefundReason;
}

/** What `refundOrder` did. */
export type RefundResult =
  | { kind: 'unknown' }
  /** Not paid (also cancelled): nothing was paid that could be refunded. */
  | { kind: 'notPaid'; orderNumber: string; status: string }
  /** The order has refunds already and the caller did not say `again`: nothing changed. */
  | { kind: 'refundedBefore'; orderNumber: string; refunds: Refund[]; leftCents: number }
  /** More than is left of what was paid (or nothing is left): nothing changed. */
  | {
      kind: 'tooMuch';
      orderNumber: string;
      refunds: Refund[];
      leftCents: number;
      paidCents: number;
      computed?: WithdrawnRefund | undefined;
    }
  /** `lines`: a line the order does not have, or more pieces than are left of it after earlier refunds. */
  | { kind: 'badLine'; orderNumber: string; line: number; left: number | null }
  /** `lines`: the withdrawn pieces cost nothing after the coupon (a 100 % coupon): nothing changed. */
  | { kind: 'nothingToRefund'; orderNumber: string; computed: WithdrawnRefund }
  /** `lines`: the order's stored lines do not add up to its goods; the amount must be typed. */
  | { kind: 'linesDisagree'; orderNumber: string }
  /** `--lines` after a refund of a typed amount, which names no pieces: the computation would pay them again. */
  | { kind: 'typedBefore'; orderNumber: string; creditNotes: string[] }
  /** Recorded now; the mail is owed and claimed for the caller's own attempt (`owed`). */
  | {
      kind: 'refunded';
      orderNumber: string;
      refund: Refund;
      paidCents: number;
      leftCents: number;
      owed: OwedRefundMail;
      /** With `lines`: how the amount was computed. */
      computed?: WithdrawnRefund;
    };

type RefundRow = {
  credit_note_number: string;
  refunded_at: Date | string;
  amount_cents: number;
  vat_cents: number;
  vat_rate: number;
  reason: RefundReason;
};

const refundOf = (row: RefundRow): Refund => ({
  creditNoteNumber: row.credit_note_number,
  refundedAt: new Date(row.refunded_at).toISOString(),
  amountCents: row.amount_cents,
  vatCents: row.vat_cents,
  vatRate: row.vat_rate,
  reason: row.reason,
});

const REFUND_COLUMNS = 'credit_note_number, refunded_at, amount_cents, vat_cents, vat_rate, reason';

/** The refunds of an order, oldest first. */
export async function refundsOfOrder(db: Queryable, orderId: number): Promise<Refund[]> {
  const rows = await db.query<RefundRow>(
    `SELECT ${REFUND_COLUMNS} FROM refunds WHERE order_id = $1 ORDER BY id`,
    [orderId],
  );
  return rows.map(refundOf);
}

/**
 * The VAT share of a refund of `amountCents` after `beforeCents` were refunded of an order of `orderGross` with
 * `orderVat` at `rate`: the tax of everything refunded after it minus the tax of everything refunded before, each
 * as `vatFromGross` rounds it (half up). A single refund's share is its own amount's; refunds in parts never carry a
 * negative share and, once the whole order is refunded, add up to the invoice's VAT to the cent (§ 17 UStG: the tax
 * is corrected by what was charged).
 */
export function refundVat(
  { orderGross, orderVat, rate }: { orderGross: number; orderVat: number; rate: number },
  beforeCents: number,
  amountCents: number,
): number {
  const taxOf = (refunded: number) =>
    refunded === orderGross ? orderVat : vatFromGross(refunded, rate).vatCents;
  return taxOf(beforeCents + amountCents) - taxOf(beforeCents);
}

/**
 * Records a refund of the paid order `orderNumber` (any case): `amountCents`, or the price of the withdrawn `lines`
 * (withdrawnRefund.ts: goods minus their coupon share, the delivery cost with the last piece; kept with the refund,
 * migration 039, and the pieces its documents name, migration 041), or what is left of its gross when both are absent, with a Rechnungskorrektur numbered from the company's RK counter, and makes its mail owed, claimed for the
 * caller's attempt (mail/refundMails.ts). Unknown, unpaid and cancelled orders are refused; so is more than is left,
 * and a further refund of an order refunded before unless `again` (a repeated command must not pay back twice). One
 * transaction: the order row is locked while the refunds are summed, so two refunds at once never exceed what was
 * paid, and the company row while its counter counts, so numbers have no gaps.
 */
export function refundOrder(
  db: Db,
  request: {
    orderNumber: string;
    amountCents?: number | undefined;
    /** The withdrawn lines (a line alone: all of it not refunded before); not with `amountCents`. */
    lines?: LineRequest[] | undefined;
    reason?: RefundReason | undefined;
    again: boolean;
  },
): Promise<RefundResult> {
  return db.transaction(async (tx) => {
    const [order] = await tx.query<{
      id: number;
      order_number: string;
      status: string;
      company_id: number;
      cart_cents: number;
      discount_cents: number;
      shipping_cents: number;
      vat_rate: number | null;
      vat_cents: number | null;
    }>(
      `SELECT id, order_number, status, company_id, cart_cents, discount_cents, shipping_cents, vat_rate, vat_cents
         FROM orders WHERE upper(order_number) = upper($1) FOR UPDATE`,
      [request.orderNumber.trim()],
    );
    if (!order) return { kind: 'unknown' };
    if (order.status !== 'paid' || order.vat_rate === null || order.vat_cents === null)
      return { kind: 'notPaid', orderNumber: order.order_number, status: order.status };
    const refunds = await refundsOfOrder(tx, order.id);
    const paidCents = grossCents(order);
    const beforeCents = refunds.reduce((sum, refund) => sum + refund.amountCents, 0);
    const leftCents = paidCents - beforeCents;
    if (refunds.length > 0 && !request.again)
      return { kind: 'refundedBefore', orderNumber: order.order_number, refunds, leftCents };
    let computed: WithdrawnRefund | undefined;
    let pieces: RefundPieces | undefined;
    if (request.lines) {
      const { lines, items, before, typedCreditNotes } = await refundableLines(tx, order.id);
      // A refund of a typed amount (every refund before migration 039 too) says nothing about which pieces it paid
      // back, so pieces computed now could be paid twice: such an order's refunds stay typed.
      if (typedCreditNotes.length > 0)
        return { kind: 'typedBefore', orderNumber: order.order_number, creditNotes: typedCreditNotes };
      const answer = withdrawnRefund(
        {
          lines,
          cartCents: order.cart_cents,
          discountCents: order.discount_cents,
          shippingCents: order.shipping_cents,
        },
        before,
        request.lines,
      );
      if (answer.kind === 'badLine') return { ...answer, orderNumber: order.order_number };
      if (answer.kind === 'linesDisagree') return { kind: 'linesDisagree', orderNumber: order.order_number };
      computed = answer.refund;
      pieces = piecesToStore(computed, items);
      if (computed.amountCents === 0 && leftCents > 0)
        return { kind: 'nothingToRefund', orderNumber: order.order_number, computed };
    }
    const amountCents = computed?.amountCents ?? request.amountCents ?? leftCents;
    if (amountCents <= 0 || amountCents > leftCents)
      return { kind: 'tooMuch', orderNumber: order.order_number, refunds, leftCents, paidCents, computed };
    const [withdrawal] = await tx.query<{ id: number }>(
      'SELECT id FROM withdrawals WHERE order_id = $1 ORDER BY received_at DESC, id DESC LIMIT 1',
      [order.id],
    );
    const reason = request.reason ?? (withdrawal ? 'withdrawal' : 'other');
    const [counter] = await tx.query<{ number: number; year: string }>(
      `UPDATE companies SET last_credit_note_number = last_credit_note_number + 1 WHERE id = $1
       RETURNING last_credit_note_number AS number, to_char(now() AT TIME ZONE 'Europe/Berlin', 'YYYY') AS year`,
      [order.company_id],
    );
    if (!counter) throw new Error(`Company ${order.company_id} not found.`);
    const vatCents = refundVat(
      { orderGross: paidCents, orderVat: order.vat_cents, rate: order.vat_rate },
      beforeCents,
      amountCents,
    );
    const [row] = await tx.query<RefundRow & { id: number; attempts: number }>(
      `INSERT INTO refunds (order_id, company_id, credit_note_number, amount_cents, vat_rate, vat_cents, reason,
                            withdrawal_id, lines, pieces, mail_attempts, mail_next_attempt_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10::jsonb, 1,
               now() + make_interval(mins => ${CLAIM_MINUTES}))
       RETURNING id, mail_attempts AS attempts, ${REFUND_COLUMNS}`,
      [
        order.id,
        order.company_id,
        `RK-${counter.year}-${String(counter.number).padStart(6, '0')}`,
        amountCents,
        order.vat_rate,
        vatCents,
        reason,
        // Session 25: linked whatever the reason. A refund after a declaration is that declaration's refund, so
        // `lp-api withdrawals` says it is paid and never offers it again (withdrawals/paidAgainst.ts).
        withdrawal?.id ?? null,
        computed ? JSON.stringify(computed.lines.map(({ line, quantity }) => ({ line, quantity }))) : null,
        // Migration 041: the pieces its documents name, fixed now (refundPieces.ts).
        pieces ? JSON.stringify(pieces) : null,
      ],
    );
    return {
      kind: 'refunded',
      orderNumber: order.order_number,
      refund: refundOf(row!),
      paidCents,
      leftCents: leftCents - amountCents,
      owed: { id: row!.id, attempts: row!.attempts, order_number: order.order_number },
      ...(computed ? { computed } : {}),
    };
  });
}
