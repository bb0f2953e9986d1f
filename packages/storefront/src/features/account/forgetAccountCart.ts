import type { SdkCore } from '@lp/sdk/compose';

/**
 * Session 16 (decisions.md "One cart on every device"): after "Abmelden" this browser keeps nothing of the account's
 * shopping for the next person at the same device: not the cart (its plates, and its guid, by which the addresses
 * stored with it are readable) and not the guid of the order the checkout saved. The cart is the account's (the
 * login made it so, an add while logged in too), so the next login brings it back. A guest's cart is not kept
 * either: whatever this browser holds at the sign-out was put there by the person signing out.
 */
export function forgetAccountCart(sdk: Pick<SdkCore, 'cartStore' | 'appState'>): void {
  sdk.cartStore.getState().clear();
  sdk.appState.set({ orderHeaderGuid: null });
}
