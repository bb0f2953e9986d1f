import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useShop } from '../app/ShopContext';
import { formatEuro } from '../format';
import { useCartState } from '../hooks/useCartState';

/** spec 2 cart (issue 6 completes it): the lines of the SDK cart store with German labels. */
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
  const cart = useCartState((state) => state.cart);
  const summary = useCartState((state) => state.priceSummary);
  const items = cart.items ?? [];
  return (
    <section>
      <h1>Warenkorb</h1>
      {items.length === 0 ? (
        <p>Ihr Warenkorb ist leer.</p>
      ) : (
        <table className="cart-table">
          <caption className="visually-hidden">Artikel im Warenkorb</caption>
          <thead>
            <tr>
              <th scope="col">Artikel</th>
              <th scope="col">Menge</th>
              <th scope="col">Einzelpreis</th>
              <th scope="col">Summe</th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <tr key={item.itemInternalId}>
                <td>{item.addData?.[0]?.info.Title ?? item.description}</td>
                <td>{item.quantity}</td>
                <td>{formatEuro(item.price)}</td>
                <td>{formatEuro(item.price * item.quantity)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <dl className="cart-summary">
        <dt>Zwischensumme</dt>
        <dd>{formatEuro(summary.cartAmount)}</dd>
        <dt>Versand</dt>
        <dd>{formatEuro(summary.shippingAmount)}</dd>
        <dt>Gesamtsumme (inkl. MwSt.)</dt>
        <dd>{formatEuro(summary.total)}</dd>
      </dl>
      <p>
        <Link to="/">Weiter einkaufen</Link>
        {items.length > 0 && (
          <>
            {' · '}
            <Link to="/cart/checkout">Zur Kasse</Link>
          </>
        )}
      </p>
    </section>
  );
}
