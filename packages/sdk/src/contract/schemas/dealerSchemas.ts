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
