import type { Product } from '@lp/sdk/contract';
import { useMemo, useState } from 'react';
import { Link, useLoaderData, useSearchParams } from 'react-router-dom';
import { DeferredProductGrid } from '../catalogue/deferredProductGrid';
import { CartContents } from './CartContents';
import type { CartPageData } from './cartLoader';
import { type CartView, useCartView } from './useCartView';

/** spec 4: the cart page lists four upsell products. */
const UPSELL_SHOWN = 4;

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

const lineIds = (view: CartView) =>
  view.kind === 'lines' ? (view.cart.items ?? []).map((item) => item.productUniqueId) : [];

/**
 * Everything below the cart page's heading: the lines (or the empty state), summary, coupon and upsell, from the
 * server's snapshot or the browser's cart store (useCartView). Its own chunk hydrates it (deferredCartBody.tsx).
 */
export function CartBody() {
  const { snapshot, accountCart, minimums, upsell } = useLoaderData() as CartPageData;
  const [params] = useSearchParams();
  const view = useCartView(snapshot, params.get('cartGuid'), accountCart);
  const inCart = lineIds(view).join(',');
  // Products already in the cart are not offered again. Memoised by the lines, so the grid (hydrated from its own
  // chunk) keeps its props while they do not change.
  const offered = useMemo(() => {
    const ids = new Set(inCart.split(','));
    return upsell.filter((product) => !ids.has(product.UniqueId)).slice(0, UPSELL_SHOWN);
  }, [upsell, inCart]);
  const minimumOf = (id: string) => minimums[id] ?? minimumIn(upsell, id) ?? 1;
  // WCAG 4.1.3: changes are announced (a screen reader does not see the line or the totals change); after a removal
  // focus goes to the page's heading (the pressed button went with its line), from where Tab reaches the other lines.
  const [status, setStatus] = useState('');
  const onRemoved = (title: string) => {
    setStatus(`${title} wurde aus dem Warenkorb entfernt.`);
    void import('../../chrome/lateChrome').then((chrome) => chrome.focusMainHeading());
  };
  return (
    <>
      <p className="visually-hidden" role="status">
        {status}
      </p>
      {view.kind === 'empty' && <EmptyCart />}
      {view.kind === 'loading' && <Loading />}
      {view.kind === 'lines' && (
        <CartContents shown={view} minimumOf={minimumOf} onRemoved={onRemoved} onStatus={setStatus} />
      )}
      {offered.length > 0 && (
        <section className="cart-upsell" aria-labelledby="cart-upsell-title">
          <h2 id="cart-upsell-title">Das könnte Ihnen auch gefallen</h2>
          <DeferredProductGrid products={offered} headingLevel={3} />
        </section>
      )}
    </>
  );
}

/** The minimum of a product added from the upsell list (its own or one of its variants' id). */
function minimumIn(products: readonly Product[], id: string): number | undefined {
  return products.find(
    (product) => product.UniqueId === id || product.Variants?.some((variant) => variant.UniqueId === id),
  )?.MinQuantity;
}
