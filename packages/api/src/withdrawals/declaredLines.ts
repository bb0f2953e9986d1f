import type { Queryable } from '../db/Db';
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

/** A line as the body names it; `article`: the words the page showed (session 25, used only when stored as text). */
type BodyLine = { line: number; quantity: number; article?: string | undefined };

/** The body's fields this reads; `items`: the typed goods, whose length the lines' words share (GOODS_WORDS_MAX). */
type DeclaredBody = {
  orderNumber: string;
  headerGuid?: string | undefined;
  lines?: BodyLine[] | undefined;
  items?: string | undefined;
};

/** What the declaration is stored with: the proven order and its lines, or (`unproven`) the lines as text. */
export interface Declared {
  orderId: number | null;
  lines: DeclaredLine[] | null;
  /** Session 25: the headerGuid or the lines could not be matched; the declaration goes without them. */
  unproven: boolean;
  /** The named lines written out ("Pos. 2: 1 × …; Pos. 3: 1 Stück"), put before the free text; null: none. */
  linesText: string | null;
}

/**
 * Session 25, withdrawfix: at most this many characters of the consumer's own words about the goods go into `items`,
 * the free text (the contract's 500) and the words of unproven lines together. `items` is quoted in the receipt mailed
 * to whatever address was typed, so 100 lines of 200 characters would carry about 8 KB of a sender's text to a stranger
 * (review25b finding 10); before lines existed it was at most 500. The declaration's content (§ 356a BGB) is which
 * positions and how many pieces: lines past the budget are written "Pos. N: Q Stück", never dropped.
 */
export const GOODS_WORDS_MAX = 500;

/**
 * The lines as text, sorted: "Pos. 2: 1 × Kennzeichenhalter Classic" in the consumer's words while `wordsLeft`
 * characters of words remain, from the first line whose words do not fit on "Pos. 2: 1 Stück".
 */
function linesAsText(lines: BodyLine[], wordsLeft: number): string {
  let left = wordsLeft;
  return [...lines]
    .sort((a, b) => a.line - b.line)
    .map(({ line, quantity, article }) => {
      const words = article?.trim() ?? '';
      if (words.length > left) left = 0; // from the first line whose words do not fit, none
      if (!words || left === 0) return `Pos. ${line}: ${quantity} Stück`;
      left -= words.length;
      return `Pos. ${line}: ${quantity} × ${words}`;
    })
    .join('; ');
}

/** Unproven: the lines as text; `orderId` only when the headerGuid proved the order but the lines do not fit it. */
const asText = (body: DeclaredBody, orderId: number | null = null): Declared => ({
  orderId,
  lines: null,
  unproven: true,
  linesText: body.lines
    ? linesAsText(body.lines, Math.max(0, GOODS_WORDS_MAX - (body.items?.trim().length ?? 0)))
    : null,
});

/**
 * Session 24: the order a declaration proves its own by the order's `headerGuid` (the order page's and the
 * account's secret), and the `lines` it names, checked against that order. Answers the proven order's id (null
 * without a headerGuid) and the lines with their words. Made-to-order lines are accepted: the consumer declares, the
 * shop answers. Session 25 (§ 356a BGB: a declaration is never lost, and one request stores it): what cannot be
 * matched is no longer refused but `unproven`, the named lines written out as text in the consumer's words (at most
 * GOODS_WORDS_MAX characters of them): lines without a headerGuid (a guest form must not learn an order's contents,
 * so the API does not read them for it), a headerGuid of no placed order or of another order number (an old link), a
 * line the order does not have, a line twice, more pieces than were ordered. The contract's schema still refuses what is malformed, empty or too long.
 */
export async function declaredLines(db: Queryable, body: DeclaredBody): Promise<Declared> {
  if (body.headerGuid === undefined) {
    return body.lines === undefined
      ? { orderId: null, lines: null, unproven: false, linesText: null }
      : asText(body);
  }
  const [order] = await db.query<{ id: number }>(
    `SELECT o.id FROM orders o
      WHERE o.header_guid = $1 AND upper(o.order_number) = upper($2) AND ${PLACED_ORDER}`,
    [body.headerGuid.toLowerCase(), body.orderNumber],
  );
  if (!order) return asText(body);
  if (body.lines === undefined) return { orderId: order.id, lines: null, unproven: false, linesText: null };
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
    // Not this order's lines as they stand: kept as the consumer named them, unlinked (the operator reads them).
    if (!item || seen.has(line) || quantity > item.quantity) return asText(body, order.id);
    seen.add(line);
    lines.push({ line, quantity, article: lineArticle(item), madeToOrder: madeToOrder(item.attributes) });
  }
  return { orderId: order.id, lines, unproven: false, linesText: null };
}
