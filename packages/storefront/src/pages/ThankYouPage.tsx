import { useEffect } from 'react';
import { Link, useLoaderData } from 'react-router-dom';
import { useShop } from '../app/ShopContext';
import { orderTrackItems, trackOnce } from '../features/cart';
import { OrderDetails } from '../features/checkout/OrderDetails';
import type { ThankYouData } from '../routes/thankYouLoader';

/**
 * /thank-you/:id (id = the order's headerGuid): the order as the server has it; works after a reload. The route's
 * loader sends ids that are no order to the not-found page (issue 13), so this page always has an order.
 */
export function Component() {
  const { sdk } = useShop();
  const { order } = useLoaderData() as ThankYouData;

  useEffect(() => {
    trackOnce(`order_confirmation:${order.headerGuid}`, () =>
      sdk.tracker.track('order_confirmation', {
        transaction_id: order.orderNumber,
        value: order.totalAmount,
        items: orderTrackItems(order),
      }),
    );
  }, [order, sdk]);

  return (
    <section className="thank-you-page">
      <h1>Vielen Dank für Ihre Bestellung</h1>
      <p className="order-number">
        Ihre Bestellnummer: <strong data-testid="order-number">{order.orderNumber}</strong>
      </p>
      {order.status !== 'paid' && <p>Die Zahlung ist noch nicht bestätigt.</p>}
      <OrderDetails order={order} />
      <p>
        <Link to="/">Weiter einkaufen</Link>
      </p>
    </section>
  );
}
