import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { COMPANY_INVISIBLE } from '../checkoutFields';
import { fillAndSubmit, renderForm, type } from './renderForm';

// Session 22, inputrules: the company is the one free text of the address. A name copied with a bidi override or a
// line separator would read differently on the parcel label and the invoice than what was stored; the API refuses
// it (packages/api/__tests__/invisibleControls.test.ts), and the form says so in German on the field first.

afterEach(() => sessionStorage.clear());

const companyField = () => document.getElementById('shipping-company') as HTMLInputElement;

describe('<CheckoutForm>: the company field', () => {
  it.each([
    ['a right-to-left override', 'Autohaus \u202EHbmG rellüM'],
    ['a first strong isolate', '\u2068Müller GmbH\u2069'],
    ['a line separator', 'Müller GmbH\u2028Abteilung Einkauf'],
  ])('with %s: the German message on the field, focused, nothing sent', async (_name, company) => {
    const { placeOrder } = renderForm();
    type('Firma', company);
    fillAndSubmit();
    await screen.findByText(COMPANY_INVISIBLE);
    const field = companyField();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(field.getAttribute('aria-describedby')!)!.textContent).toBe(
      COMPANY_INVISIBLE,
    );
    expect(document.activeElement).toBe(field);
    expect(placeOrder).not.toHaveBeenCalled();

    // Retyped, the order goes out with the name as typed.
    placeOrder.mockResolvedValue({ kind: 'payment-running', headerGuid: null });
    type('Firma', 'Müller GmbH');
    fireEvent.click(screen.getByRole('button', { name: 'Zahlungspflichtig bestellen' }));
    await waitFor(() => expect(placeOrder).toHaveBeenCalledTimes(1));
    expect(placeOrder.mock.calls[0]![0].shipping).toMatchObject({ company: 'Müller GmbH' });
    expect(screen.queryByText(COMPANY_INVISIBLE)).toBeNull();
  });

  it('takes a name in another script, with a joiner or a mark, as typed', async () => {
    const { placeOrder } = renderForm();
    placeOrder.mockResolvedValue({ kind: 'payment-running', headerGuid: null });
    type('Firma', 'شركة الأمل\u200F می‌خواهم');
    fillAndSubmit();
    await waitFor(() => expect(placeOrder).toHaveBeenCalledTimes(1));
    expect(placeOrder.mock.calls[0]![0].shipping).toMatchObject({ company: 'شركة الأمل\u200F می‌خواهم' });
    expect(screen.queryByText(COMPANY_INVISIBLE)).toBeNull();
  });
});
