import { useEffect } from 'react';
import { Link, useLoaderData } from 'react-router-dom';
import { useShop } from '../app/ShopContext';
import { orderTrackItems, trackOnce } from '../features/cart';
import { OrderDetails } from '../features/checkout/OrderDetails';
import { DeferredOrderShipping } from '../features/checkout/deferredOrderShipping';
import type { ThankYouData } from '../routes/thankYouLoader';

/**
 * /thank-you/:id (id = the order's headerGuid): the order as the server has it; works after a reload. The route's
 * loader sends ids that are no order to the not-found page (issue 13), so this page always has an order.
 */
export function Component() {
  const { sdk } = useShop();
  const { order } = useLoaderData() as ThankYouData;
  const paid = order.status === 'paid';
  const to = order.billingPerson.email && ` an ${order.billingPerson.email}`;

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
      {/*
       * Session 21: the first visit thanks (spec 2); a shopper who opens the page again from the mail or a bookmark
       * after the order left reads where it is, not thanks as if it had just been placed. `shipment` is set once every
       * line has left, `parcels` as each leaves. The page's title says the same (seo/routeHeads.ts, repeated there: a
       * module shared with the head code would be a chunk and a request more for this route).
       */}
      <h1>
        {order.shipment
          ? 'Ihre Bestellung wurde versandt'
          : order.parcels?.length
            ? 'Ihre Bestellung wurde teilweise versandt'
            : 'Vielen Dank für Ihre Bestellung'}
      </h1>
      <p className="order-number">
        Ihre Bestellnummer:{' '}
        <strong data-testid="order-number" translate="no">
          {order.orderNumber}
        </strong>
      </p>
      {!paid && <p>Die Zahlung ist noch nicht bestätigt.</p>}
      {/*
       * What happens next (spec silent): the confirmation mail of a paid order (§ 312i, § 312f BGB; the API sends it
       * when the payment is approved), making and shipping (the spec 1 promise), and where to ask. In place, not a
       * component of its own: the route's size guard had no bytes left for the order page's "Versand" part below.
       */}
      <section aria-labelledby="next-steps-title">
        <h2 id="next-steps-title">So geht es weiter</h2>
        <ul>
          {/* Mail and making are behind a shipped order: its parcels ("Versand" below) tell the rest. */}
          {!order.shipment && (
            <>
              <li>
                {/* Session 26: an order shown without its buyer (a day later, by the link alone) has no address. */}
                {paid
                  ? `Die Bestellbestätigung mit allen Angaben, unseren AGB und der Widerrufsbelehrung senden wir Ihnen per E-Mail${to}.`
                  : `Sobald die Zahlung bestätigt ist, senden wir Ihnen die Bestellbestätigung per E-Mail${to}.`}
              </li>
              <li>
                Wir fertigen Ihre Bestellung nach Ihren Angaben an. Versand am selben Tag bei Bestellung vor
                14:00 Uhr.
              </li>
            </>
          )}
          <li>
            Fragen zu Ihrer Bestellung? <Link to="/kontakt">Schreiben Sie uns</Link> und nennen Sie Ihre
            Bestellnummer. Ihr Widerrufsrecht: <Link to="/widerrufsrecht">Widerrufsbelehrung</Link>.
          </li>
        </ul>
      </section>
      <DeferredOrderShipping order={order} />
      <OrderDetails order={order} />
      <p>
        <Link to="/">Weiter einkaufen</Link>
      </p>
    </section>
  );
}
