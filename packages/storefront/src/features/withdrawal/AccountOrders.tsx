import { useEffect, useId, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useShop } from '../../app/ShopContext';
import type { OrderChoice } from './accountOrderChoices';

/**
 * Session 25, accountfollow: a logged-in customer who opens "Vertrag widerrufen" from the footer is offered their
 * newest placed orders (accountOrderChoices.ts: the account's and the order list's code load on mount only); one
 * button opens the same proven form as the account's link (the order's headerGuid as router state;
 * pages/WithdrawalPage.tsx opens the form anew for it). The server renders nothing here (deferredAccountOrders.tsx):
 * the page's HTML is the same for everyone and carries no personal data. A guest, a failed request or an account
 * without placed orders sees nothing; the typed form below stays.
 */
export function AccountOrders() {
  const { sdk } = useShop();
  const navigate = useNavigate();
  const id = useId();
  const [orders, setOrders] = useState<OrderChoice[]>([]);
  // The page is open for an order already (a pick, the account's link as router state, the order page's link as a
  // query the page replaces at once): nothing to offer, nothing to read. Decided here, not by the page, so the
  // page's first script stays within 0.05 KB of what it was (routeSizes.test.ts).
  const { state, search } = useLocation();
  const opened =
    Boolean((state as { bestellung?: unknown } | null)?.bestellung) || /[?&]bestellung=/.test(search);
  useEffect(() => {
    if (opened) return;
    let live = true;
    import('./accountOrderChoices')
      .then((part) => part.accountOrderChoices(sdk))
      .then((found) => live && setOrders(found))
      // Nothing to say: the form below works without the account.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [sdk, opened]);
  // The pressed button goes with this list: the form opened anew for the pick takes the focus on its heading, as on
  // its step changes. It is committed with this list's going (the same navigation), so it is there in this effect.
  const picked = useRef(false);
  useEffect(() => {
    if (!opened || !picked.current) return;
    picked.current = false;
    document.querySelector<HTMLElement>('.withdrawal-form h2')?.focus();
  }, [opened]);
  if (opened || orders.length === 0) return null;
  const pick = (bestellung: string) => {
    picked.current = true;
    navigate('.', { replace: true, state: { bestellung } });
  };
  return (
    <section className="withdrawal-orders" aria-labelledby={id}>
      <h2 id={id}>Ihre Bestellungen</h2>
      <p>
        Sie sind angemeldet. Wählen Sie die Bestellung, die Sie widerrufen möchten; wir füllen Ihre Angaben
        aus.
      </p>
      <ul className="withdrawal-orders__list">
        {orders.map((order) => (
          <li key={order.headerGuid}>
            <button type="button" className="button button--outline" onClick={() => pick(order.headerGuid)}>
              Bestellung {order.orderNumber} widerrufen
            </button>{' '}
            <span className="withdrawal-orders__facts">{order.facts}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
