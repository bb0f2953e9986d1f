// Session 22, health (split from CheckoutForm.test.tsx): what the checkout form shows before the order button
// (§ 312j BGB) and how it treats a cart that changed under it.
import { LpError } from '@lp/sdk';
import type { Cart } from '@lp/sdk/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ORDER_FAILED, PRICE_CHANGED } from '../usePlaceOrder';
import { fillAndSubmit, renderForm } from './renderForm';

afterEach(() => sessionStorage.clear());

describe('<CheckoutForm> before the order button (§ 312j BGB)', () => {
  const plain = (text: string | null | undefined) =>
    (text ?? '')
      .replace(/\u00a0/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
  const cart = {
    id: 1,
    userId: null,
    cartGuid: 'c0ffee00-0000-4000-8000-000000000001',
    deliveryPrice: 4.9,
    totalAmount: 46.44,
    items: [
      {
        itemInternalId: 'line-1',
        productUniqueId: 'KFZ-001',
        price: 12.9,
        description: 'Kfz-Kennzeichen',
        currency: 'EUR',
        quantity: 4,
        discountPercent: 10,
        discountAmount: 5.16,
        lineTotal: 46.44,
        addData: [
          {
            count: 4,
            info: {
              Alias: 'kfz-kennzeichen',
              Title: 'Kfz-Kennzeichen',
              Attributes: {
                Kennzeichen: 'M-XY 42',
                'Kennzeichen-Art': 'Standard',
                Kennzeichengröße: '520x110',
              },
            },
          },
        ],
      },
    ],
  } as unknown as Cart;

  it('names the lines whose product the shop stopped selling, and reports no fault', async () => {
    const view = renderForm();
    act(() => view.sdk.cartStore.setState({ cart }));
    view.placeOrder.mockRejectedValue(
      new LpError('http', 'An unexpected server error occurred.', {
        status: 404,
        body: {
          status: 404,
          code: 'product-not-found',
          message: 'A product in the cart is no longer offered; remove it from the cart and order again.',
          errors: [{ field: 'itemInternalId', message: 'line-1' }],
        },
      }),
    );
    fillAndSubmit();
    await screen.findByText(
      'Nicht mehr erhältlich: „Kfz-Kennzeichen“. Bitte entfernen Sie diesen Artikel im Warenkorb und bestellen Sie dann erneut.',
    );
    expect(screen.queryByText(ORDER_FAILED)).toBeNull();
    expect(view.reports.filter((report) => report.component === 'CheckoutPage')).toEqual([]);
  });

  it('sends the total the review shows; a changed price re-reads the cart and says so, focused, with no fault report', async () => {
    const view = renderForm();
    act(() =>
      view.sdk.cartStore.setState({
        cart,
        priceSummary: { cartAmount: 46.44, shippingAmount: 4.9, total: 51.34 },
      }),
    );
    const load = vi.spyOn(view.sdk.cartStore.getState(), 'load').mockResolvedValue(cart);
    view.placeOrder.mockRejectedValue(
      new LpError('http', 'An unexpected server error occurred.', {
        status: 409,
        body: {
          status: 409,
          code: 'price-changed',
          message: 'The total changed since it was shown.',
          errors: [{ field: 'expectedTotal', message: '56.34' }],
        },
      }),
    );
    fillAndSubmit();
    await waitFor(() => expect(view.placeOrder).toHaveBeenCalledTimes(1));
    expect(view.placeOrder.mock.calls[0]![0]).toMatchObject({ expectedTotal: 51.34 });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(PRICE_CHANGED);
    expect(PRICE_CHANGED).toBe(
      'Preise oder Versandkosten haben sich geändert. Bitte prüfen Sie die Bestellübersicht und bestellen Sie erneut.',
    );
    await waitFor(() => expect(document.activeElement).toBe(alert));
    expect(load).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Zahlungspflichtig bestellen' }).hasAttribute('disabled')).toBe(
      false,
    );
    expect(screen.queryByText(ORDER_FAILED)).toBeNull();
    expect(view.reports.filter((report) => report.component === 'CheckoutPage')).toEqual([]);
  });

  it('shows what is bought, the total with VAT and shipping, what the click does and the privacy notice', () => {
    const view = renderForm();
    act(() =>
      view.sdk.cartStore.setState({
        cart,
        priceSummary: { cartAmount: 46.44, shippingAmount: 4.9, total: 51.34 },
      }),
    );
    const review = screen.getByRole('region', { name: 'Bestellübersicht' });
    expect(plain(within(review).getByRole('listitem').textContent)).toBe(
      '4 × Kfz-Kennzeichen (Kennzeichen: M-XY 42, Art: Standard, Größe: 520 × 110 mm): 46,44 €',
    );
    expect(plain(within(review).getByTestId('review-total').textContent)).toBe('Gesamtsumme: 51,34 €');
    expect(plain(review.textContent)).toContain(
      'inkl. MwSt. und 4,90 € Versand innerhalb Deutschlands (Zahlung und Versand)',
    );
    expect(plain(review.textContent)).toContain(
      'Mit Klick auf „Zahlungspflichtig bestellen“ geben Sie eine verbindliche Bestellung ab und werden zur Zahlung mit PayPal weitergeleitet.',
    );
    expect(within(review).getByRole('link', { name: 'Datenschutzerklärung' }).getAttribute('href')).toBe(
      '/datenschutz',
    );
    expect(within(review).getByRole('link', { name: 'Zahlung und Versand' }).getAttribute('href')).toBe(
      '/zahlung-und-versand',
    );
    // Right before the button: the review and the terms come after every field, the button after them.
    const button = screen.getByRole('button', { name: 'Zahlungspflichtig bestellen' });
    const terms = screen.getByRole('checkbox', { name: /AGB/ });
    const position = (a: Node, b: Node) => a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING;
    expect(position(screen.getAllByLabelText(/^Ort/)[0]!, review)).toBeTruthy();
    expect(position(review, terms)).toBeTruthy();
    expect(position(terms, button)).toBeTruthy();
    expect(
      within(screen.getByRole('form', { name: 'Bestellformular' })).getByRole('link', { name: 'AGB' }),
    ).toBeTruthy();
    // No delivery time stated by the shop: no line (none made up here).
    expect(within(review).queryByTestId('review-delivery')).toBeNull();
  });

  it('states the delivery time of the shipping method the cart charges (Art. 246a § 1 (1) Nr. 7 EGBGB)', () => {
    const rates = [{ rate: 4.9, minOrderAmount: 0 }];
    const view = renderForm(undefined, [
      { id: 1, name: 'DHL Standard', shippingRates: rates, deliveryTime: '1–3 Werktage' },
      { id: 2, name: 'DHL Express', shippingRates: rates, deliveryTime: '1 Werktag' },
    ]);
    act(() =>
      view.sdk.cartStore.setState({
        cart,
        priceSummary: { cartAmount: 46.44, shippingAmount: 4.9, total: 51.34 },
        shippingMethod: { methodId: 2, name: 'DHL Express', shippingCost: 4.9 },
      }),
    );
    const review = screen.getByRole('region', { name: 'Bestellübersicht' });
    expect(plain(review.textContent)).toContain('4,90 € Versand mit DHL Express innerhalb Deutschlands');
    expect(within(review).getByTestId('review-delivery').textContent).toBe('Lieferzeit: 1 Werktag');
  });
});
