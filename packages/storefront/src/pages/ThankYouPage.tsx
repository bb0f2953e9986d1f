import { isLpError } from '@lp/sdk';
import type { Order } from '@lp/sdk/contract';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useShop } from '../app/ShopContext';
import { orderTrackItems, trackOnce } from '../features/cart';
import { OrderDetails } from '../features/checkout/OrderDetails';

/** /thank-you/:id (id = the order's headerGuid): the order as the server has it; works after a reload. */
export function Component() {
  const { sdk, reporter } = useShop();
  const { id = '' } = useParams();
  const [order, setOrder] = useState<Order | null>(null);
  const [failed, setFailed] = useState<'missing' | 'error' | null>(null);

  useEffect(() => {
    let live = true;
    sdk.orders
      .get(id)
      .then((loaded) => {
        if (!live) return;
        setOrder(loaded);
        trackOnce(`order_confirmation:${loaded.headerGuid}`, () =>
          sdk.tracker.track('order_confirmation', {
            transaction_id: loaded.orderNumber,
            value: loaded.totalAmount,
            items: orderTrackItems(loaded),
          }),
        );
      })
      .catch((error: unknown) => {
        if (!live) return;
        const missing =
          isLpError(error) &&
          (error.status === 404 || error.status === 400 || error.code === 'invalidParameter');
        setFailed(missing ? 'missing' : 'error');
        if (!missing) reporter.report(error, 'ThankYouPage');
      });
    return () => {
      live = false;
    };
  }, [id, sdk, reporter]);

  return (
    <section className="thank-you-page">
      <h1>Vielen Dank für Ihre Bestellung</h1>
      {order ? (
        <>
          <p className="order-number">
            Ihre Bestellnummer: <strong data-testid="order-number">{order.orderNumber}</strong>
          </p>
          {order.status !== 'paid' && <p>Die Zahlung ist noch nicht bestätigt.</p>}
          <OrderDetails order={order} />
          <p>
            <Link to="/">Weiter einkaufen</Link>
          </p>
        </>
      ) : failed ? (
        <p role="alert">
          {failed === 'missing'
            ? 'Diese Bestellung haben wir nicht gefunden.'
            : 'Die Bestellung konnte gerade nicht geladen werden. Bitte laden Sie die Seite neu.'}
        </p>
      ) : (
        <p role="status">Bestellung wird geladen …</p>
      )}
    </section>
  );
}
