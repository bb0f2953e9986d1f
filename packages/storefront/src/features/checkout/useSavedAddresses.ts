import type { Address } from '@lp/sdk/contract';
import { useCart } from '@lp/react';
import { useEffect, useState } from 'react';
import { useShop } from '../../app/ShopContext';
import type { CheckoutFormStore } from './checkoutFormStore';

/**
 * Session 20 (decisions.md "The checkout fills in a returning customer's details"): for a logged-in customer (their
 * cart is the account's, `cart.userId`), fills the form's blank parts with their e-mail and the newest order's phone
 * and addresses, and answers their recent addresses for the "Adresse aus früheren Bestellungen" choice. The reading
 * and filling live in a chunk of their own that a guest never loads; the session cookie decides whose addresses the
 * API answers (a guest's request would get none).
 */
export function useSavedAddresses(form: CheckoutFormStore): Address[] {
  const { sdk, reporter } = useShop();
  const signedIn = useCart(({ state }) => state.cart.userId != null);
  const [addresses, setAddresses] = useState<Address[]>([]);
  useEffect(() => {
    if (!signedIn) return;
    let live = true;
    import('./savedAddresses')
      .then(({ prefillCheckout }) => prefillCheckout(sdk.client, form))
      .then((found) => {
        if (live) setAddresses(found);
      })
      // The form works without them: nothing to show the shopper, worth a report.
      .catch((error: unknown) => reporter.report(error, 'CheckoutPage', 'warning'));
    return () => {
      live = false;
    };
  }, [signedIn, sdk, form, reporter]);
  return addresses;
}
