import { createMemoryStorage, createSdk } from '@lp/sdk';
import { describe, expect, it } from 'vitest';
import { attachCartToUser } from '../attachCart';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const cartOf = (guid: string | null, plates: string[] = []) => ({
  id: guid ? 7 : 0,
  userId: guid ? 42 : null,
  cartGuid: guid,
  deliveryPrice: 0,
  totalAmount: 10 * plates.length,
  items: guid
    ? plates.map((text, i) => ({
        itemInternalId: `${guid}-${i}`,
        productUniqueId: 'KFZ-001-520x110-STD',
        price: 10,
        description: 'Kfz-Kennzeichen',
        currency: 'EUR',
        quantity: 1,
        addData: [
          { count: 1, info: { Alias: 'kfz', Title: 'Kfz-Kennzeichen', Attributes: { Kennzeichen: text } } },
        ],
      }))
    : null,
});

/**
 * A browser's SDK whose API answers `attachCartToUser` with `answer`, and getCart of the account's cart 'phone'
 * with its two plates; records the CartGuid header of each cart call.
 */
function browser(stored: string | null, answer: ReturnType<typeof cartOf>) {
  const sent: string[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = String(input);
    const guid = new Headers(init?.headers).get('CartGuid') ?? '';
    sent.push(`${url.replace(/^.*\/api\/Cart\//, '')} ${guid}`);
    if (url.endsWith('/attachCartToUser')) return json(answer);
    if (url.endsWith('/getCart'))
      return json(guid === 'phone' ? cartOf('phone', ['B-MW 1234', 'B-MW 1235']) : cartOf(guid));
    return json({ status: 404, code: 'not-found', message: 'not here' }, 404);
  };
  const storage = createMemoryStorage();
  if (stored) storage.setItem('AppState', JSON.stringify({ CartGuid: stored, orderHeaderGuid: null }));
  const sdk = createSdk({ baseUrl: 'http://shop.test', storage, fetch, dataLayer: [], retries: 0 });
  return { sdk, sent };
}

describe('attachCartToUser', () => {
  it("asks the API also without a cart of its own, and takes the account's cart it answers", async () => {
    const { sdk, sent } = browser(null, cartOf('phone', ['B-MW 1234', 'B-MW 1235']));
    await attachCartToUser(sdk);
    expect(sent[0]).toBe('attachCartToUser ');
    expect(sdk.appState.get().CartGuid).toBe('phone');
    const { cart, count } = sdk.cartStore.getState();
    expect(cart.cartGuid).toBe('phone');
    expect(count).toBe(2);
  });

  it("replaces the browser's cart by the answered one (lines joined to the account's)", async () => {
    const { sdk, sent } = browser('laptop', cartOf('phone', ['B-MW 1234', 'B-MW 1235']));
    await sdk.cartStore.getState().load();
    await attachCartToUser(sdk);
    expect(sent).toContain('attachCartToUser laptop');
    expect(sdk.appState.get().CartGuid).toBe('phone');
    expect(sdk.cartStore.getState().count).toBe(2);
  });

  it("forgets a stored guid when the API answers no cart (unknown, or another account's)", async () => {
    const { sdk } = browser('annas-cart', cartOf(null));
    await attachCartToUser(sdk);
    expect(sdk.appState.get().CartGuid).toBeNull();
    expect(sdk.cartStore.getState().cart.cartGuid).toBeNull();
  });
});
