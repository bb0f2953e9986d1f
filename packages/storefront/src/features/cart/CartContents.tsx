import { Link } from 'react-router-dom';
import { useShop } from '../../app/ShopContext';
import { useCart } from '@lp/react';
import { ProductGrid } from '../catalogue/ProductCard';
import { CartLine } from './CartLine';
import { CouponField } from './CouponField';
import { PriceSummary } from './PriceSummary';
import { cartTrackItem } from './cartTracking';
import { useCatalogueForCart } from './useCatalogueForCart';

/**
 * The cart once the browser knows it: lines with quantity stepper and removal, price summary, coupon, the way to
 * the checkout, and the upsell list. Every change goes through the SDK's cart store (spec 4).
 */
export function CartContents() {
  const { sdk, reporter } = useShop();
  const cart = useCart(({ state }) => state.cart);
  const summary = useCart(({ state }) => state.priceSummary);
  const freeFrom = useCart(({ state }) => state.freeShippingFrom);
  const pending = useCart(({ state }) => state.pending);
  const error = useCart(({ state }) => state.error);
  const items = cart.items ?? [];
  const { minimumOf, upsell } = useCatalogueForCart(items.map((item) => item.productUniqueId));
  const act = (job: Promise<unknown>) =>
    job.catch((failure: unknown) => reporter.report(failure, 'CartPage', 'warning'));

  return (
    <>
      {items.length > 0 && (
        <div className="cart-layout">
          <div>
            <table className="cart-table">
              <caption className="visually-hidden">Artikel im Warenkorb</caption>
              <thead>
                <tr>
                  <th scope="col">Artikel</th>
                  <th scope="col">Menge</th>
                  <th scope="col">Preis</th>
                </tr>
              </thead>
              <tbody>
                {items.map((item, index) => (
                  <CartLine
                    key={item.itemInternalId}
                    item={item}
                    position={index + 1}
                    min={minimumOf(item.productUniqueId)}
                    pending={pending}
                    onQuantity={(quantity) =>
                      act(sdk.cartStore.getState().update(item.itemInternalId, quantity))
                    }
                    onRemove={() => {
                      sdk.tracker.track('remove_from_cart', { items: [cartTrackItem(item)] });
                      act(sdk.cartStore.getState().remove(item.itemInternalId));
                    }}
                  />
                ))}
              </tbody>
            </table>
            {/* A refused coupon is explained at the coupon field. */}
            {error && !error.apiCode?.startsWith('coupon-') && (
              <p className="field-error" role="alert">
                Die Änderung konnte nicht gespeichert werden. Bitte versuchen Sie es erneut.
              </p>
            )}
          </div>
          <aside className="cart-aside" aria-label="Zusammenfassung">
            <PriceSummary summary={summary} freeShippingFrom={freeFrom} cart={cart} />
            <CouponField />
            <Link to="/cart/checkout" className="button button--primary cart-checkout-link">
              Zur Kasse
            </Link>
            <Link to="/">Weiter einkaufen</Link>
          </aside>
        </div>
      )}
      {upsell.length > 0 && (
        <section className="cart-upsell" aria-labelledby="cart-upsell-title">
          <h2 id="cart-upsell-title">Das könnte Ihnen auch gefallen</h2>
          <ProductGrid products={upsell} headingLevel={3} />
        </section>
      )}
    </>
  );
}
