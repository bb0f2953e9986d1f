import { createSdk } from '@lp/sdk';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Link, RouterProvider, createMemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/AppProviders';
import { publicConfig, readConfig } from '../../config';
import { createShopData } from '../../data/shopData';
import { createErrorReporter } from '../../errors/errorReporter';
import type { CartPageData } from '../../features/cart/cartLoader';
import { Component as CartPage, shouldRevalidate } from '../CartPage';

const line = (id: string) => ({
  itemInternalId: id,
  productUniqueId: 'FKZ-001',
  price: 10,
  description: 'Funschild',
  currency: 'EUR',
  quantity: 1,
  addData: [],
});

/** Answers getCart by the CartGuid header: 'mine' has a line, 'dealer' has one, 'empty' has none. */
const cartReads: string[] = [];
const fakeFetch: typeof fetch = async (input, init) => {
  const url = String(input instanceof Request ? input.url : input);
  const guid = new Headers(init?.headers).get('CartGuid');
  if (url.includes('/api/Cart/getCart') && guid) {
    cartReads.push(guid);
    const items = guid === 'empty' ? [] : [line(`${guid}-1`)];
    const cart = { id: 1, userId: null, cartGuid: guid, deliveryPrice: 0, totalAmount: 10, items };
    return new Response(JSON.stringify(cart), { headers: { 'content-type': 'application/json' } });
  }
  return new Response(JSON.stringify({ status: 404, message: 'not here' }), { status: 404 });
};

/** What the cart route's loader gives in the browser (client navigation): no server snapshot, no catalogue. */
const BROWSER_DATA: CartPageData = { snapshot: null, ask: false, minimums: {}, upsell: [] };

/** The cart page in a data router (it reads loader data), reached by a client navigation from `/`. */
function setup(localGuid: string | null) {
  const sdk = createSdk({ baseUrl: 'http://shop.test', storage: null, fetch: fakeFetch, retries: 0 });
  const config = publicConfig(readConfig({}));
  const data = createShopData(sdk, { UniqueId: 1001, Alias: 'lp-de', Name: 'Kennzeichen-Profi' }, config);
  const router = createMemoryRouter([
    { path: '/', element: <Link to="/cart?cartGuid=dealer">los</Link> },
    { path: '/cart', Component: CartPage, loader: () => BROWSER_DATA, shouldRevalidate },
  ]);
  const view = render(
    <AppProviders value={{ sdk, data, config, reporter: createErrorReporter([]) }}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  if (localGuid) sdk.appState.set({ CartGuid: localGuid });
  fireEvent.click(screen.getByText('los'));
  return { ...view, sdk, router };
}

describe('CartPage widget handoff (?cartGuid=)', () => {
  it('asks before replacing a non-empty cart, and keeps it on "Meinen Warenkorb behalten"', async () => {
    const { sdk } = setup('mine');
    await screen.findByText('Warenkorb vom Händler übernehmen?');
    expect(sdk.appState.get().CartGuid).toBe('mine');
    fireEvent.click(screen.getByRole('button', { name: 'Meinen Warenkorb behalten' }));
    await waitFor(() => expect(screen.queryByText('Warenkorb vom Händler übernehmen?')).toBeNull());
    expect(sdk.appState.get().CartGuid).toBe('mine');
  });

  it('adopts the dealer cart on "Übernehmen"', async () => {
    const { sdk } = setup('mine');
    fireEvent.click(await screen.findByRole('button', { name: 'Übernehmen' }));
    await waitFor(() => expect(sdk.cartStore.getState().cart.cartGuid).toBe('dealer'));
    expect(sdk.appState.get().CartGuid).toBe('dealer');
  });

  it('only drops the parameter when the handed-over cart is already this browser’s (no second read)', async () => {
    cartReads.length = 0;
    const { sdk, router } = setup('dealer');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(sdk.appState.get().CartGuid).toBe('dealer');
    expect(cartReads).toEqual([]);
    expect(screen.queryByText('Warenkorb vom Händler übernehmen?')).toBeNull();
  });

  it('adopts directly when the local cart is empty or absent', async () => {
    for (const local of ['empty', null]) {
      const view = setup(local);
      await waitFor(() => expect(view.sdk.appState.get().CartGuid).toBe('dealer'));
      expect(screen.queryByText('Warenkorb vom Händler übernehmen?')).toBeNull();
      await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
      view.unmount();
    }
  });
});
