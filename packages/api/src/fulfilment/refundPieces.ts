import { jsonColumn } from '../db/jsonColumn';
import { lineArticle } from '../withdrawals/orderLineWords';
import type { WithdrawnRefund } from './withdrawnRefund';

/** A piece line of a Rechnungskorrektur: the order line, its pieces, the article, their price after tiers (cents). */
export interface RefundPiece {
  line: number;
  quantity: number;
  article: string;
  item_id: string;
  cents: number;
}

/** What a refund of withdrawn lines paid back, as its documents name it; `amountCents` = goods − coupon + shipping. */
export interface RefundPieces {
  pieces: RefundPiece[];
  couponCents: number;
  shippingCents: number;
}

/** An order line's words as the refund's documents name it (order_items, by position). */
export interface PieceWords {
  item_id: string;
  business_name: string;
  attributes: Record<string, string> | null;
}

/**
 * Session 24, withdrawfixapi: the pieces a refund of withdrawn lines pays back, as `lp-api orders refund --lines`
 * stores them with the refund (migration 041) when it records it: the computation's lines named by the order's
 * `items` (position order) at that moment. Stored once, so the Erstattungsbestätigung, the order card and the
 * XRechnung credit note name the same pieces for good, whatever later happens to the order's lines.
 */
export function piecesToStore(computed: WithdrawnRefund, items: PieceWords[]): RefundPieces {
  return {
    pieces: computed.lines.map((l) => {
      const item = items[l.line - 1]!;
      return {
        line: l.line,
        quantity: l.quantity,
        article: lineArticle(item),
        item_id: item.item_id,
        cents: l.cents,
      };
    }),
    couponCents: computed.couponCents,
    shippingCents: computed.shippingCents,
  };
}

/**
 * The stored pieces of a refund (`refunds.pieces`) for its documents; null: a refund of a typed amount, or one
 * recorded before migration 041 (session 23's `--lines` refunds too), whose documents keep their one line.
 */
export const storedPieces = (pieces: RefundPieces | string | null | undefined): RefundPieces | null =>
  jsonColumn(pieces);
