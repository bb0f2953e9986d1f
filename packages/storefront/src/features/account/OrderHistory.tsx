import type { LpError } from '@lp/sdk';
import { type Customer, orderHistoryFilter } from '@lp/sdk/account';
import type { OrderList } from '@lp/sdk/contract';
import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useShop } from '../../app/ShopContext';
import { formatEuro } from '../../format';
import { ordersOf } from '../../sdk/ordersOf';
import { LineDetails, orderLineConfig } from '../cart';
import { LinePrice } from '../prices/LinePrice';
import { orderLineFigures } from '../prices/lineFigures';
import { OrderDesigns } from './OrderDesigns';
import { ORDER_STATUS_LABEL, PAYMENT_LABEL, formatOrderDate } from './orderLabels';

export const ORDERS_PER_PAGE = 5;

// The shipment fact (session 18) loads with the order list, not in the page's first script: /account's budget.
const loadShipment = () => import('./OrderShipment').then((module) => ({ default: module.OrderShipment }));
const OrderShipment = lazy(loadShipment);

/**
 * The customer's orders, newest first, with the spec 3 order list filter (all 11 fields: the customer's ids,
 * page, rows, date range, any status, any payment method, sorted by creation date descending), and each order's
 * designs. A session that ended while the page was open (a sign-out on another device, which ends every session, or
 * the session's 30 days) leads to the login, as a visit to /account without a session does.
 */
export function OrderHistory({ customer }: { customer: Customer }) {
  const { sdk, reporter } = useShop();
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const [list, setList] = useState<OrderList | null>(null);
  const [failed, setFailed] = useState(false);
  // Session 20: after "Neuere"/"Ältere" the new page's orders take focus, as another page of a listing does
  // (chrome/RouteFocus.tsx): a screen reader hears "Bestellungen, Seite 2 von 3", and nobody is left at the bottom
  // of a list that changed above them.
  const listRef = useRef<HTMLOListElement>(null);
  const paged = useRef(false);
  const turnTo = (next: number) => {
    paged.current = true;
    setPage(next);
  };
  useEffect(() => {
    const shown = listRef.current;
    if (!list || !paged.current || !shown) return;
    paged.current = false;
    shown.scrollIntoView?.({ block: 'start' });
    shown.focus({ preventScroll: true });
  }, [list]);
  useEffect(() => {
    let live = true;
    setFailed(false);
    void loadShipment();
    ordersOf(sdk)
      .list(orderHistoryFilter(customer, { pageNumber: page, rowCount: ORDERS_PER_PAGE }))
      .then((answer) => live && setList(answer))
      .catch((error: unknown) => {
        if (!live) return;
        // No fault of the shop and nothing to try later: the customer has to log in again.
        if ((error as LpError | undefined)?.status === 401)
          return navigate('/account/login', { replace: true });
        reporter.report(error, 'OrderHistory', 'warning');
        setFailed(true);
      });
    return () => {
      live = false;
    };
  }, [customer, page, sdk, reporter, navigate]);

  if (failed) {
    return (
      <p role="alert">
        Ihre Bestellungen konnten gerade nicht geladen werden. Bitte versuchen Sie es später erneut.
      </p>
    );
  }
  if (!list) return <p role="status">Bestellungen werden geladen …</p>;
  if (list.totalCount === 0) {
    return (
      <p>
        Sie haben noch keine Bestellungen. <Link to="/kennzeichen">Jetzt Kennzeichen gestalten</Link>
      </p>
    );
  }
  const pages = Math.max(1, Math.ceil(list.totalCount / ORDERS_PER_PAGE));
  return (
    <>
      <ol
        ref={listRef}
        className="order-list"
        tabIndex={-1}
        aria-label={pages > 1 ? `Bestellungen, Seite ${page} von ${pages}` : 'Bestellungen'}
      >
        {list.items.map((order) => (
          <li key={order.headerGuid} className="order-card">
            <h3 className="order-card__title">
              Bestellung <span translate="no">{order.orderNumber}</span>
            </h3>
            <dl className="order-card__facts">
              <div>
                <dt>Datum</dt>
                <dd>{formatOrderDate(order.createdAt)}</dd>
              </div>
              <div>
                <dt>Status</dt>
                <dd>{ORDER_STATUS_LABEL[order.status] ?? order.status}</dd>
              </div>
              <Suspense fallback={null}>
                <OrderShipment order={order} />
              </Suspense>
              <div>
                <dt>Zahlungsart</dt>
                <dd>{PAYMENT_LABEL[order.paymentMethod] ?? order.paymentMethod}</dd>
              </div>
              <div>
                <dt>Gesamtsumme</dt>
                <dd>{formatEuro(order.totalAmount)}</dd>
              </div>
            </dl>
            <ul className="order-card__items">
              {order.orderItems.map((item) => (
                <li key={item.itemInternalId} className="order-line">
                  <LineDetails config={orderLineConfig(item)} />
                  <LinePrice line={orderLineFigures(item)} />
                </li>
              ))}
            </ul>
            <OrderDesigns orderNumber={order.orderNumber} headerGuid={order.headerGuid} />
          </li>
        ))}
      </ol>
      {pages > 1 && (
        // aria-disabled, not disabled: at the first or last page the pressed button would otherwise drop keyboard
        // focus to the top of the document (as the cart's buttons, QuantityStepper). The page number is the list's
        // name, announced when the new page takes focus. The buttons' names begin with their visible word (WCAG
        // 2.5.3) and say what is newer or older, also in a screen reader's list of buttons (2.4.6).
        <nav className="order-pager" aria-label="Seiten der Bestellübersicht">
          <button
            type="button"
            className="button button--outline"
            aria-disabled={page <= 1}
            aria-label="Neuere Bestellungen"
            onClick={() => page > 1 && turnTo(page - 1)}
          >
            Neuere
          </button>
          <span>{`Seite ${page} von ${pages}`}</span>
          <button
            type="button"
            className="button button--outline"
            aria-disabled={page >= pages}
            aria-label="Ältere Bestellungen"
            onClick={() => page < pages && turnTo(page + 1)}
          >
            Ältere
          </button>
        </nav>
      )}
    </>
  );
}
