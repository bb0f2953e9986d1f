import { LpError } from '@lp/sdk';
import type { CheckoutOutcome } from '@lp/sdk';
import type { Cart, ShippingMethod } from '@lp/sdk/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithShop } from '../../../../__tests__/renderWithShop';
import { apiSink } from '../../../errors/apiSink';
import { checkoutOf } from '../../../sdk/checkoutOf';
import { CheckoutForm } from '../CheckoutForm';
import { ORDER_FAILED, ORDER_REFUSED, PAYMENT_METHOD_REFUSED, PRICE_CHANGED } from '../usePlaceOrder';

// The view over the SDK's checkout (checkoutOf(sdk), made on first use for the shop's SDK): each outcome is
// injected here; the real order flow against the API runs in packages/sdk/__tests__/checkout.test.ts and in the
// browser in e2e/checkout.

const apiError = (status: number, code: string) =>
  new LpError('http', 'An unexpected server error occurred.', {
    status,
    body: { status, code, message: 'English detail' },
  });

function renderForm(
  fetch: typeof globalThis.fetch = async () => Promise.reject(new TypeError('offline')),
  methods: ShippingMethod[] = [],
) {
  const view = renderWithShop(
    <CheckoutForm
      paymentTypes={[{ id: 'paypal', name: 'PayPal', brands: [] }]}
      methods={methods}
      leavingToPayment={{ current: false }}
    />,
    { fetch },
  );
  // The one checkout service of this SDK instance: the form gets the same object.
  const checkout = checkoutOf(view.sdk);
  const placeOrder = vi.spyOn(checkout, 'placeOrder');
  const continuePayment = vi.spyOn(checkout, 'continuePayment');
  return { ...view, placeOrder, continuePayment };
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getAllByLabelText(new RegExp(`^${label}`))[0]!, { target: { value } });

function fillAndSubmit() {
  type('E-Mail', 'erika@example.de');
  type('Telefon', '030 12345678');
  type('Vorname', 'Erika');
  type('Nachname', 'Mustermann');
  type('Straße', 'Hauptstraße');
  type('Hausnummer', '12a');
  type('PLZ', '10115');
  type('Ort', 'Berlin');
  fireEvent.click(screen.getByRole('checkbox', { name: /AGB/ }));
  fireEvent.click(screen.getByRole('button', { name: 'Zahlungspflichtig bestellen' }));
}

afterEach(() => sessionStorage.clear());

