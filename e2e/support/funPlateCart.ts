import { type Sdk, createMemoryStorage, createSdk } from '@lp/sdk';

/**
 * A cart filled through the API as another tab, device or a dealer's widget does it: `pieces` of one fun plate
 * reading `text` (standard kind, 520x110), added by an SDK with its own storage that keeps the cart's guid.
 *
 * @example
 * const { guid } = await funPlateCart(api.url, 'B-HX 100');
 * await fetch(`${shop.url}/cart`, { headers: { cookie: `lp_cart=${guid}` } });
 */
export async function funPlateCart(
  apiUrl: string,
  text: string,
  pieces = 1,
): Promise<{ sdk: Sdk; guid: string }> {
  const sdk = createSdk({ baseUrl: apiUrl, storage: createMemoryStorage(), retries: 0 });
  const cart = await sdk.cart.addItem({
    productUniqueId: 'FKZ-001',
    quantity: pieces,
    addData: [
      {
        count: pieces,
        info: {
          Alias: 'funschild',
          Title: 'Funschild',
          Attributes: { Kennzeichen: text, 'Kennzeichen-Art': 'Standard', Kennzeichengröße: '520x110' },
        },
      },
    ],
  });
  const guid = cart.cartGuid as string;
  sdk.appState.set({ CartGuid: guid });
  return { sdk, guid };
}
