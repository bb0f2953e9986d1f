import { Suspense, lazy, useCallback, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useShop } from '../app/ShopContext';
import { cartTrackItem, useCartPhase } from '../features/cart';
import { useCart } from '@lp/react';

// The lines, summary, coupon and upsell exist only once the browser's cart is known (never in the server HTML), so
// their code stays out of the route's initial JavaScript (DESIGN 7) and loads while the cart is asked for.
const loadContents = () => import('../features/cart/CartContents');
const CartContents = lazy(() => loadContents().then((module) => ({ default: module.CartContents })));

function EmptyCart() {
  return (
    <div className="cart-empty">
      <p>Ihr Warenkorb ist leer.</p>
      <p>
        <Link to="/kennzeichen" className="button button--primary">
          Jetzt Kennzeichen gestalten
        </Link>
      </p>
    </div>
  );
}

const Loading = () => <p role="status">Warenkorb wird geladen …</p>;

/** spec 2 cart: configured lines, quantities (minimum rule), removal, coupon, price summary, upsell. */
export function Component() {
  const { sdk, data, reporter } = useShop();
  // Side by side with the cart's own request, not after it: the contents' code and the catalogue its minimums and
  // upsell come from (the shop data keeps the answer, so the contents' own read finds it).
  useEffect(() => {
    loadContents().catch((error: unknown) => reporter.report(error, 'CartPage'));
    data.products().catch(() => undefined);
  }, [data, reporter]);
  const [params, setParams] = useSearchParams();
  const handedOver = params.get('cartGuid');
  const [asking, setAsking] = useState(false);
  const adopt = useCallback(
    (guid: string) =>
      sdk.cartStore
        .getState()
        .adoptCartGuid(guid)
        .then(() => setParams({}, { replace: true }))
        .catch((error: unknown) => reporter.report(error, 'CartPage')),
    [sdk, reporter, setParams],
  );
  // Widget handoff (shared decisions): /cart?cartGuid=<guid> takes over the cart filled on a dealer's page. A
  // non-empty cart of the shopper's own is never replaced silently: a link must not throw away their lines.
  useEffect(() => {
    if (!handedOver) return;
    let live = true;
    const local = sdk.appState.get().CartGuid;
    const decide = async () => {
      if (local && local !== handedOver) {
        const state = sdk.cartStore.getState();
        const cart = state.cart.cartGuid === local ? state.cart : await state.load().catch(() => null);
        if ((cart?.items?.length ?? 0) > 0) {
          if (live) setAsking(true);
          return;
        }
      }
      if (live) await adopt(handedOver);
    };
    void decide();
    return () => {
      live = false;
    };
  }, [handedOver, sdk, adopt]);
  const keepMine = () => {
    setAsking(false);
    setParams({}, { replace: true });
  };

  const phase = useCartPhase();
  const ready = phase === 'ready' && !handedOver;
  const pending = useCart(({ state }) => state.pending);
  const items = useCart(({ state }) => state.cart.items) ?? [];

  // spec 4: view_cart once the cart is shown (once per visit of the page).
  const viewed = useRef(false);
  useEffect(() => {
    if (!ready || viewed.current) return;
    viewed.current = true;
    sdk.tracker.track('view_cart', { items: items.map((item) => cartTrackItem(item)) });
  }, [ready, items, sdk]);

  // The server (and the hydrating render) knows no cart: it shows the empty state, like a browser without JavaScript.
  const empty = phase === 'server' || (ready && items.length === 0);
  return (
    <section className="cart-page" aria-busy={pending || phase === 'loading' || Boolean(handedOver)}>
      <h1>Warenkorb</h1>
      {asking && handedOver && (
        <div className="cart-handoff" role="alertdialog" aria-labelledby="cart-handoff-title">
          <p id="cart-handoff-title">Warenkorb vom Händler übernehmen?</p>
          <p>Ihr bisheriger Warenkorb wird dabei ersetzt.</p>
          <p>
            <button
              type="button"
              className="button button--primary"
              onClick={() => {
                setAsking(false);
                void adopt(handedOver);
              }}
            >
              Übernehmen
            </button>{' '}
            <button type="button" className="button" onClick={keepMine}>
              Meinen Warenkorb behalten
            </button>
          </p>
        </div>
      )}
      {empty && <EmptyCart />}
      {!ready && !asking && phase !== 'server' && <Loading />}
      {ready && (
        <Suspense fallback={items.length > 0 ? <Loading /> : null}>
          <CartContents />
        </Suspense>
      )}
    </section>
  );
}
