import { useEffect } from 'react';
import { useShop } from '../../app/ShopContext';
import { forgetAccountCart } from '../account/forgetAccountCart';
import { forgetEndedLoginCart } from '../account/forgetEndedLoginCart';
import { accountServiceOf } from '../account/useAccount';
import { shareCartAcrossTabs } from './shareCartAcrossTabs';

/**
 * The channel and message of `announceSignOut` (features/account/sessionSignal.ts), repeated rather than imported:
 * sharing that module with the account page splits it into a chunk of its own there (+0.08 KB on /account,
 * measured). The test announces through sessionSignal, so the two cannot drift.
 */
const ACCOUNT_CHANNEL = 'lp-account';
const SIGNED_OUT = 'signed-out';
/**
 * The checkout draft's key (features/checkout/checkoutDraft.ts), repeated for the same reason: importing
 * forgetCheckoutDraft made it a chunk of its own whose name every route's preload list carried (+0.03 KB on each,
 * measured). The test saves and reads the draft through checkoutDraft, so the two cannot drift.
 */
const CHECKOUT_DRAFT_KEY = 'lp-checkout';

/**
 * Keeps this tab's cart equal to the shop's other tabs (shareCartAcrossTabs), and forgets the account's cart and
 * this tab's checkout draft when the customer signs out in this tab or another (both "Abmelden" buttons announce it,
 * and the channel reaches this tab's own listener too), or when the login ended without a sign-out (browser closed).
 * Here, in the chunk loaded after hydration, so no route's initial script pays for it. Renders nothing.
 */
export function CartAcrossTabs() {
  const { sdk } = useShop();
  useEffect(() => shareCartAcrossTabs(sdk.cartStore, sdk.appState), [sdk]);
  // Session 25: an account's cart left behind by a login that ended with the browser is forgotten, not shown to the
  // next person at the computer.
  useEffect(() => forgetEndedLoginCart(sdk, () => accountServiceOf(sdk).me()), [sdk]);
  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return;
    const channel = new BroadcastChannel(ACCOUNT_CHANNEL);
    channel.onmessage = (event) => {
      if (event.data !== SIGNED_OUT) return;
      forgetAccountCart(sdk);
      // Session 25: this tab's own checkout draft (sessionStorage is per tab) goes too, else the next person at the
      // computer would find the signed-out customer's address in this tab's checkout.
      try {
        sessionStorage.removeItem(CHECKOUT_DRAFT_KEY);
      } catch {
        // blocked storage: there is no draft either
      }
    };
    return () => channel.close();
  }, [sdk]);
  return null;
}
