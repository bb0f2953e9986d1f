import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { useShop } from '../app/ShopContext';

/** The payment was cancelled at the provider: the order stays unpaid, the cart is still there. */
export function Component() {
  const { sdk } = useShop();
  useEffect(() => {
    // spec 4: the shopper is back on the cart's side; leave checkout and show the cart as the server has it.
    if (!sdk.appState.get().CartGuid) return;
    const store = sdk.cartStore.getState();
    store
      .stopCheckout()
      .catch(() => undefined)
      .then(() => store.load())
      .catch(() => undefined);
  }, [sdk]);
  return (
    <section className="order-status-page">
      <h1>Bestellung abgebrochen</h1>
      <p role="status">Die Zahlung wurde abgebrochen. Es wurde nichts berechnet.</p>
      <p>Ihr Warenkorb ist erhalten geblieben – Sie können die Bestellung jederzeit erneut abschließen.</p>
      <p>
        <Link to="/cart" className="button button--primary">
          Zurück zum Warenkorb
        </Link>
      </p>
    </section>
  );
}
