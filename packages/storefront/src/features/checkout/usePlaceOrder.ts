import { isLpError } from '@lp/sdk';
import type { CheckoutInput, CheckoutOutcome, LpError } from '@lp/sdk';
import type { ApiErrorBody, CartItem, PaymentMethodId } from '@lp/sdk/contract';
import { type MutableRefObject, useEffect, useState } from 'react';
import { useShop } from '../../app/ShopContext';
import { checkoutOf } from '../../sdk/checkoutOf';
import { cartLineConfig } from '../cart';
import { couponErrorMessage } from '../cart/couponMessages';

export const ORDER_FAILED =
  'Die Bestellung konnte nicht abgeschlossen werden. Bitte versuchen Sie es erneut.';
export const ORDER_REFUSED =
  'Bitte prüfen Sie Ihre Angaben: Der Shop konnte die Bestellung so nicht annehmen.';
/** The shop switched the chosen payment method off after the page was loaded (API 400 on `paymentMethod`). */
export const PAYMENT_METHOD_REFUSED =
  'Diese Zahlungsart ist derzeit nicht verfügbar. Bitte wählen Sie eine andere Zahlungsart.';

/**
 * A price, tier, coupon or shipping rate changed after the cart the review shows was read (API 409 `price-changed`,
 * nothing saved; § 312j BGB: the total above the button is the one owed). The cart is read again for a new review.
 */
export const PRICE_CHANGED =
  'Preise oder Versandkosten haben sich geändert. Bitte prüfen Sie die Bestellübersicht und bestellen Sie erneut.';

/**
 * The lines a save refused because the shop stopped selling their product after they were added (API 404
 * `product-not-found`, one error per line id; decisions.md "Catalogue changes while a shopper buys"), by name.
 */
export function goneLinesText(error: LpError, items: readonly CartItem[]): string {
  const ids = new Set(((error.body as ApiErrorBody | undefined)?.errors ?? []).map((entry) => entry.message));
  const names = [
    ...new Set(
      items.filter((item) => ids.has(item.itemInternalId)).map((item) => cartLineConfig(item).title),
    ),
  ];
  if (names.length === 0)
    return 'Ein Artikel in Ihrem Warenkorb ist nicht mehr erhältlich. Bitte entfernen Sie ihn im Warenkorb und bestellen Sie dann erneut.';
  return `Nicht mehr erhältlich: ${names.map((name) => `„${name}“`).join(', ')}. Bitte entfernen Sie ${
    names.length === 1 ? 'diesen Artikel' : 'diese Artikel'
  } im Warenkorb und bestellen Sie dann erneut.`;
}

/** What the form shows after an attempt that did not lead to the payment page. */
export type OrderNotice =
  | { kind: 'failure' | 'coupon'; text: string; focus?: boolean }
  | { kind: 'payment-running'; headerGuid: string | null }
  | null;

/**
 * Runs the SDK's checkout (`checkoutOf(sdk)`, made on first use) for the checkout form and turns its outcome into
 * what the shopper sees: the payment page, a coupon message, the running payment to continue, or a German failure
 * text. The provider sends the shopper back to /wait-for-confirmation or /cancel-order of this shop.
 */
export function usePlaceOrder(leavingToPayment: MutableRefObject<boolean>) {
  const { sdk, reporter } = useShop();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<OrderNotice>(null);
  // Back from the payment page through the back/forward cache: the form must be usable again.
  useEffect(() => {
    const restore = (event: PageTransitionEvent) => {
      if (event.persisted) setBusy(false);
    };
    window.addEventListener('pageshow', restore);
    return () => window.removeEventListener('pageshow', restore);
  }, []);

  const returnUrls = () => ({
    returnUrl: `${window.location.origin}/wait-for-confirmation`,
    cancelUrl: `${window.location.origin}/cancel-order`,
  });

  const run = async (call: () => Promise<CheckoutOutcome>) => {
    setNotice(null);
    setBusy(true);
    try {
      const outcome = await call();
      if (outcome.kind === 'redirect') {
        leavingToPayment.current = true;
        window.location.assign(outcome.redirectUrl);
        return;
      }
      setBusy(false);
      if (outcome.kind === 'coupon-rejected')
        setNotice({ kind: 'coupon', text: couponErrorMessage(outcome.error) });
      else if (outcome.kind === 'payment-running') setNotice(outcome);
      else {
        // The form checks the same rules first, so a refusal means the rules drifted apart: worth a report.
        const fields = outcome.errors.map((error) => error.field).join(', ');
        reporter.report(new Error(`Order refused: ${fields}`), 'CheckoutPage', 'warning');
        const onlyPayment = outcome.errors.every((error) => error.field === 'paymentMethod');
        setNotice({ kind: 'failure', text: onlyPayment ? PAYMENT_METHOD_REFUSED : ORDER_REFUSED });
      }
    } catch (error) {
      setBusy(false);
      // A change of the catalogue, not a fault of the shop: nothing to report, the shopper removes the line.
      if (isLpError(error) && error.apiCode === 'product-not-found') {
        setNotice({ kind: 'failure', text: goneLinesText(error, sdk.cartStore.getState().cart.items ?? []) });
        return;
      }
      // Nor is a changed price: the review shows the new figures once the cart is read again, a second press orders.
      if (isLpError(error) && error.apiCode === 'price-changed') {
        sdk.cartStore
          .getState()
          .load()
          .catch(() => undefined);
        setNotice({ kind: 'failure', text: PRICE_CHANGED, focus: true });
        return;
      }
      const refused = isLpError(error) && error.status === 400;
      reporter.report(error, 'CheckoutPage', refused ? 'warning' : 'error');
      setNotice({ kind: 'failure', text: refused ? ORDER_REFUSED : ORDER_FAILED });
    }
  };

  return {
    busy,
    notice,
    /** Hides the notice of the last attempt (a new submit). */
    reset: () => setNotice(null),
    /**
     * Places the order (spec 4 order flow); a company buyer's invoice references (`buyerReference`, `buyerVatId`)
     * go into its save through the SDK's own checkout (session 21).
     */
    place: (input: Omit<CheckoutInput, 'returnUrl' | 'cancelUrl'>) =>
      run(() => checkoutOf(sdk).placeOrder({ ...input, ...returnUrls() })),
    /** Goes on with the running payment; that order keeps what it holds (the typed coupon stays in the field). */
    resume: (headerGuid: string, paymentMethod: PaymentMethodId) =>
      run(() => checkoutOf(sdk).continuePayment({ headerGuid, paymentMethod, ...returnUrls() })),
  };
}
