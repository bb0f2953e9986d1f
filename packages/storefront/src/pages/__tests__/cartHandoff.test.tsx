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

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const cartOf = (guid: string) => ({
  id: 1,
  userId: null,
  cartGuid: guid,
  deliveryPrice: 0,
  totalAmount: 10,
  items: guid === 'empty' ? [] : [line(`${guid}-1`)],
});

/**
 * Answers getCart by the CartGuid header ('mine' has a line, 'dealer' has one, 'empty' has none) and copyCart by
 * the body's guid ('dealer' is copied to 'copy-of-dealer'; 'gone' names no cart).
 */
const cartReads: string[] = [];
const copied: string[] = [];
const fakeFetch: typeof fetch = async (input, init) => {
  const url = String(input instanceof Request ? input.url : input);
  const guid = new Headers(init?.headers).get('CartGuid');
  if (url.includes('/api/Cart/getCart') && guid) {
    cartReads.push(guid);
    return json(cartOf(guid));
  }
  if (url.includes('/api/Cart/copyCart')) {
    const { cartGuid } = JSON.parse(String(init?.body)) as { cartGuid: string };
    copied.push(cartGuid);
    if (cartGuid === 'gone')
      return json({ status: 400, code: 'cart-not-found', message: 'Unknown cart.' }, 400);
    return json(cartOf(`copy-of-${cartGuid}`));
  }
  return json({ status: 404, message: 'not here' }, 404);
};

/** What the cart route's loader gives in the browser (client navigation): no server snapshot, no catalogue. */
const BROWSER_DATA: CartPageData = { snapshot: null, ask: false, minimums: {}, upsell: [] };

/** The cart page in a data router (it reads loader data), reached by a client navigation from `/`. */
function setup(localGuid: string | null, handedOver = 'dealer') {
  const reports: unknown[] = [];
  const sdk = createSdk({ baseUrl: 'http://shop.test', storage: null, fetch: fakeFetch, retries: 0 });
  const config = publicConfig(readConfig({}));
  const data = createShopData(sdk, { UniqueId: 1001, Alias: 'lp-de', Name: 'Kennzeichen-Profi' }, config);
  const router = createMemoryRouter([
    { path: '/', element: <Link to={`/cart?cartGuid=${handedOver}`}>los</Link> },
    { path: '/cart', Component: CartPage, loader: () => BROWSER_DATA, shouldRevalidate },
  ]);
  const view = render(
    <AppProviders
      value={{ sdk, data, config, reporter: createErrorReporter([(report) => reports.push(report)]) }}
    >
      <RouterProvider router={router} />
    </AppProviders>,
  );
  if (localGuid) sdk.appState.set({ CartGuid: localGuid });
  fireEvent.click(screen.getByText('los'));
  return { ...view, sdk, router, reports };
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

  it('takes over a copy of the dealer cart on "Übernehmen", never the handed-over cart itself', async () => {
    const { sdk } = setup('mine');
    fireEvent.click(await screen.findByRole('button', { name: 'Übernehmen' }));
    await waitFor(() => expect(sdk.cartStore.getState().cart.cartGuid).toBe('copy-of-dealer'));
    expect(sdk.appState.get().CartGuid).toBe('copy-of-dealer');
  });

  it('keeps the shopper’s cart, and reports nothing, when the link names no cart to take over', async () => {
    copied.length = 0;
    const { sdk, router, reports } = setup('empty', 'gone');
    await waitFor(() => expect(copied).toEqual(['gone']));
    await waitFor(() => expect(router.state.location).toMatchObject({ pathname: '/cart', search: '' }));
    expect(sdk.appState.get().CartGuid).toBe('empty');
    expect(reports).toEqual([]);
  });

  it('only drops the parameter when the handed-over cart is already this browser’s (no second read)', async () => {
    cartReads.length = 0;
    const { sdk, router } = setup('dealer');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(sdk.appState.get().CartGuid).toBe('dealer');
    expect(cartReads).toEqual([]);
    expect(screen.queryByText('Warenkorb vom Händler übernehmen?')).toBeNull();
  });

  it('takes over a copy without asking when the local cart is empty or absent', async () => {
    for (const local of ['empty', null]) {
      const view = setup(local);
      await waitFor(() => expect(view.sdk.appState.get().CartGuid).toBe('copy-of-dealer'));
      expect(screen.queryByText('Warenkorb vom Händler übernehmen?')).toBeNull();
      await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
      view.unmount();
    }
  });
});
