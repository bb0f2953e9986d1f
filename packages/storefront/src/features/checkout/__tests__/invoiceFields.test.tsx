import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithShop } from '../../../../__tests__/renderWithShop';
import { checkoutOf } from '../../../sdk/checkoutOf';
import { CheckoutForm } from '../CheckoutForm';
import { INVOICE_FIELDS, LEITWEG_ID_INVALID } from '../checkoutFields';

// Session 20: a company buyer gives their own order number or Leitweg-ID and their USt-IdNr. for the invoice; the
// fields appear with a company in the billing address and are checked by the shared rules before anything is sent.
// Session 21: the references go to the SDK's placeOrder (its save: packages/sdk/__tests__/checkoutBuyerReferences).

function renderForm() {
  const view = renderWithShop(
    <CheckoutForm
      paymentTypes={[{ id: 'paypal', name: 'PayPal', brands: [] }]}
      methods={[]}
      leavingToPayment={{ current: false }}
    />,
    { fetch: async () => Promise.reject(new TypeError('offline')) },
  );
  const placeOrder = vi.spyOn(checkoutOf(view.sdk), 'placeOrder');
  placeOrder.mockResolvedValue({ kind: 'payment-running', headerGuid: null });
  return { ...view, placeOrder };
}

const input = (label: string) => screen.getAllByLabelText(new RegExp(`^${label}`))[0] as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });
const reference = () =>
  screen.queryByLabelText(/^Ihre Bestellnummer \/ Leitweg-ID/) as HTMLInputElement | null;
const vatId = () => screen.queryByLabelText(/^USt-IdNr\./) as HTMLInputElement | null;

function fillPerson() {
  type('E-Mail', 'einkauf@musterstadt.de');
  type('Telefon', '030 12345678');
  type('Vorname', 'Petra');
  type('Nachname', 'Händler');
  type('Straße', 'Rathausplatz');
  type('Hausnummer', '1');
  type('PLZ', '10115');
  type('Ort', 'Berlin');
  fireEvent.click(screen.getByRole('checkbox', { name: /AGB/ }));
}
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Zahlungspflichtig bestellen' }));

afterEach(() => {
  sessionStorage.clear();
});

describe('the company fields of the checkout', () => {
  it('appear only while the billing address names a company', () => {
    renderForm();
    expect(reference()).toBeNull();
    expect(vatId()).toBeNull();
    type('Firma', 'Stadt Musterstadt, Fuhrpark');
    expect(reference()).not.toBeNull();
    expect(vatId()).not.toBeNull();
    expect(screen.getByRole('group', { name: 'Angaben für die Rechnung' })).toBeTruthy();
    // A billing address of its own without a company: not asked.
    fireEvent.click(screen.getByRole('checkbox', { name: 'Rechnungsadresse entspricht der Lieferadresse' }));
    expect(vatId()).toBeNull();
  });

  it('send a Leitweg-ID and the USt-IdNr. as the invoice writes it', async () => {
    const { placeOrder } = renderForm();
    fillPerson();
    type('Firma', 'Stadt Musterstadt, Fuhrpark');
    fireEvent.change(reference()!, { target: { value: ' 04011000-1234512345-06 ' } });
    fireEvent.change(vatId()!, { target: { value: 'de 136 695 976' } });
    fireEvent.blur(vatId()!);
    expect(vatId()!.value).toBe('DE136695976');
    submit();
    await waitFor(() => expect(placeOrder).toHaveBeenCalledTimes(1));
    expect(placeOrder.mock.calls[0]![0]).toMatchObject({
      email: 'einkauf@musterstadt.de',
      paymentMethod: 'paypal',
      buyerReference: '04011000-1234512345-06',
      buyerVatId: 'DE136695976',
    });
  });

  it('refuse a Leitweg-ID with wrong check digits and a wrong USt-IdNr. in German, sending nothing', async () => {
    const { placeOrder } = renderForm();
    fillPerson();
    type('Firma', 'Stadt Musterstadt, Fuhrpark');
    fireEvent.change(reference()!, { target: { value: '04011000-1234512345-07' } });
    fireEvent.change(vatId()!, { target: { value: 'DE136695977' } });
    submit();
    await screen.findByText(LEITWEG_ID_INVALID);
    expect(screen.getByText(INVOICE_FIELDS.buyerVatId.message)).toBeTruthy();
    expect(document.activeElement).toBe(reference());
    expect(reference()!.getAttribute('aria-invalid')).toBe('true');
    expect(placeOrder).not.toHaveBeenCalled();
  });

  it('send no references once the company is removed', async () => {
    const { placeOrder } = renderForm();
    fillPerson();
    type('Firma', 'Autohaus Händler GmbH');
    fireEvent.change(reference()!, { target: { value: 'PO 4711' } });
    fireEvent.change(vatId()!, { target: { value: 'DE1' } });
    type('Firma', '');
    submit();
    await waitFor(() => expect(placeOrder).toHaveBeenCalledTimes(1));
    expect(placeOrder.mock.calls[0]![0]).not.toHaveProperty('buyerReference');
    expect(placeOrder.mock.calls[0]![0]).not.toHaveProperty('buyerVatId');
  });
});
