import type { SdkCore } from '@lp/sdk/compose';

/**
 * spec 4 / issue 6, session 16 (decisions.md "One cart on every device"): after the login or registration the
 * browser and the account agree on one cart. The API answers it: the account's cart on a device without one (or
 * with an empty one), the account's cart with this browser's lines joined, or this browser's own cart, now the
 * account's. The browser keeps that cart from now on; with none (`cartGuid` null) it forgets the guid it had (an
 * unknown cart, or another account's at a shared computer).
 */
export async function attachCartToUser(sdk: Pick<SdkCore, 'cart' | 'cartStore'>): Promise<void> {
  const { cartGuid } = await sdk.cart.attachToUser();
  const store = sdk.cartStore.getState();
  if (cartGuid) await store.adoptCartGuid(cartGuid);
  else store.clear();
}
