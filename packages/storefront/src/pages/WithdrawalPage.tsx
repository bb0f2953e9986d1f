import { useEffect } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { WithdrawalForm } from '../features/withdrawal/WithdrawalForm';
import { DeferredAccountOrders } from '../features/withdrawal/deferredAccountOrders';
import { isHeaderGuid } from '../features/withdrawal/useProvenOrder';

/**
 * Session 16, § 356a BGB: the page of the withdrawal function (/vertrag-widerrufen, linked from every page's
 * footer, no login): the heading, what the function does, and the form. Session 24: `?bestellung=<headerGuid>` (the
 * order page's and the account's link) opens it for that order, with its lines to pick.
 * Session 24, withdrawfixui: the headerGuid is the order's bearer secret, so it does not stay in the address: the
 * account's link hands it over as router state, and the order page's plain link's query is replaced at once by
 * the same state (the address bar, the browser's history and later requests' Referer no longer carry it; a reload
 * of this tab keeps the state).
 * Session 25, accountfollow: without an order, a logged-in customer is offered their orders (AccountOrders.tsx,
 * read in the browser only, from a deferred part: the server's HTML is the guest's; it shows nothing while the page
 * is open for an order); a pick hands the headerGuid over as the account's link does (router state), and the form
 * is opened anew for it.
 */
export function Component() {
  const query = useSearchParams()[0].get('bestellung');
  const { state } = useLocation();
  // Router state is this tab's own; isHeaderGuid below takes only a guid from either.
  const bestellung = query ?? (state as { bestellung?: string } | null)?.bestellung ?? null;
  const navigate = useNavigate();
  useEffect(() => {
    // '.': this page without its query.
    if (query !== null) navigate('.', { replace: true, state: { bestellung: query } });
  }, [query, navigate]);
  const guid = isHeaderGuid(bestellung) ? bestellung : undefined;
  return (
    <section className="article withdrawal-page">
      <h1>Vertrag widerrufen</h1>
      <p>
        Hier widerrufen Sie einen Kauf in unserem Shop, ohne Anmeldung und ohne Begründung. Wir fragen nur,
        was wir brauchen, um Ihre Bestellung zuzuordnen, und bestätigen den Eingang per E-Mail. Mehr dazu in
        unserer <Link to="/widerrufsrecht">Widerrufsbelehrung</Link>.
      </p>
      <noscript>
        <p className="notice">
          Das Formular braucht JavaScript. Ohne JavaScript erklären Sie den Widerruf per E-Mail oder Brief an
          die Anschrift in unserer Widerrufsbelehrung.
        </p>
      </noscript>
      <DeferredAccountOrders />
      {/* Opened anew for each order (a pick, the footer's link): no lines or proof of another order stay. */}
      <WithdrawalForm key={guid} headerGuid={guid} />
    </section>
  );
}
