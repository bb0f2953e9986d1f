import type { Order } from '@lp/sdk/contract';

/**
 * Session 24: "Bestellung … widerrufen", the withdrawal function opened for this order (`?bestellung=<headerGuid>`):
 * the order page and the account already show the consumer the order, so its form may offer the order's lines
 * (features/withdrawal/). Rendered in the lazily loaded order parts (OrderShipment.tsx, OrderParcels.tsx), not in
 * a route's first script. A plain link, not the router's: the order page's part is server-rendered and hydrated
 * late (deferredOrderShipping.tsx), and the link must work before that. The number in the link's words tells the
 * orders of the account's list apart.
 */
export function OrderWithdrawLink({ order }: { order: Order }) {
  return (
    <a href={`/vertrag-widerrufen?bestellung=${encodeURIComponent(order.headerGuid)}`}>
      Bestellung {order.orderNumber} widerrufen
    </a>
  );
}
