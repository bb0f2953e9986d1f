import { isLpError } from '@lp/sdk';
import type { PaymentMethodId, PaymentType, ShippingMethod } from '@lp/sdk/contract';
import { type MutableRefObject, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useShop } from '../../app/ShopContext';
import { formatEuro } from '../../format';
import { useCartState } from '../../hooks/useCartState';
import { CouponField } from '../cart/CouponField';
import { PriceSummary } from '../cart/PriceSummary';
import { cartTrackItem, couponStorage } from '../cart';
import { AddressFieldset } from './AddressFieldset';
import { CartOverview } from './CartOverview';
import { PaymentChoice } from './PaymentChoice';
import { TextField } from './TextField';
import { CONTACT_FIELDS } from './checkoutFields';
import { CouponRejected, PaymentRunning, continuePayment, placeOrder } from './placeOrder';
import { useCheckoutForm } from './useCheckoutForm';

const FAILED = 'Die Bestellung konnte nicht abgeschlossen werden. Bitte versuchen Sie es erneut.';

/** Checkout form: contact, addresses, shipping, payment, coupon, summary, terms, 'Zahlungspflichtig bestellen'. */
export function CheckoutForm({
  paymentTypes,
  methods,
  leavingToPayment,
}: {
  paymentTypes: PaymentType[];
  methods: ShippingMethod[];
  leavingToPayment: MutableRefObject<boolean>;
}) {
  const { sdk, reporter } = useShop();
  const form = useCheckoutForm();
  const cart = useCartState((state) => state.cart);
  const summary = useCartState((state) => state.priceSummary);
  const freeFrom = useCartState((state) => state.freeShippingFrom);
  const rate = useCartState((state) => state.shippingMethod);
  const [payment, setPayment] = useState<PaymentMethodId | ''>('');
  const [terms, setTerms] = useState(false);
  const [termsError, setTermsError] = useState(false);
  const [coupon, setCoupon] = useState(() => couponStorage.get());
  const [couponError, setCouponError] = useState('');
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  const [running, setRunning] = useState<PaymentRunning | null>(null);
  // Back from the payment page through the back/forward cache: the form must be usable again.
  useEffect(() => {
    const restore = (event: PageTransitionEvent) => {
      if (event.persisted) setBusy(false);
    };
    window.addEventListener('pageshow', restore);
    return () => window.removeEventListener('pageshow', restore);
  }, []);
  const chosen = payment || paymentTypes[0]?.id || '';
  const items = cart.items ?? [];
  const method = methods.find((m) => m.id === rate?.methodId) ?? methods[0];

  const submit = async () => {
    setFailure('');
    setCouponError('');
    setRunning(null);
    const invalid = form.validateAll();
    setTermsError(!terms);
    if (invalid) {
      document.getElementById(invalid.replace('.', '-'))?.focus();
      return;
    }
    if (!terms) {
      document.getElementById('checkout-terms')?.focus();
      return;
    }
    if (!chosen) return setFailure(FAILED);
    setBusy(true);
    const trackItems = items.map((item) => cartTrackItem(item));
    sdk.tracker.track('add_shipping_info', {
      items: trackItems,
      shipping_tier: rate?.name ?? method?.name ?? '',
    });
    sdk.tracker.track('add_payment_info', { items: trackItems, payment_type: chosen });
    try {
      const { redirectUrl } = await placeOrder(sdk, {
        values: form.values,
        paymentMethod: chosen,
        couponCode: coupon,
        origin: window.location.origin,
      });
      leavingToPayment.current = true;
      window.location.assign(redirectUrl);
    } catch (error) {
      setBusy(false);
      if (error instanceof CouponRejected) {
        setCouponError(error.message);
        return;
      }
      if (error instanceof PaymentRunning) {
        setRunning(error);
        return;
      }
      reporter.report(error, 'CheckoutPage', isLpError(error) && error.status === 400 ? 'warning' : 'error');
      setFailure(
        isLpError(error) && error.status === 400
          ? 'Bitte prüfen Sie Ihre Angaben: Der Shop konnte die Bestellung so nicht annehmen.'
          : FAILED,
      );
    }
  };

  // The running payment goes on with what that order holds; the typed coupon stays in the field (never dropped).
  const resume = async (headerGuid: string) => {
    setBusy(true);
    try {
      const { redirectUrl } = await continuePayment(sdk, {
        headerGuid,
        paymentMethod: chosen || 'paypal',
        origin: window.location.origin,
      });
      leavingToPayment.current = true;
      window.location.assign(redirectUrl);
    } catch (error) {
      setBusy(false);
      reporter.report(error, 'CheckoutPage');
      setFailure(FAILED);
    }
  };

  return (
    <div className="checkout-layout">
      <form
        className="checkout-form"
        noValidate
        aria-label="Bestellformular"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <fieldset>
          <legend>Kontakt</legend>
          <div className="form-grid">
            {(['email', 'phone'] as const).map((key) => (
              <TextField
                key={key}
                id={key}
                name={key}
                spec={CONTACT_FIELDS[key]}
                value={form.values[key]}
                error={form.errors[key]}
                onChange={(value) => form.setContact(key, value)}
                onBlur={() => form.blur(key)}
              />
            ))}
          </div>
        </fieldset>
        <AddressFieldset
          group="shipping"
          legend="Lieferadresse"
          values={form.values.shipping}
          errors={form.errors}
          onChange={(field, value) => form.setAddress('shipping', field, value)}
          onBlur={form.blur}
        />
        <label className="checkbox">
          <input
            type="checkbox"
            checked={form.values.billingSame}
            onChange={(event) => form.setBillingSame(event.target.checked)}
          />
          Rechnungsadresse entspricht der Lieferadresse
        </label>
        {!form.values.billingSame && (
          <AddressFieldset
            group="billing"
            legend="Rechnungsadresse"
            values={form.values.billing}
            errors={form.errors}
            onChange={(field, value) => form.setAddress('billing', field, value)}
            onBlur={form.blur}
          />
        )}
        <fieldset className="choice-fieldset">
          <legend>Versandart</legend>
          <p>
            {method?.name ?? rate?.name ?? 'Standardversand'}:{' '}
            {summary.shippingAmount === 0 ? 'kostenlos' : formatEuro(summary.shippingAmount)}
          </p>
        </fieldset>
        <PaymentChoice types={paymentTypes} value={chosen} onChange={setPayment} />
        <div className="checkout-terms">
          <label className="checkbox">
            <input
              id="checkout-terms"
              type="checkbox"
              checked={terms}
              aria-invalid={termsError && !terms ? true : undefined}
              aria-describedby={termsError && !terms ? 'checkout-terms-error' : undefined}
              onChange={(event) => setTerms(event.target.checked)}
            />
            <span>
              Ich habe die <Link to="/agb">AGB</Link> und die{' '}
              <Link to="/widerrufsrecht">Widerrufsbelehrung</Link> gelesen und stimme ihnen zu.
            </span>
          </label>
          {termsError && !terms && (
            <p id="checkout-terms-error" className="field-message">
              Bitte stimmen Sie den AGB und der Widerrufsbelehrung zu.
            </p>
          )}
        </div>
        {running && (
          <div className="field-message" role="alert">
            <p>Für diesen Warenkorb läuft bereits eine Zahlung.</p>
            <p>
              Ihre neuen Angaben
              {coupon ? ` und der Gutschein „${coupon}“ wurden` : ' wurden'} dafür nicht übernommen.
            </p>
            {running.headerGuid && (
              <button
                type="button"
                className="button button--primary"
                disabled={busy}
                onClick={() => running.headerGuid && void resume(running.headerGuid)}
              >
                Zahlung fortsetzen
              </button>
            )}
          </div>
        )}
        {failure && (
          <p className="field-message" role="alert">
            {failure}
          </p>
        )}
        <button type="submit" className="button button--primary checkout-submit" disabled={busy || !chosen}>
          {busy ? 'Bestellung wird übermittelt …' : 'Zahlungspflichtig bestellen'}
        </button>
        <p>
          <Link to="/cart">Zurück zum Warenkorb</Link>
        </p>
      </form>
      <aside className="checkout-summary" aria-labelledby="checkout-summary-title">
        <h2 id="checkout-summary-title">Ihre Bestellung</h2>
        <CartOverview items={items} />
        <PriceSummary summary={summary} freeShippingFrom={freeFrom} />
        <CouponField onChange={setCoupon} />
        {couponError && (
          <p className="field-message" role="alert">
            {couponError}
          </p>
        )}
      </aside>
    </div>
  );
}
