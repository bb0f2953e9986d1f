import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithShop } from '../../../../__tests__/renderWithShop';
import { announceSignOut } from '../../account/sessionSignal';
import { checkoutDraft } from '../../checkout/checkoutDraft';
import { emptyCheckout } from '../../checkout/checkoutFields';
import { CartAcrossTabs } from '../CartAcrossTabs';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

/** The account's cart with a pair of plates, as getCart answers it. */
const accountCart = {
  id: 7,
  userId: 42,
  cartGuid: '6f1c1a52-5a0e-4c55-9a43-0a7c1b8e2d11',
  deliveryPrice: 0,
  totalAmount: 20,
  items: [
    {
      itemInternalId: 'a',
      productUniqueId: 'KFZ-001-520x110-STD',
      price: 10,
      description: 'Kfz-Kennzeichen',
      currency: 'EUR',
      quantity: 2,
      addData: [
        {
          count: 2,
          info: { Alias: 'kfz', Title: 'Kfz-Kennzeichen', Attributes: { Kennzeichen: 'B-MW 1234' } },
        },
      ],
    },
  ],
};

let unmount: (() => void) | undefined;
afterEach(() => {
  unmount?.();
  sessionStorage.clear();
});

describe('signing out forgets the cart (session 16)', () => {
  it("empties the cart and forgets the cart's and the saved order's guid when this tab signs out", async () => {
    const view = renderWithShop(<CartAcrossTabs />, { fetch: async () => json(accountCart) });
    unmount = view.unmount;
    const { sdk } = view;
    sdk.appState.set({
      CartGuid: accountCart.cartGuid,
      orderHeaderGuid: '0b6f0d0e-8a43-4d3c-9d55-2f6ab3c1e7a0',
    });
    await sdk.cartStore.getState().load();
    expect(sdk.cartStore.getState().count).toBe(2);

    // What both "Abmelden" buttons (account page and menu) announce after the logout.
    announceSignOut();

    await waitFor(() => expect(sdk.appState.get()).toEqual({ CartGuid: null, orderHeaderGuid: null }));
    expect(sdk.cartStore.getState().count).toBe(0);
    expect(sdk.cartStore.getState().cart.items).toBeNull();
  });

  it("forgets this tab's checkout draft when another tab signs out (session 25: the next person's checkout)", async () => {
    const view = renderWithShop(<CartAcrossTabs />, { fetch: async () => json(accountCart) });
    unmount = view.unmount;
    const typed = emptyCheckout();
    typed.email = 'anna@example.de';
    typed.shipping = { ...typed.shipping, name: 'Anna', lastName: 'Auer', street: 'Lindenweg' };
    checkoutDraft.save(typed);

    announceSignOut();

    await waitFor(() => expect(checkoutDraft.load()).toEqual(emptyCheckout()));
    expect(JSON.stringify({ ...sessionStorage })).not.toMatch(/anna|Auer|Lindenweg/i);
  });

  it('forgets the account cart a login left behind when nobody is logged in any more (session 25: browser closed)', async () => {
    // After the restart: the stored guid, the cart answered by it, and no session (me answers 401).
    const fetch = async (input: RequestInfo | URL) =>
      String(input).includes('/api/Account/me')
        ? new Response(JSON.stringify({ code: 'unauthorized', message: 'Nicht angemeldet.' }), {
            status: 401,
            headers: { 'content-type': 'application/json' },
          })
        : json(accountCart);
    const view = renderWithShop(<CartAcrossTabs />, { fetch: fetch as typeof globalThis.fetch });
    unmount = view.unmount;
    const { sdk } = view;
    sdk.appState.set({
      CartGuid: accountCart.cartGuid,
      orderHeaderGuid: '0b6f0d0e-8a43-4d3c-9d55-2f6ab3c1e7a0',
    });
    await sdk.cartStore.getState().load();

    await waitFor(() => expect(sdk.appState.get()).toEqual({ CartGuid: null, orderHeaderGuid: null }));
    expect(sdk.cartStore.getState().count).toBe(0);
  });
});
