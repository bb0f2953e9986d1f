import { Suspense, lazy, useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useShop } from '../app/ShopContext';
import { cartTrackItem, useCartPhase } from '../features/cart';
import { useCartState } from '../hooks/useCartState';

// The lines, summary, coupon and upsell exist only once the browser's cart is known (never in the server HTML), so
// their code loads while the cart is asked for and stays out of the route's initial JavaScript (DESIGN 7).
const CartContents = lazy(() =>
  import('../features/cart/CartContents').then((module) => ({ default: module.CartContents })),
);

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
  const { sdk, reporter } = useShop();
  const [params, setParams] = useSearchParams();
  const handedOver = params.get('cartGuid');
  // Widget handoff (shared decisions): /cart?cartGuid=<guid> takes over the cart filled on a dealer's page.
  useEffect(() => {
    if (!handedOver) return;
    sdk.cartStore
      .getState()
      .adoptCartGuid(handedOver)
      .then(() => setParams({}, { replace: true }))
      .catch((error: unknown) => reporter.report(error, 'CartPage'));
  }, [handedOver, sdk, reporter, setParams]);

  const phase = useCartPhase();
  const ready = phase === 'ready' && !handedOver;
  const pending = useCartState((state) => state.pending);
  const items = useCartState((state) => state.cart.items) ?? [];

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
      {empty && <EmptyCart />}
      {!ready && phase !== 'server' && <Loading />}
      {ready && (
        <Suspense fallback={items.length > 0 ? <Loading /> : null}>
          <CartContents />
        </Suspense>
      )}
    </section>
  );
}
