import { useCart } from '@lp/react';
import { isLpError } from '@lp/sdk';
import { MAX_CART_LINES } from '@lp/sdk/contract';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useShop } from '../../app/ShopContext';
import { CART_FULL_TEXT, TOO_MANY_CHANGES_TEXT } from '../../chrome/refusalTexts';
import { formatEuro } from '../../format';
import { CartLine } from './CartLine';
import { CouponField } from './CouponField';
import { PriceSummary } from './PriceSummary';
import { cartTrackItem } from './cartTracking';
import { cartLineConfig } from './lineConfig';
import type { ShownCart } from './useCartView';

/**
 * The cart's lines with quantity stepper and removal, price summary, coupon and the way to the checkout. Every change
 * goes through the SDK's cart store (spec 4); a snapshot from the server shows with its controls off until the
 * store has the cart (a moment after hydration).
 */
export function CartContents({
  shown,
  minimumOf,
  onRemoved,
  onStatus,
}: {
  shown: ShownCart;
  minimumOf(productUniqueId: string): number;
  /** A line is gone (its title): the page says so and moves focus, as the removed button took it along. */
  onRemoved(title: string): void;
  /** What a screen reader should hear after a change (the new quantity and total). */
  onStatus(message: string): void;
}) {
  const { sdk, reporter } = useShop();
  const pending = useCart(({ state }) => state.pending);
  const error = useCart(({ state }) => state.error);
  const { cart, live } = shown;
  const items = cart.items ?? [];
  // The alert is for the changes made here (quantity, removal): it shows while the cart's last failure is one of
  // them. The coupon field explains its own failures where the shopper looks (an offline "Einlösen" showed both
  // texts), and an add in the upsell list has its toast.
  const [lineFailure, setLineFailure] = useState<unknown>(null);
  const act = (job: Promise<unknown>) =>
    job.catch((failure: unknown) => {
      setLineFailure(failure);
      reporter.report(failure, 'CartPage', 'warning');
    });

  return (
    <div className="cart-layout">
      <div>
        {items.length >= MAX_CART_LINES && (
          // Session 26 (fleet): said before the next add is refused, where a shopper with a full cart looks.
          <p className="notice">
            {CART_FULL_TEXT} Gleiche Artikel sind eine Position: Zwei gleiche Kennzeichen sind eine Position
            mit der Menge 2.
          </p>
        )}
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
                pending={pending || !live}
                onQuantity={(quantity) =>
                  act(
                    sdk.cartStore
                      .getState()
                      .update(item.itemInternalId, quantity)
                      .then(() => {
                        const total = sdk.cartStore.getState().priceSummary.total;
                        onStatus(
                          `${cartLineConfig(item).title}: Menge ${quantity}. Gesamtsumme ${formatEuro(total)}.`,
                        );
                      }),
                  )
                }
                onRemove={() => {
                  sdk.tracker.track('remove_from_cart', { items: [cartTrackItem(item)] });
                  const title = cartLineConfig(item).title;
                  act(
                    sdk.cartStore
                      .getState()
                      .remove(item.itemInternalId)
                      .then(() => onRemoved(title)),
                  );
                }}
              />
            ))}
          </tbody>
        </table>
        {live && error && error === lineFailure && (
          <p className="field-error" role="alert">
            {/* A 429 says when to try again: "erneut" at once would be refused the same way (session 26). */}
            {isLpError(error) && error.apiCode === 'rate-limited'
              ? TOO_MANY_CHANGES_TEXT
              : 'Die Änderung konnte nicht gespeichert werden. Bitte versuchen Sie es erneut.'}
          </p>
        )}
      </div>
      <aside className="cart-aside" aria-label="Zusammenfassung">
        <PriceSummary summary={shown.priceSummary} freeShippingFrom={shown.freeShippingFrom} cart={cart} />
        <CouponField coupon={cart.coupon ?? null} disabled={!live} />
        <Link to="/cart/checkout" className="button button--primary cart-checkout-link">
          Zur Kasse
        </Link>
        <Link to="/">Weiter einkaufen</Link>
      </aside>
    </div>
  );
}
