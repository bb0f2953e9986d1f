import type { SdkCore } from '@lp/sdk/compose';

/**
 * spec 4 / issue 6: after login the shopper's cart (its guid in AppState) becomes theirs. Without a cart there
 * is nothing to attach (the API would answer 400), so nothing is sent.
 */
export async function attachCartToUser(sdk: Pick<SdkCore, 'appState' | 'cart'>): Promise<boolean> {
  if (!sdk.appState.get().CartGuid) return false;
  await sdk.cart.attachToUser();
  return true;
}
