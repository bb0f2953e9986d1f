import type { Order } from '@lp/sdk/contract';
import { formatEuro } from '../../format';
import { EInvoiceLink, hasEInvoice } from './OrderEInvoice';

/** '25.11.2026' (Berlin), as the order list's dates. */
const day = new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium', timeZone: 'Europe/Berlin' });

/** "1 × Kennzeichenhalter Classic (4,90 €)": a withdrawn piece as the Rechnungskorrektur names it. */
function pieceText(order: Order, piece: { line: number; quantity: number; amount: number }): string {
  const article = order.orderItems[piece.line - 1]?.businessName ?? `Position ${piece.line}`;
  return `${piece.quantity} × ${article} (${formatEuro(piece.amount)})`;
}

/**
 * What the shop paid back of an order (`order.refunds`, the operator's `lp-api orders refund`): "Erstattet: 24,90 €
 * am 25.11.2026 (Rechnungskorrektur RK-2026-000001)", one line per refund, so the shopper can match it with the
 * Erstattungsbestätigung and the money on their account; a company order's each with its XRechnung
 * (OrderEInvoice.tsx). Nothing when nothing was refunded. Loaded with the order list (OrderShipment.tsx renders it),
 * not with /account's first script.
 */
export function OrderRefunds({ order }: { order: Order }) {
  const refunds = order.refunds ?? [];
  if (refunds.length === 0) return null;
  const eInvoice = hasEInvoice(order);
  return (
    // The card's whole row (session 21, account.css): a refund's line is long.
    <div className="order-card__wide">
      <dt>Erstattet</dt>
      <dd>
        {refunds.map((refund, index) => (
          <span key={refund.number}>
            {index > 0 && <br />}
            {formatEuro(refund.amount)} am {day.format(new Date(refund.date))} (Rechnungskorrektur{' '}
            {refund.number})
            {refund.lines && (
              // Session 24: a refund of withdrawn lines names its pieces, as its Rechnungskorrektur does.
              <>: {refund.lines.map((piece) => pieceText(order, piece)).join('; ')}</>
            )}
            {eInvoice && (
              <>
                {' '}
                <EInvoiceLink order={order} creditNote={refund.number} />
              </>
            )}
          </span>
        ))}
      </dd>
    </div>
  );
}
