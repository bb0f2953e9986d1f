import { LpError } from '@lp/sdk';
import type { Cart, CartItem } from '@lp/sdk/contract';
import { MAX_CART_LINES } from '@lp/sdk/contract';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithShop } from '../../../../__tests__/renderWithShop';
import { Toasts } from '../../../chrome/Toasts';
import { toastStore } from '../../../chrome/toastStore';
import { CART_ERROR_TEXT } from '../../product/cartErrorText';
import { CartContents } from '../CartContents';

// Session 26 (fleet): a fleet manager fills the cart with a van fleet's plates. At the cart's line limit the cart
// page says so and what to do, and a refused add says the cart is full instead of asking her to report a fault.

const line = (i: number): CartItem => ({
  itemInternalId: `line-${i}`,
  productUniqueId: 'KFZ-001-520x110-STD',
  price: 12.9,
  description: 'Kfz-Kennzeichen 520 × 110 mm, Standard',
  currency: 'EUR',
  quantity: 1,
  addData: [
    {
      count: 1,
      info: { Alias: 'kfz-kennzeichen', Title: 'Kfz-Kennzeichen', Attributes: { Kennzeichen: `M-FL ${i}` } },
    },
  ],
});

function renderCart(lines: number, fetch?: typeof globalThis.fetch) {
  const cart: Cart = {
    id: 1,
    userId: null,
    cartGuid: '0b6f3c1e-1d2a-4c3b-9e8f-112233445566',
    deliveryPrice: 0,
    totalAmount: lines * 12.9,
    items: Array.from({ length: lines }, (_, i) => line(i)),
  };
  const shown = {
    cart,
    priceSummary: { cartAmount: cart.totalAmount, shippingAmount: 0, total: cart.totalAmount },
    freeShippingFrom: 0,
    live: true,
  };
  renderWithShop(
    <CartContents shown={shown} minimumOf={() => 1} onRemoved={() => {}} onStatus={() => {}} />,
    {
      fetch,
    },
  );
}

const fullText = new RegExp(
  `Ihr Warenkorb ist voll: Er fasst höchstens ${MAX_CART_LINES} verschiedene Positionen`,
);

describe('a cart at its line limit', () => {
  afterEach(() =>
    act(() => {
      for (const toast of toastStore.getState().toasts) toastStore.getState().dismiss(toast.id);
    }),
  );

  it(`says at ${MAX_CART_LINES} lines that the cart is full, how to go on and that a pair is one line`, () => {
    renderCart(MAX_CART_LINES);
    const notice = screen.getByText(fullText);
    expect(notice.textContent).toContain('Bitte bestellen Sie diese zuerst');
    expect(notice.textContent).toContain('Zwei gleiche Kennzeichen sind eine Position mit der Menge 2.');
  });

  it('says nothing of the kind one line below the limit', () => {
    renderCart(MAX_CART_LINES - 1);
    expect(screen.queryByText(fullText)).toBeNull();
  });

  it('a refused add says the cart is full, and too many changes say to wait, not to report a fault', () => {
    renderWithShop(<Toasts />);
    const refusal = (code: string, status: number) =>
      new LpError('http', 'An unexpected server error occurred.', {
        status,
        body: { status, code, message: 'x' },
      });
    act(
      () =>
        void toastStore
          .getState()
          .show(CART_ERROR_TEXT, { kind: 'error', cause: refusal('cart-line-limit', 400) }),
    );
    expect(screen.getByRole('alert').textContent).toMatch(fullText);
    act(
      () =>
        void toastStore
          .getState()
          .show(CART_ERROR_TEXT, { kind: 'error', cause: refusal('rate-limited', 429) }),
    );
    expect(
      screen.getByText(/Zu viele Änderungen in kurzer Zeit\. Bitte warten Sie eine Minute/),
    ).toBeTruthy();
    // Any other refusal keeps spec 8's text.
    act(
      () =>
        void toastStore
          .getState()
          .show(CART_ERROR_TEXT, { kind: 'error', cause: refusal('validation', 400) }),
    );
    expect(screen.getByText(CART_ERROR_TEXT)).toBeTruthy();
  });

  // Session 26 (review26c): a removal or quantity change refused for too many changes said "Bitte versuchen Sie es
  // erneut", and a retry at once was refused the same way.
  it('a change refused for too many changes says to wait a minute, another failure to try again', async () => {
    const answer = (status: number, code: string) =>
      (async () =>
        new Response(JSON.stringify({ status, code, message: 'x' }), {
          status,
          headers: { 'content-type': 'application/json', 'retry-after': '60' },
        })) as typeof globalThis.fetch;
    renderCart(2, answer(429, 'rate-limited'));
    act(() => screen.getAllByRole('button', { name: /^Entfernen: / })[0]!.click());
    expect((await screen.findByRole('alert')).textContent).toMatch(
      /^Zu viele Änderungen in kurzer Zeit\. Bitte warten Sie eine Minute/,
    );
  });

  it('any other failed change asks to try again', async () => {
    renderCart(
      2,
      (async () =>
        new Response(JSON.stringify({ status: 500, code: 'internal', message: 'x' }), {
          status: 500,
          headers: { 'content-type': 'application/json' },
        })) as typeof globalThis.fetch,
    );
    act(() => screen.getAllByRole('button', { name: /^Entfernen: / })[0]!.click());
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Die Änderung konnte nicht gespeichert werden. Bitte versuchen Sie es erneut.',
    );
  });
});
