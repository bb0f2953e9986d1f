// Issue 13 helpers: an order placed without an account, straight through the SDK on the API (a guest's browser).
import { type Address, createMemoryStorage, createSdk } from '@lp/sdk';
import { address as defaultAddress, funschild } from '../contract/support';

/** Places and confirms a guest order billed to `email`; answers its order number and headerGuid. */
export async function guestOrder(
  apiUrl: string,
  email: string,
  shippingAddress: Address = defaultAddress,
): Promise<{ orderNumber: string; headerGuid: string }> {
  const sdk = createSdk({ baseUrl: apiUrl, storage: createMemoryStorage(), dataLayer: [], retries: 0 });
  await sdk.cartStore.getState().add(funschild(1, 'GAST 1'));
  const { orderHeaderGuid } = await sdk.orders.save({
    billingPerson: { email, phone: '+49 3012345678', name: 'Gerda', lastName: 'Gast' },
    shippingAddress,
    paymentMethod: 'paypal',
  });
  const { orderNumber } = await sdk.orders.confirm(orderHeaderGuid);
  return { orderNumber, headerGuid: orderHeaderGuid };
}
