import type { Cart, CartItem } from '@lp/sdk/contract';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithShop } from '../../../../__tests__/renderWithShop';
import { useCheckoutSession } from '../useCheckoutSession';

const GUID = '5b3c1e0e-9a3f-4c59-9a57-1d3f7f0c2a11';

const line = (id: string): CartItem => ({
  itemInternalId: id,
  productUniqueId: id,
  price: 4.9,
  description: id,
  currency: 'EUR',
  quantity: 1,
  addData: [{ count: 1, info: { Alias: id, Title: id, Attributes: {} } }],
});

const cartOf = (...ids: string[]): Cart => ({
  id: 7,
  userId: null,
  cartGuid: GUID,
  deliveryPrice: 0,
  totalAmount: 4.9 * ids.length,
  items: ids.map(line),
});

/** The checkout page's session over a cart the API answers. */
function Session() {
  const session = useCheckoutSession();
  return <p data-testid="ready">{session.ready ? 'ready' : 'waiting'}</p>;
}

function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  act(() => {
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

afterEach(() => setVisibility('visible'));

describe('the checkout page coming back from a background tab', () => {
  it('reads the cart again and marks the checkout as running, so the review shows what an order takes', async () => {
    let answer = cartOf('KZH-001', 'KZH-002');
    const calls: string[] = [];
    const fetch = (async (url: RequestInfo | URL) => {
      const path = new URL(String(url)).pathname;
      calls.push(path);
      const body = path.endsWith('/getCart') ? answer : path.endsWith('/startCheckout') ? answer : [];
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }) as typeof globalThis.fetch;
    const { sdk } = renderWithShop(<Session />, { fetch, path: '/cart/checkout' });
    await act(() => sdk.cartStore.getState().adoptCartGuid(GUID));
    await waitFor(() => expect(screen.getByTestId('ready').textContent).toBe('ready'));
    await waitFor(() => expect(calls.filter((path) => path.endsWith('/startCheckout'))).toHaveLength(1));

    // Another device's login took a line away while the tab was in the background.
    answer = cartOf('KZH-002');
    setVisibility('hidden');
    expect(calls.filter((path) => path.endsWith('/getCart'))).toHaveLength(1);
    setVisibility('visible');
    await waitFor(() =>
      expect(sdk.cartStore.getState().cart.items?.map((item) => item.itemInternalId)).toEqual(['KZH-002']),
    );
    await waitFor(() => expect(calls.filter((path) => path.endsWith('/startCheckout'))).toHaveLength(2));
    expect(calls.filter((path) => path.endsWith('/getCart'))).toHaveLength(2);
  });
});
