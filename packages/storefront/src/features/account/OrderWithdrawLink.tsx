import type { Order } from '@lp/sdk/contract';
import { Link } from 'react-router-dom';

/**
 * Session 24: "Bestellung … widerrufen", the withdrawal function opened for this order (`?bestellung=<headerGuid>`):
 * the order page and the account already show the consumer the order, so its form may offer the order's lines
 * (features/withdrawal/). Rendered in the lazily loaded order parts (OrderShipment.tsx, OrderParcels.tsx), not in
 * a route's first script. A plain link, not the router's: the order page's part is server-rendered and hydrated
 * late (deferredOrderShipping.tsx), and the link must work before that. The number in the link's words tells the
 * orders of the account's list apart.
 * Session 24, withdrawfixui: the account's card (`inApp`, rendered by the client) hands the headerGuid over as
 * router state, so it never appears in an address, a request line or a Referer; the withdrawal page removes the
 * query of the plain link at once (pages/WithdrawalPage.tsx).
 */
export function OrderWithdrawLink({ order, inApp = false }: { order: Order; inApp?: boolean }) {
  if (inApp)
    return (
      <Link to="/vertrag-widerrufen" state={{ bestellung: order.headerGuid }}>
        Bestellung {order.orderNumber} widerrufen
      </Link>
    );
  return (
    <a href={`/vertrag-widerrufen?bestellung=${encodeURIComponent(order.headerGuid)}`}>
      Bestellung {order.orderNumber} widerrufen
    </a>
  );
}
