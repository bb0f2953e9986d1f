import { INVOICE_FIELDS, billingCompany } from './checkoutFields';
import type { CheckoutFormStore } from './checkoutFormStore';
import { TextField } from './TextField';
import { useCheckoutFormState } from './useCheckoutForm';

/**
 * Session 20: a company buyer's invoice references, shown while the billing address names a company: their own order
 * number or Leitweg-ID (XRechnung BT-10) and their USt-IdNr. (BT-48). Both optional.
 */
export function InvoiceFields({ form }: { form: CheckoutFormStore }) {
  const company = useCheckoutFormState(form, (state) => billingCompany(state.values) !== '');
  if (!company) return null;
  return (
    <fieldset className="invoice-fieldset">
      <legend>Angaben für die Rechnung</legend>
      <div className="form-grid">
        {(['buyerReference', 'buyerVatId'] as const).map((key) => (
          <TextField key={key} form={form} fieldKey={key} spec={INVOICE_FIELDS[key]} />
        ))}
      </div>
    </fieldset>
  );
}
