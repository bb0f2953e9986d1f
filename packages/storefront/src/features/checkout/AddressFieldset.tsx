import { ADDRESS_FIELDS, ADDRESS_ORDER } from './checkoutFields';
import type { CheckoutFormStore } from './checkoutFormStore';
import { TextField } from './TextField';

/** Shipping or billing address (spec 5 rules per field; Germany only). */
export function AddressFieldset({
  form,
  group,
  legend,
}: {
  form: CheckoutFormStore;
  group: 'shipping' | 'billing';
  legend: string;
}) {
  return (
    <fieldset className="address-fieldset">
      <legend>{legend}</legend>
      <div className="form-grid">
        {ADDRESS_ORDER.map((field) => (
          <TextField
            key={field}
            form={form}
            fieldKey={`${group}.${field}`}
            spec={ADDRESS_FIELDS[field]}
            autoCompletePrefix={group}
          />
        ))}
      </div>
      <p className="form-note">Land: Deutschland</p>
    </fieldset>
  );
}
