import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useShop } from '../app/ShopContext';
import { Spinner } from '../chrome/Spinner';
import { couponStorage, purchasePayload, trackOnce } from '../features/cart';
import { ORDER_STATUS_TEXT } from '../features/checkout/orderStatusText';
import { pollOrder } from '../features/checkout/pollOrder';
import { ordersOf } from '../sdk/ordersOf';

/**
 * Back from the payment provider: polls the order (~1 s, at most 60 s) until it is paid, then clears the cart
 * (spec 4 "Clearing"; only when it is the stored AppState order), counts the purchase and shows the thank-you
 * page; a cancelled payment goes to /cancel-order.
 */
export function Component() {
  const { sdk, reporter } = useShop();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [text, setText] = useState('Wir prüfen Ihre Zahlung …');
  const [timedOut, setTimedOut] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const fromUrl = params.get('headerGuid');

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt restarts the polling on purpose
  useEffect(() => {
    const stored = sdk.appState.get().orderHeaderGuid;
    const headerGuid = fromUrl || stored;
    if (!headerGuid) {
      setText('Wir haben keine offene Bestellung gefunden.');
      setTimedOut(true);
      return;
    }
    const abort = new AbortController();
    setTimedOut(false);
    pollOrder(() => ordersOf(sdk).get(headerGuid), {
      signal: abort.signal,
      onStatus: (order) => setText(ORDER_STATUS_TEXT[order.status] ?? text),
    })
      .then((result) => {
        if (result.state === 'paid') {
          const { order } = result;
          // Only this shopper's own order empties the cart: any paid order's guid in the URL must not wipe it.
          if (stored && order.headerGuid === stored) {
            sdk.cartStore.getState().clear();
            sdk.appState.set({ orderHeaderGuid: null });
            couponStorage.set('');
            // Session 25: the paid order's typed data (e-mail, phone, addresses) leaves the tab too, so the next guest
            // at a shared computer starts an empty checkout. The draft's key (features/checkout/checkoutDraft.ts) is
            // repeated as in forgetCheckoutDraft.ts: importing that module made it a chunk of its own on this route
            // (+0.14 KB measured). The test reads the draft back through checkoutDraft, so the two cannot drift.
            try {
              sessionStorage.removeItem('lp-checkout');
            } catch {
              // blocked storage: there is no draft either
            }
          }
          trackOnce(`purchase:${order.headerGuid}`, () =>
            sdk.tracker.track('purchase', purchasePayload(order)),
          );
          navigate(`/thank-you/${order.headerGuid}`, { replace: true });
        } else if (result.state === 'cancelled') {
          navigate(`/cancel-order?headerGuid=${encodeURIComponent(headerGuid)}`, { replace: true });
        } else if (result.state === 'timeout') {
          setText('Die Bestätigung Ihrer Zahlung dauert länger als erwartet.');
          setTimedOut(true);
        }
      })
      .catch((error: unknown) => reporter.report(error, 'WaitForConfirmationPage'));
    return () => abort.abort();
  }, [fromUrl, sdk, navigate, reporter, attempt]);

  return (
    <section className="order-status-page">
      <h1>Bestellung wird bestätigt</h1>
      <p role="status" aria-live="polite">
        {text}
      </p>
      {timedOut ? (
        <p>
          <button type="button" className="button button--primary" onClick={() => setAttempt(attempt + 1)}>
            Erneut prüfen
          </button>{' '}
          <Link to="/cart">Zum Warenkorb</Link>
        </p>
      ) : (
        <Spinner />
      )}
    </section>
  );
}
