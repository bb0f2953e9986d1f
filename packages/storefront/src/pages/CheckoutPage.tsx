import { Suspense, lazy } from 'react';
import { useCheckoutSession } from '../features/checkout/useCheckoutSession';

// The form is in no first render (the server and hydration show 'Kasse wird geladen …' until the cart and payment
// types are loaded), so its code is not among the page's preloaded scripts: it loads beside those reads. The route
// (routes/createRoutes.tsx) starts it together with this page's chunk, so a navigation from the cart does not wait
// for it after the page's chunk.
const CheckoutForm = lazy(() =>
  import('../features/checkout/CheckoutForm').then((module) => ({ default: module.CheckoutForm })),
);
const loading = <p role="status">Kasse wird geladen …</p>;

/** spec 2 checkout (/cart/checkout): only with a cart that has a guid; see useCheckoutSession. */
export function Component() {
  const session = useCheckoutSession();
  return (
    <section className="checkout-page">
      <h1>Kasse</h1>
      {/* § 312j (1) BGB: delivery restrictions and the means of payment at the start of the order. In the page, not
          in the form: the server renders it, so it paints with the heading instead of becoming a late largest paint
          once the cart is loaded. Fixed text: the payment types arrive after the first paint (a sentence naming
          them moved the whole form, CLS 0.04); they are listed under 'Zahlungsart'. */}
      <p className="form-note">
        Wir liefern nur innerhalb Deutschlands. Wie Sie bezahlen können, sehen Sie unter „Zahlungsart“.
      </p>
      {session.loadError && (
        <p className="field-message" role="alert">
          Zahlungsarten konnten nicht geladen werden. Bitte laden Sie die Seite neu.
        </p>
      )}
      {session.ready ? (
        <Suspense fallback={loading}>
          <CheckoutForm
            paymentTypes={session.paymentTypes}
            methods={session.methods}
            leavingToPayment={session.leavingToPayment}
          />
        </Suspense>
      ) : (
        loading
      )}
    </section>
  );
}
