import { useEffect } from 'react';
import { useShop } from '../../app/ShopContext';
import { forgetAccountCart } from '../account/forgetAccountCart';
import { shareCartAcrossTabs } from './shareCartAcrossTabs';

/**
 * The channel and message of `announceSignOut` (features/account/sessionSignal.ts), repeated rather than imported:
 * sharing that module with the account page splits it into a chunk of its own there (+0.08 KB on /account,
 * measured). The test announces through sessionSignal, so the two cannot drift.
 */
const ACCOUNT_CHANNEL = 'lp-account';
const SIGNED_OUT = 'signed-out';

/**
 * Keeps this tab's cart equal to the shop's other tabs (shareCartAcrossTabs), and forgets the account's cart when
 * the customer signs out in this tab or another (both "Abmelden" buttons announce it, and the channel reaches this
 * tab's own listener too). Here, in the chunk loaded after hydration, so no route's initial script pays for it.
 * Renders nothing.
 */
export function CartAcrossTabs() {
  const { sdk } = useShop();
  useEffect(() => shareCartAcrossTabs(sdk.cartStore), [sdk]);
  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return;
    const channel = new BroadcastChannel(ACCOUNT_CHANNEL);
    channel.onmessage = (event) => event.data === SIGNED_OUT && forgetAccountCart(sdk);
    return () => channel.close();
  }, [sdk]);
  return null;
}
