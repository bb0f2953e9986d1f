// Session 22, health (split from CheckoutForm.test.tsx): the checkout form rendered in a test shop, with spies on
// its SDK's checkout service, and a buyer filling it in and pressing the order button.
import type { ShippingMethod } from '@lp/sdk/contract';
import { fireEvent, screen } from '@testing-library/react';
import { vi } from 'vitest';
import { renderWithShop } from '../../../../__tests__/renderWithShop';
import { checkoutOf } from '../../../sdk/checkoutOf';
import { CheckoutForm } from '../CheckoutForm';

export function renderForm(
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

export const type = (label: string, value: string) =>
  fireEvent.change(screen.getAllByLabelText(new RegExp(`^${label}`))[0]!, { target: { value } });

export function fillAndSubmit() {
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
