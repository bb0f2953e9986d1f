import { LpError } from '@lp/sdk';
import type { CheckoutOutcome } from '@lp/sdk';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { apiSink } from '../../../errors/apiSink';
import { ORDER_FAILED, ORDER_REFUSED, PAYMENT_METHOD_REFUSED } from '../usePlaceOrder';
import { fillAndSubmit, renderForm, type } from './renderForm';

// The view over the SDK's checkout (checkoutOf(sdk), made on first use for the shop's SDK): each outcome is
// injected here; the real order flow against the API runs in packages/sdk/__tests__/checkout.test.ts and in the
// browser in e2e/checkout.

const apiError = (status: number, code: string) =>
  new LpError('http', 'An unexpected server error occurred.', {
    status,
    body: { status, code, message: 'English detail' },
  });

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
