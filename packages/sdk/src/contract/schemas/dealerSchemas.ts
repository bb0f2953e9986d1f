import { Type } from '@sinclair/typebox';
import { OrderStatusSchema } from './orderSchemas';
import { Euro, Nullable } from './primitives';

export { DealerIdSchema } from './dealerIdSchema';

/**
 * GET /api/embed/origin: may the page's origin call this API (CORS allow-list: configured origins plus the
 * registered dealers' ones)? Answered to every origin, so a page can tell "not allowed" from "offline".
 * `origin` is the request's Origin header, null when none was sent (no browser, so no CORS: allowed).
 */
export const EmbedOriginSchema = Type.Object({
  allowed: Type.Boolean(),
  origin: Nullable(Type.String()),
});

/** GET /api/dealer/orders query: a bounded page, newest first. */
export const DealerOrdersQuerySchema = Type.Object(
  {
    limit: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
    offset: Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 }),
  },
  { additionalProperties: true },
);

/** One attributed order as its dealer sees it: no customer data (no names, addresses, emails). */
export const DealerOrderSchema = Type.Object({
  orderNumber: Type.String(),
  /** ISO 8601, UTC. */
  createdAt: Type.String(),
  /** Goods minus discount plus shipping, euro. */
  totalAmount: Euro,
  status: OrderStatusSchema,
  /** When the shop shipped it (ISO 8601), null while not shipped (session 18); the tracking number is the buyer's. */
  shippedAt: Type.Optional(Nullable(Type.String())),
});

export const DealerOrderListSchema = Type.Object({
  items: Type.Array(DealerOrderSchema),
  limit: Type.Integer(),
  offset: Type.Integer(),
  totalCount: Type.Integer(),
});

/** GET /api/dealer/statement query: one calendar month, `YYYY-MM` (2000-2099), in Europe/Berlin. */
export const DealerStatementQuerySchema = Type.Object(
  { month: Type.String({ pattern: '^20\\d{2}-(0[1-9]|1[0-2])$' }) },
  { additionalProperties: true },
);

/** What a statement line is worth, euro: goods after discounts and the coupon, gross and net, and shipping. */
const statementAmounts = {
  /** Goods after quantity discounts and the coupon, gross: the dealer's sale. */
  goodsGross: Euro,
  /** The same without VAT at the order's own rate: the usual base of a commission. */
  goodsNet: Euro,
  /** Shipping is shown but is not the dealer's sale. */
  shipping: Euro,
  total: Euro,
  /** The VAT rate fixed on the order's invoice, percent. */
  vatRate: Type.Number(),
};

/** A paid order credited to the dealer, listed in the month of its invoice (the payment's day). */
export const DealerStatementOrderSchema = Type.Object({
  invoiceNumber: Type.String(),
  orderNumber: Type.String(),
  /** YYYY-MM-DD, Europe/Berlin. */
  invoiceDate: Type.String(),
  ...statementAmounts,
  /** A declaration of withdrawal names the order: the goods may come back. */
  withdrawalDeclared: Type.Boolean(),
});

/** A refund of a credited order recorded in the month, with its Rechnungskorrektur; every amount is ≤ 0. */
export const DealerStatementRefundSchema = Type.Object({
  creditNoteNumber: Type.String(),
  invoiceNumber: Type.String(),
  orderNumber: Type.String(),
  /** YYYY-MM-DD, Europe/Berlin. */
  refundDate: Type.String(),
  ...statementAmounts,
});

/**
 * GET /api/dealer/statement: the dealer's commission statement for a month, the same as the operator's
 * `lp-api dealer statement` (docs/reference/dealers.md): orders invoiced and refunds recorded in the month, and
 * their totals. `closed` is false while the month is not over in Berlin: more orders and refunds may come.
 */
export const DealerStatementSchema = Type.Object({
  month: Type.String(),
  closed: Type.Boolean(),
  orders: Type.Array(DealerStatementOrderSchema),
  refunds: Type.Array(DealerStatementRefundSchema),
  totals: Type.Object({
    orders: Type.Integer(),
    refunds: Type.Integer(),
    goodsGross: Euro,
    goodsNet: Euro,
    total: Euro,
  }),
});
