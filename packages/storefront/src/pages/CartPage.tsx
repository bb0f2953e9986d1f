import { useCallback, useEffect, useRef, useState } from 'react';
import { useLoaderData, useSearchParams } from 'react-router-dom';
import { useShop } from '../app/ShopContext';
import { cartTrackItem, useCartPhase } from '../features/cart';
import type { CartPageData } from '../features/cart/cartLoader';
import { DeferredCartBody } from '../features/cart/deferredCartBody';
import { takeOverCart } from '../features/cart/takeOverCart';
import { useCart } from '@lp/react';

/**
 * spec 2 cart: configured lines, quantities (minimum rule), removal, coupon, price summary, upsell. The server
 * renders the shopper's cart (features/cart/cartLoader.ts), so the lines are in the page's HTML.
 */
export function Component() {
  const { sdk, reporter } = useShop();
  const { ask } = useLoaderData() as CartPageData;
  const [params, setParams] = useSearchParams();
  const handedOver = params.get('cartGuid');
  // The server asks too when the cart cookie names a non-empty cart of the shopper's own.
  const [asking, setAsking] = useState(ask);
  const adopt = useCallback(
    (guid: string) =>
      takeOverCart(sdk, guid)
        .then(() => setParams({}, { replace: true }))
        .catch((error: unknown) => reporter.report(error, 'CartPage')),
    [sdk, reporter, setParams],
  );
  // Widget handoff (decisions.md): /cart?cartGuid=<guid> takes over, as a copy, the cart filled on a dealer's page.
  // A non-empty cart of the shopper's own is never replaced silently: a link must not throw away their lines.
  useEffect(() => {
    if (!handedOver) return;
    let live = true;
    const local = sdk.appState.get().CartGuid;
    // Already this browser's cart (adopted as it was before handoffs copied): the entry loads it anyway, only the
    // address changes.
    if (local === handedOver) {
      setParams({}, { replace: true });
      return;
    }
    const decide = async () => {
      if (local && local !== handedOver) {
        const state = sdk.cartStore.getState();
        const cart = state.cart.cartGuid === local ? state.cart : await state.load().catch(() => null);
        if ((cart?.items?.length ?? 0) > 0) {
          if (live) setAsking(true);
          return;
        }
      }
      if (!live) return;
      setAsking(false);
      await adopt(handedOver);
    };
    void decide();
    return () => {
      live = false;
    };
  }, [handedOver, sdk, adopt, setParams]);
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

  return (
    <section className="cart-page" aria-busy={pending || phase === 'loading' || Boolean(handedOver)}>
      <h1>Warenkorb</h1>
      {asking && handedOver ? (
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
      ) : (
        <DeferredCartBody />
      )}
    </section>
  );
}

/**
 * The loader data stays what the server sent: the cart itself lives in the browser's cart store, and leaving the
 * handoff (`?cartGuid=` removed from the address) must not run the loader again.
 */
export const shouldRevalidate = () => false;
