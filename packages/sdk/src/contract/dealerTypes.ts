/** Issue 12: dealer types, inferred from the contract's schemas (type-only imports). */
import type { Static } from '@sinclair/typebox';
import type {
  DealerOrderListSchema,
  DealerOrderSchema,
  DealerStatementOrderSchema,
  DealerStatementRefundSchema,
  DealerStatementSchema,
  EmbedOriginSchema,
} from './schemas/dealerSchemas';

/** GET /api/embed/origin: `{ allowed, origin }`. */
export type EmbedOrigin = Static<typeof EmbedOriginSchema>;
/** One order attributed to a dealer: number, date, total, status; no customer data. */
export type DealerOrder = Static<typeof DealerOrderSchema>;
/** GET /api/dealer/orders: one page of a dealer's orders, newest first. */
export type DealerOrderList = Static<typeof DealerOrderListSchema>;
/** GET /api/dealer/statement: the dealer's commission statement for a month. */
export type DealerStatement = Static<typeof DealerStatementSchema>;
/** A paid order on a dealer's statement. */
export type DealerStatementOrder = Static<typeof DealerStatementOrderSchema>;
/** A refund on a dealer's statement (amounts ≤ 0). */
export type DealerStatementRefund = Static<typeof DealerStatementRefundSchema>;