describe('<CheckoutForm> over the SDK’s checkout', () => {
  it('sends nothing while fields or the terms are missing, and says so in German', async () => {
    const { placeOrder } = renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Zahlungspflichtig bestellen' }));
    await screen.findByText('Bitte stimmen Sie den AGB zu.');
    await screen.findByText('Bitte geben Sie eine Postleitzahl mit genau 5 Ziffern ein.');
    expect(placeOrder).not.toHaveBeenCalled();
  });

  it('sends a pasted decomposed "ü" as the composed letter the buyer sees', async () => {
    const { placeOrder } = renderForm();
    placeOrder.mockResolvedValue({ kind: 'payment-running', headerGuid: null });
    fillAndSubmit();
    await waitFor(() => expect(placeOrder).toHaveBeenCalledTimes(1));
    placeOrder.mockClear();
    type('Nachname', 'Mu\u0308ller');
    type('Ort', 'Weißenfels');
    type('Straße', 'Mu\u0308hlweg');
    fireEvent.click(screen.getByRole('button', { name: 'Zahlungspflichtig bestellen' }));
    await waitFor(() => expect(placeOrder).toHaveBeenCalledTimes(1));
    expect(placeOrder.mock.calls[0]![0].shipping).toMatchObject({
      lastName: 'Müller',
      street: 'Mühlweg',
      city: 'Weißenfels',
    });
  });

  it('sends the address addition, with its Packstation hint tied to the field', async () => {
    const { placeOrder } = renderForm();
    placeOrder.mockResolvedValue({ kind: 'payment-running', headerGuid: null });
    const field = screen.getAllByLabelText('Adresszusatz (optional)')[0]!;
    expect(field.getAttribute('autocomplete')).toBe('shipping address-line2');
    expect(field.hasAttribute('required')).toBe(false);
    expect(screen.getAllByLabelText(/^Hausnummer/)[0]!.hasAttribute('autocomplete')).toBe(false);
    const hint = document.getElementById(field.getAttribute('aria-describedby')!)!;
    expect(hint.textContent).toContain(
      'Packstation: Straße „Packstation“, Hausnummer = Nummer der Packstation',
    );

    fillAndSubmit();
    await waitFor(() => expect(placeOrder).toHaveBeenCalledTimes(1));
    expect(placeOrder.mock.calls[0]![0].shipping).toMatchObject({ street2: '' });
    placeOrder.mockClear();

    type('Straße', 'Packstation');
    type('Hausnummer', '123');
    fireEvent.click(screen.getByRole('button', { name: 'Zahlungspflichtig bestellen' }));
    const message = await screen.findByText(/braucht DHL Ihre Postnummer/);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toContain(message.id);
    expect(placeOrder).not.toHaveBeenCalled();

    type('Adresszusatz', 'Postnummer 12345678');
    fireEvent.click(screen.getByRole('button', { name: 'Zahlungspflichtig bestellen' }));
    await waitFor(() => expect(placeOrder).toHaveBeenCalledTimes(1));
    expect(placeOrder.mock.calls[0]![0].shipping).toMatchObject({
      street: 'Packstation',
      houseNumber: '123',
      street2: 'Postnummer 12345678',
    });
  });

  it('hands the form to the SDK’s checkout with return URLs on this shop and a +49 phone', async () => {
    const { placeOrder } = renderForm();
    placeOrder.mockResolvedValue({
      kind: 'coupon-rejected',
      code: 'SOMMER5',
      headerGuid: 'g',
      error: apiError(400, 'coupon-minimum-not-reached'),
    });
    fillAndSubmit();
    await waitFor(() => expect(placeOrder).toHaveBeenCalledTimes(1));
    expect(placeOrder.mock.calls[0]![0]).toMatchObject({
      email: 'erika@example.de',
      phone: '+49 3012345678',
      shipping: { name: 'Erika', zipCode: '10115', city: 'Berlin' },
      billing: null,
      paymentMethod: 'paypal',
      returnUrl: `${window.location.origin}/wait-for-confirmation`,
      cancelUrl: `${window.location.origin}/cancel-order`,
    });
    // Issue 13: the coupon is the cart's on the server; the form hands none over.
    expect(placeOrder.mock.calls[0]![0]).not.toHaveProperty('couponCode');
    // coupon-rejected: the German coupon text beside the coupon field, the form usable again.
    await screen.findByText('Der Mindestbestellwert für diesen Gutschein ist noch nicht erreicht.');
    expect(screen.getByRole('button', { name: 'Zahlungspflichtig bestellen' }).hasAttribute('disabled')).toBe(
      false,
    );
  });

  it('shows a running payment and continues it on purpose', async () => {
    const { placeOrder, continuePayment, reports } = renderForm();
    placeOrder.mockResolvedValue({
      kind: 'payment-running',
      headerGuid: 'order-9',
    } satisfies CheckoutOutcome);
    continuePayment.mockRejectedValue(new LpError('network', 'fetch failed'));
    fillAndSubmit();
    await screen.findByText('Für diesen Warenkorb läuft bereits eine Zahlung.');
    screen.getByText(/Ihre neuen Angaben wurden dafür nicht übernommen/);
    fireEvent.click(screen.getByRole('button', { name: 'Zahlung fortsetzen' }));
    await waitFor(() => expect(continuePayment).toHaveBeenCalledTimes(1));
    expect(continuePayment.mock.calls[0]![0]).toMatchObject({
      headerGuid: 'order-9',
      paymentMethod: 'paypal',
    });
    await screen.findByText(ORDER_FAILED);
    expect(reports.filter((report) => report.component === 'CheckoutPage')).toEqual([
      expect.objectContaining({ severity: 'error' }),
    ]);
  });

  it('offers no continue button when this browser does not know the running order', async () => {
    const { placeOrder } = renderForm();
    placeOrder.mockResolvedValue({ kind: 'payment-running', headerGuid: null });
    fillAndSubmit();
    await screen.findByText('Für diesen Warenkorb läuft bereits eine Zahlung.');
    expect(screen.queryByRole('button', { name: 'Zahlung fortsetzen' })).toBeNull();
  });

  it('says what to check when the shop refuses the order, and reports it as a warning', async () => {
    const { placeOrder, reports } = renderForm();
    placeOrder.mockResolvedValue({
      kind: 'invalid',
      errors: [
        { field: 'shippingAddress.zipCode', message: 'invalid' },
        { field: 'paymentMethod', message: 'unknown' },
      ],
    });
    fillAndSubmit();
    await screen.findByText(ORDER_REFUSED);
    // Other parts of the page (offline in this test) report their own failures: find the form's report.
    expect(reports.filter((report) => report.component === 'CheckoutPage')).toEqual([
      expect.objectContaining({
        severity: 'warning',
        message: 'Order refused: shippingAddress.zipCode, paymentMethod',
      }),
    ]);
  });

  it('asks for another payment method when the shop switched the chosen one off after the page loaded', async () => {
    const { placeOrder } = renderForm();
    placeOrder.mockResolvedValue({
      kind: 'invalid',
      errors: [{ field: 'paymentMethod', message: 'The payment method paypal is not offered.' }],
    });
    fillAndSubmit();
    await screen.findByText(PAYMENT_METHOD_REFUSED);
    expect(screen.queryByText(ORDER_REFUSED)).toBeNull();
  });

  it('says the order failed when the API cannot be reached', async () => {
    const { placeOrder, reports } = renderForm();
    placeOrder.mockRejectedValue(new LpError('network', 'fetch failed'));
    fillAndSubmit();
    await screen.findByText(ORDER_FAILED);
    expect(reports.filter((report) => report.component === 'CheckoutPage')).toEqual([
      expect.objectContaining({ severity: 'error' }),
    ]);
    // A new submit hides the old notice first.
    placeOrder.mockReturnValue(new Promise(() => {}));
    fireEvent.click(screen.getByRole('button', { name: 'Zahlungspflichtig bestellen' }));
    await screen.findByText('Bestellung wird übermittelt …');
    expect(screen.queryByText(ORDER_FAILED)).toBeNull();
  });

  it('files an order that failed for a lost connection as a warning in the shop’s error reports, a fault of the shop as an error', async () => {
    // The shop's error store takes the reports (POST /api/ClientErrors); every other call finds no connection.
    const stored: { component: string; severity: string }[] = [];
    const { placeOrder, reporter, sdk } = renderForm((async (
      input: RequestInfo | URL,
      init?: RequestInit,
    ) => {
      if (!String(input).endsWith('/api/ClientErrors')) throw new TypeError('Failed to fetch');
      stored.push(JSON.parse(String(init?.body)));
      return new Response(null, { status: 204 });
    }) as typeof fetch);
    reporter.addSink(apiSink(sdk));
    placeOrder.mockRejectedValueOnce(new LpError('network', 'The network failed.'));
    fillAndSubmit();
    await screen.findByText(ORDER_FAILED);
    placeOrder.mockRejectedValueOnce(apiError(500, 'internal'));
    fireEvent.click(screen.getByRole('button', { name: 'Zahlungspflichtig bestellen' }));
    await waitFor(() =>
      expect(stored.filter((report) => report.component === 'CheckoutPage')).toEqual([
        expect.objectContaining({ severity: 'warning', message: 'The network failed.' }),
        expect.objectContaining({ severity: 'error', message: 'An unexpected server error occurred.' }),
      ]),
    );
  });
});

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
