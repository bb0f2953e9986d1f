import type { AppStateStore, Cart, CartStore } from '@lp/sdk';
import { APP_STATE_KEY } from '@lp/sdk/contract';

const CHANNEL = 'lp-cart';

/**
 * Keeps the shop's tabs of one browser on one cart. The tabs share the cart guid (AppState in localStorage), but
 * each holds its own copy of the lines: without this, a tab opened before an add in another tab showed the old
 * count and lines, and a quantity change there on a line removed elsewhere failed ("Die Änderung konnte nicht
 * gespeichert werden"). Each tab tells the others (BroadcastChannel, like features/account/sessionSignal.ts) the
 * cart it now holds; a tab holding another cart reads the cart again from the API rather than taking the message's
 * (two tabs' answers may arrive out of order; the API's is the cart as it is now). Reading it changes that tab's
 * cart, so it tells the others in turn, who hold the same and stop there. A change of the stored guid (a new cart,
 * `clear()` after an order) is also heard as a storage event: an order paid in one tab may clear the cart before
 * that page listens, and a tab still in the checkout must then leave it, not send an order without a cart (which
 * the shop refused with "Bitte prüfen Sie Ihre Angaben"). A page restored from the back-forward cache heard
 * nothing while it was stored, so it reads the cart again.
 *
 * Session 27 (flake): a message naming another cart than the guid this tab can read is not acted on; the storage
 * event follows. The sending tab stores its guid before it tells, but Chromium hands that storage write to the other
 * tabs' processes later than the message: reading at once found no guid, and the empty cart of that read wrote
 * "no cart" over the new one (a shopper's first add in one tab, another shop tab open: no confirmation, an empty
 * cart). Likewise a cleared cart (an order paid, a sign-out) is not read back from a guid this tab still sees.
 *
 * @returns the unsubscribe
 * @example
 * useEffect(() => shareCartAcrossTabs(sdk.cartStore, sdk.appState), [sdk]);
 */
export function shareCartAcrossTabs(store: CartStore, appState: AppStateStore): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => undefined;
  const channel = new BroadcastChannel(CHANNEL);
  const reload = () =>
    void store
      .getState()
      .load()
      .catch(() => undefined);
  channel.onmessage = (event: MessageEvent<string>) => {
    if (event.data === JSON.stringify(store.getState().cart)) return;
    const told = (JSON.parse(event.data) as Cart).cartGuid || null;
    if (told === appState.get().CartGuid) reload();
  };
  const tell = (cart: Cart) => channel.postMessage(JSON.stringify(cart));
  const stop = store.subscribe((state, previous) => {
    if (state.cart !== previous.cart) tell(state.cart);
  });
  // This runs a moment after the page's own cart read: a change in another tab in between would go unheard, so the
  // others hear this tab's cart now (one that differs reads again, and tells this tab its own in turn).
  if (!store.getState().pending) tell(store.getState().cart);
  const restored = (event: PageTransitionEvent) => event.persisted && reload();
  // key null: the whole storage was cleared
  const stored = (event: StorageEvent) => (event.key === APP_STATE_KEY || event.key === null) && reload();
  window.addEventListener('pageshow', restored);
  window.addEventListener('storage', stored);
  return () => {
    stop();
    channel.close();
    window.removeEventListener('pageshow', restored);
    window.removeEventListener('storage', stored);
  };
}
