import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Link, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { renderWithShop } from '../../../__tests__/renderWithShop';
import { checkoutDraft } from '../../features/checkout/checkoutDraft';
import { emptyCheckout } from '../../features/checkout/checkoutFields';
import { Component as WaitPage } from '../WaitForConfirmationPage';

const paidOrder = (headerGuid: string) => ({
  headerGuid,
  orderNumber: `LP-${headerGuid}`,
  status: 'paid',
  companyId: 1001,
  customerId: null,
  createdAt: '2026-11-21T10:00:00Z',
  cartAmount: 10,
  discountAmount: 0,
  totalAmount: 10,
  orderItems: [],
  shippingOption: { id: 1, name: 'Standardversand', price: 0 },
  coupon: null,
  isCustomDesign: false,
});

/** getOrder answers any guid as a paid order (like a stranger's paid order named in a shared link). */
const fakeFetch: typeof fetch = async (input) => {
  const url = new URL(String(input instanceof Request ? input.url : input));
  const guid = url.searchParams.get('headerGuid') ?? 'unknown';
  return new Response(JSON.stringify(paidOrder(guid)), { headers: { 'content-type': 'application/json' } });
};

/** Stores the shopper's own cart and order first, then arrives back from the provider at `path`. */
function setup(path: string) {
  const view = renderWithShop(
    <Routes>
      <Route path="/" element={<Link to={path}>zurück</Link>} />
      <Route path="/wait-for-confirmation" element={<WaitPage />} />
      <Route path="/thank-you/:guid" element={<p>Danke</p>} />
    </Routes>,
    { fetch: fakeFetch },
  );
  view.sdk.appState.set({ CartGuid: 'mine', orderHeaderGuid: 'my-order' });
  fireEvent.click(screen.getByText('zurück'));
  return view;
}

describe('WaitForConfirmationPage clearing (spec 4)', () => {
  it('keeps the cart when the paid order in the URL is not the stored one', async () => {
    const { sdk } = setup('/wait-for-confirmation?headerGuid=someone-else');
    await screen.findByText('Danke', undefined, { timeout: 3000 });
    expect(sdk.appState.get()).toMatchObject({ CartGuid: 'mine', orderHeaderGuid: 'my-order' });
  });

  it('clears cart and order guid for the stored order', async () => {
    const { sdk } = setup('/wait-for-confirmation?headerGuid=my-order');
    await screen.findByText('Danke', undefined, { timeout: 3000 });
    await waitFor(() => expect(sdk.appState.get().orderHeaderGuid).toBeNull());
    expect(sdk.appState.get().CartGuid).toBeFalsy();
  });

  it("forgets the paid order's checkout draft, so the next guest in this tab finds an empty form (session 25)", async () => {
    const typed = emptyCheckout();
    typed.email = 'anna@example.de';
    typed.shipping = { ...typed.shipping, name: 'Anna', lastName: 'Auer', street: 'Lindenweg' };
    checkoutDraft.save(typed);
    setup('/wait-for-confirmation?headerGuid=my-order');
    await screen.findByText('Danke', undefined, { timeout: 3000 });
    expect(checkoutDraft.load()).toEqual(emptyCheckout());
    sessionStorage.clear();
  });

  it("keeps the draft when the paid order in the URL is someone else's", async () => {
    const typed = emptyCheckout();
    typed.email = 'anna@example.de';
    checkoutDraft.save(typed);
    setup('/wait-for-confirmation?headerGuid=someone-else');
    await screen.findByText('Danke', undefined, { timeout: 3000 });
    expect(checkoutDraft.load().email).toBe('anna@example.de');
    sessionStorage.clear();
  });
});
