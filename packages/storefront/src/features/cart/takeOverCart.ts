import { isLpError } from '@lp/sdk';
import { type Cart, cartCopyPath } from '@lp/sdk/contract';
import type { SdkCore } from '@lp/sdk';

/**
 * The widget handoff (`/cart?cartGuid=<guid>`, decisions.md "Cart handoff copies"): the shopper continues in a copy
 * of the handed-over cart, never in that cart itself. Whoever knows the handed-over guid (the dealer's page, or
 * whoever sent the link) then sees nothing of the plates the shopper adds and cannot touch their order.
 *
 * Answers false when there is nothing to take over (the link names an unknown or empty cart, or its guid was damaged
 * on the way: the API's 400s): the shopper keeps the cart they have, and that is no error worth reporting.
 */
export async function takeOverCart(
  sdk: Pick<SdkCore, 'client' | 'cartStore'>,
  handedOver: string,
): Promise<boolean> {
  let copy: Cart;
  try {
    copy = await sdk.client.request<Cart>('POST', cartCopyPath, { body: { cartGuid: handedOver } });
  } catch (error) {
    if (isLpError(error) && error.status === 400) return false;
    throw error;
  }
  await sdk.cartStore.getState().adoptCartGuid(copy.cartGuid as string);
  return true;
}
