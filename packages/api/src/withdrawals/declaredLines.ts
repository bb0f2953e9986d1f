import type { Queryable } from '../db/Db';
import { badRequest } from '../http/ApiError';
import { PLACED_ORDER } from '../orders/orderRepo';
import { lineArticle, madeToOrder } from './orderLineWords';

/** A line of the order as the declaration names it (migration 040, `withdrawals.lines`). */
export interface DeclaredLine {
  line: number;
  quantity: number;
  /** The article's words at the time of receipt (the declaration's content). */
  article: string;
  /** Made to the consumer's specification (§ 312g (2) no. 1 BGB): a hint for the shop, never a refusal. */
  madeToOrder: boolean;
}

const refused = (field: 'headerGuid' | 'lines', message: string) =>
  badRequest('validation', `Invalid body ${field}: ${message}.`, [{ field, message }]);

/**
 * Session 24: the order a declaration proves its own by the order's `headerGuid` (the order page's and the
 * account's secret), and the `lines` it names, checked against that order. Refused with 400 `validation`: lines
 * without a headerGuid (a guest form must not learn an order's contents, so it cannot name them either), a
 * headerGuid of no placed order or of another order number, a line the order does not have, a line twice, more
 * pieces than were ordered. Answers the proven order's id (null without a headerGuid) and the lines with their
 * words. Made-to-order lines are accepted: the consumer declares, the shop answers.
 */
export async function declaredLines(
  db: Queryable,
  body: {
    orderNumber: string;
    headerGuid?: string | undefined;
    lines?: { line: number; quantity: number }[] | undefined;
  },
): Promise<{ orderId: number | null; lines: DeclaredLine[] | null }> {
  if (body.headerGuid === undefined) {
    if (body.lines !== undefined) throw refused('lines', 'need the headerGuid of the order they belong to');
    return { orderId: null, lines: null };
  }
  const [order] = await db.query<{ id: number }>(
    `SELECT o.id FROM orders o
      WHERE o.header_guid = $1 AND upper(o.order_number) = upper($2) AND ${PLACED_ORDER}`,
    [body.headerGuid.toLowerCase(), body.orderNumber],
  );
  if (!order) throw refused('headerGuid', 'is not the placed order with this order number');
  if (body.lines === undefined) return { orderId: order.id, lines: null };
  const items = await db.query<{
    position: number;
    quantity: number;
    business_name: string;
    attributes: Record<string, string> | null;
  }>(
    'SELECT position, quantity, business_name, attributes FROM order_items WHERE order_id = $1 ORDER BY position',
    [order.id],
  );
  const seen = new Set<number>();
  const lines: DeclaredLine[] = [];
  for (const { line, quantity } of [...body.lines].sort((a, b) => a.line - b.line)) {
    const item = items[line - 1];
    if (!item) throw refused('lines', `the order has no line ${line}`);
    if (seen.has(line)) throw refused('lines', `line ${line} is named twice`);
    if (quantity > item.quantity)
      throw refused('lines', `line ${line} has ${item.quantity} piece(s), not ${quantity}`);
    seen.add(line);
    lines.push({ line, quantity, article: lineArticle(item), madeToOrder: madeToOrder(item.attributes) });
  }
  return { orderId: order.id, lines };
}
