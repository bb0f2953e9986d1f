import type { PaymentMethodId, PaymentType, ShippingMethod } from '@lp/sdk/contract';
import { type MutableRefObject, useState } from 'react';
import { Link } from 'react-router-dom';
import { useShop } from '../../app/ShopContext';
import { formatEuro } from '../../format';
import { useCart } from '@lp/react';
import { CouponField } from '../cart/CouponField';
import { PriceSummary } from '../cart/PriceSummary';
import { cartTrackItem } from '../cart';
import { AddressFieldset } from './AddressFieldset';
import { CartOverview } from './CartOverview';
import { OrderNotices } from './OrderNotices';
import { OrderReview } from './OrderReview';
import { PaymentChoice } from './PaymentChoice';
import { TextField } from './TextField';
import { TermsCheckbox } from './TermsCheckbox';
import { CONTACT_FIELDS, billingCompany, composedAddress } from './checkoutFields';
import { InvoiceFields } from './InvoiceFields';
import { useSavedAddresses } from './useSavedAddresses';
import { useCheckoutForm, useCheckoutFormState } from './useCheckoutForm';
import { usePlaceOrder } from './usePlaceOrder';

/**
 * Checkout form: contact, addresses, shipping, payment, the order review (§ 312j (2) BGB), terms, 'Zahlungspflichtig
 * bestellen' (§ 312j (3) BGB); beside it the summary with the coupon.
 * The order itself is the SDK's checkout (see usePlaceOrder); this view checks the fields and shows the outcome.
 * The typed values live in the form's store (checkoutFormStore.ts), read by each field and at submit: on a phone a key
 * press renders the field typed into, not this form with its order review and summary (decisions.md "Checkout: a
 * key press renders its field").
 */
export function CheckoutForm({
  paymentTypes,
  methods,
  leavingToPayment,
}: {
  paymentTypes: PaymentType[];
  methods: ShippingMethod[];
  leavingToPayment: MutableRefObject<boolean>;
}) {
  const { sdk } = useShop();
  const form = useCheckoutForm();
  // Session 20: a logged-in customer's e-mail and recent addresses, from a chunk only they load.
  const saved = useSavedAddresses(form);
  const billingSame = useCheckoutFormState(form, (state) => state.values.billingSame);
  const order = usePlaceOrder(leavingToPayment);
  const cart = useCart(({ state }) => state.cart);
  const summary = useCart(({ state }) => state.priceSummary);
  const freeFrom = useCart(({ state }) => state.freeShippingFrom);
  const rate = useCart(({ state }) => state.shippingMethod);
  const [payment, setPayment] = useState<PaymentMethodId | ''>('');
  const [terms, setTerms] = useState(false);
  const [termsError, setTermsError] = useState(false);
  const chosen = payment || paymentTypes[0]?.id || '';
  const items = cart.items ?? [];
  const method = methods.find((m) => m.id === rate?.methodId) ?? methods[0];

  const submit = () => {
    order.reset();
    const invalid = form.validateAll();
    setTermsError(!terms);
    if (invalid) return document.getElementById(invalid.replace('.', '-'))?.focus();
    if (!terms) return document.getElementById('checkout-terms')?.focus();
    if (!chosen) return;
    const trackItems = items.map((item) => cartTrackItem(item));
    sdk.tracker.track('add_shipping_info', {
      items: trackItems,
      shipping_tier: rate?.name ?? method?.name ?? '',
    });
    sdk.tracker.track('add_payment_info', { items: trackItems, payment_type: chosen });
    // validateAll wrote the phone as '+49 …' and the USt-IdNr. without spaces.
    const { values } = form.getState();
    // Session 20: the invoice references belong to a company's invoice only (hidden, and not sent, without one).
    const company = billingCompany(values) !== '';
    const reference = company ? values.buyerReference.trim().normalize('NFC') : '';
    const vatId = company ? values.buyerVatId.trim() : '';
    void order.place({
      email: values.email,
      phone: values.phone,
      shipping: composedAddress(values.shipping),
      billing: values.billingSame ? null : composedAddress(values.billing),
      paymentMethod: chosen,
      // Issue 13: no coupon here: the server takes the cart's (and no coupon request is sent without one).
      // § 312j BGB: the total the review above the button shows; the save refuses any other (price-changed).
      expectedTotal: summary.total,
      ...(reference && { buyerReference: reference }),
      ...(vatId && { buyerVatId: vatId }),
    });
  };

  return (
    <div className="checkout-layout">
      <form
        className="checkout-form"
        method="post"
        noValidate
        aria-label="Bestellformular"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <fieldset>
          <legend>Kontakt</legend>
          <div className="form-grid">
            {(['email', 'phone'] as const).map((key) => (
              <TextField key={key} form={form} fieldKey={key} spec={CONTACT_FIELDS[key]} />
            ))}
          </div>
        </fieldset>
        <AddressFieldset form={form} group="shipping" legend="Lieferadresse" saved={saved} />
        <label className="checkbox">
          <input
            type="checkbox"
            checked={billingSame}
            onChange={(event) => form.setBillingSame(event.target.checked)}
          />
          Rechnungsadresse entspricht der Lieferadresse
        </label>
        {!billingSame && (
          <AddressFieldset form={form} group="billing" legend="Rechnungsadresse" saved={saved} />
        )}
        <InvoiceFields form={form} />
        <fieldset className="choice-fieldset">
          <legend>Versandart</legend>
          <p>
            {`${method?.name ?? rate?.name ?? 'Standardversand'}: ${summary.shippingAmount === 0 ? 'kostenlos' : formatEuro(summary.shippingAmount)}`}
          </p>
        </fieldset>
        <PaymentChoice types={paymentTypes} value={chosen} onChange={setPayment} />
        <OrderReview
          items={items}
          total={summary.total}
          shipping={summary.shippingAmount}
          shippingName={method?.name ?? rate?.name}
          deliveryTime={method?.deliveryTime}
          paymentName={paymentTypes.find((type) => type.id === chosen)?.name}
        />
        <TermsCheckbox checked={terms} showError={termsError} onChange={setTerms} />
        <OrderNotices
          notice={order.notice}
          coupon={cart.coupon?.code ?? ''}
          busy={order.busy}
          onResume={(headerGuid) => void order.resume(headerGuid, chosen || 'paypal')}
        />
        <button
          type="submit"
          className="button button--primary checkout-submit"
          disabled={order.busy || !chosen}
        >
          {order.busy ? 'Bestellung wird übermittelt …' : 'Zahlungspflichtig bestellen'}
        </button>
        <p>
          <Link to="/cart">Zurück zum Warenkorb</Link>
        </p>
      </form>
      <aside className="checkout-summary" aria-labelledby="checkout-summary-title">
        <h2 id="checkout-summary-title">Ihre Bestellung</h2>
        <CartOverview items={items} />
        <PriceSummary summary={summary} freeShippingFrom={freeFrom} cart={cart} />
        <CouponField />
        {order.notice?.kind === 'coupon' && (
          <p className="field-message" role="alert">
            {order.notice.text}
          </p>
        )}
      </aside>
    </div>
  );
}
