import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Link, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { renderWithShop } from '../../../__tests__/renderWithShop';
import { Component as CartPage } from '../CartPage';

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
const fakeFetch: typeof fetch = async (input, init) => {
  const url = String(input instanceof Request ? input.url : input);
  const guid = new Headers(init?.headers).get('CartGuid');
  if (url.includes('/api/Cart/getCart') && guid) {
    const items = guid === 'empty' ? [] : [line(`${guid}-1`)];
    const cart = { id: 1, userId: null, cartGuid: guid, deliveryPrice: 0, totalAmount: 10, items };
    return new Response(JSON.stringify(cart), { headers: { 'content-type': 'application/json' } });
  }
  return new Response(JSON.stringify({ status: 404, message: 'not here' }), { status: 404 });
};

function setup(localGuid: string | null) {
  const view = renderWithShop(
    <Routes>
      <Route path="/" element={<Link to="/cart?cartGuid=dealer">los</Link>} />
      <Route path="/cart" element={<CartPage />} />
    </Routes>,
    { fetch: fakeFetch },
  );
  if (localGuid) view.sdk.appState.set({ CartGuid: localGuid });
  fireEvent.click(screen.getByText('los'));
  return view;
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
