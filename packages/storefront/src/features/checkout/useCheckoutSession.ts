import type { PaymentType, ShippingMethod } from '@lp/sdk/contract';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useShop } from '../../app/ShopContext';
import { ordersOf } from '../../sdk/ordersOf';
import { useCart } from '@lp/react';
import { cartTrackItem, useCartReady } from '../cart';

/**
 * spec 4 checkout: only with a cart that has a guid (else back to /cart); startCheckout on entry, stopCheckout when
 * the shopper leaves for another page of the shop (not when leaving for the payment provider). Also loads the
 * company's payment types and shipping methods.
 */
export function useCheckoutSession() {
  const { sdk, reporter } = useShop();
  const navigate = useNavigate();
  const ready = useCartReady();
  const cart = useCart(({ state }) => state.cart);
  const hasItems = (cart.items ?? []).length > 0;
  const [paymentTypes, setPaymentTypes] = useState<PaymentType[]>([]);
  const [methods, setMethods] = useState<ShippingMethod[]>([]);
  const [loadError, setLoadError] = useState(false);
  /** Set before going to the payment page, so leaving does not stop the checkout. */
  const leavingToPayment = useRef(false);
  const started = useRef(false);

  useEffect(() => {
    if (!ready) return;
    if (!cart.cartGuid || !hasItems) {
      navigate('/cart', { replace: true });
      return;
    }
    if (started.current) return;
    started.current = true;
    sdk.cartStore
      .getState()
      .startCheckout()
      .catch((error: unknown) => reporter.report(error, 'CheckoutPage', 'warning'));
    const items = (cart.items ?? []).map((item) => cartTrackItem(item));
    sdk.tracker.track('begin_checkout', { items });
  }, [ready, cart, hasItems, navigate, sdk, reporter]);

  // A checkout page left in a background tab may show lines its cart no longer has (another device's login joined
  // it, decisions.md "One cart on every device"), and after an hour the API counts it as left. Coming back reads
  // the cart again, so the review shows what an order would take (an emptied cart goes back to /cart above), and
  // marks the checkout as running again.
  useEffect(() => {
    const back = () => {
      if (document.visibilityState !== 'visible' || !started.current || leavingToPayment.current) return;
      const store = sdk.cartStore.getState();
      store
        .load()
        .then(() => {
          const { cart } = sdk.cartStore.getState();
          if (cart.cartGuid && cart.items?.length) return sdk.cartStore.getState().startCheckout();
        })
        .catch((error: unknown) => reporter.report(error, 'CheckoutPage', 'warning'));
    };
    document.addEventListener('visibilitychange', back);
    return () => document.removeEventListener('visibilitychange', back);
  }, [sdk, reporter]);

  useEffect(
    () => () => {
      if (started.current && !leavingToPayment.current)
        sdk.cartStore
          .getState()
          .stopCheckout()
          .catch(() => undefined);
    },
    [sdk],
  );

  useEffect(() => {
    let live = true;
    sdk
      .getCompany()
      .then(async ({ UniqueId }) => {
        const [types, active] = await Promise.all([
          ordersOf(sdk).paymentTypes(UniqueId),
          sdk.shipping.activeMethods(UniqueId).catch(() => [] as ShippingMethod[]),
        ]);
        if (!live) return;
        setPaymentTypes(types);
        setMethods(active);
      })
      .catch((error: unknown) => {
        if (live) setLoadError(true);
        reporter.report(error, 'CheckoutPage');
      });
    return () => {
      live = false;
    };
  }, [sdk, reporter]);

  return {
    ready: ready && Boolean(cart.cartGuid) && hasItems,
    paymentTypes,
    methods,
    loadError,
    leavingToPayment,
  };
}
