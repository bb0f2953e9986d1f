import type { SdkCore } from '@lp/sdk/compose';
import { forgetAccountCart } from './forgetAccountCart';

/**
 * Session 25 (decisions.md "An account's cart after the browser closed"): a login without "Angemeldet bleiben" ends
 * with the browser, but the cart's guid (and the saved order's) stays in localStorage and in the cart cookie. The
 * next person at a library computer would find the account's cart, its plates and, by its guid, its addresses. So
 * whenever this browser's cart belongs to an account (`userId`), it asks once per cart whether anyone is logged in;
 * when nobody is, it forgets the cart and the order guid as "Abmelden" does (forgetAccountCart). The account keeps
 * the cart: the owner's next login brings it back. A guest's cart (`userId` null) is never asked about, so it stays
 * after a browser restart, and a dealer's handoff or a guest cart joining an account at login is untouched.
 * `signedIn`: the account service's `me()` (null when nobody is logged in; a failure forgets nothing).
 * Returns the function that stops watching.
 *
 * @example
 * useEffect(() => forgetEndedLoginCart(sdk, () => createAccountService(sdk.client).me()), [sdk]);
 */
export function forgetEndedLoginCart(
  sdk: Pick<SdkCore, 'cartStore' | 'appState'>,
  signedIn: () => Promise<unknown>,
): () => void {
  let asked: string | null = null;
  const check = () => {
    const { cart } = sdk.cartStore.getState();
    const guid = cart.cartGuid;
    if (cart.userId == null || !guid || guid === asked) return;
    asked = guid;
    signedIn().then(
      (customer) => {
        // Only the cart asked about: one adopted or cleared meanwhile is not this answer's business.
        if (customer === null && sdk.cartStore.getState().cart.cartGuid === guid) forgetAccountCart(sdk);
      },
      () => undefined, // API down: nothing is known, nothing is forgotten (asked again on the next page load)
    );
  };
  check();
  return sdk.cartStore.subscribe(check);
}
