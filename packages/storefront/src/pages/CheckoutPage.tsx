import { CheckoutForm } from '../features/checkout/CheckoutForm';
import { useCheckoutSession } from '../features/checkout/useCheckoutSession';

/** spec 2 checkout (/cart/checkout): only with a cart that has a guid; see useCheckoutSession. */
export function Component() {
  const session = useCheckoutSession();
  return (
    <section className="checkout-page">
      <h1>Kasse</h1>
      {session.loadError && (
        <p className="field-message" role="alert">
          Zahlungsarten konnten nicht geladen werden. Bitte laden Sie die Seite neu.
        </p>
      )}
      {session.ready ? (
        <CheckoutForm
          paymentTypes={session.paymentTypes}
          methods={session.methods}
          leavingToPayment={session.leavingToPayment}
        />
      ) : (
        <p role="status">Kasse wird geladen …</p>
      )}
    </section>
  );
}
