import type { Address } from '@lp/sdk/contract';
import { Suspense, lazy } from 'react';
import { ADDRESS_FIELDS, ADDRESS_ORDER } from './checkoutFields';
import type { CheckoutFormStore } from './checkoutFormStore';
import { TextField } from './TextField';

// Session 20: only a logged-in customer with earlier orders sees (and loads) the choice of a saved address.
const SavedAddressPicker = lazy(() =>
  import('./SavedAddressPicker').then((module) => ({ default: module.SavedAddressPicker })),
);

/**
 * Shipping or billing address (spec 5 rules per field; Germany only), with the logged-in customer's recent addresses
 * to choose from when there are any (`saved`).
 */
export function AddressFieldset({
  form,
  group,
  legend,
  saved = [],
}: {
  form: CheckoutFormStore;
  group: 'shipping' | 'billing';
  legend: string;
  saved?: Address[];
}) {
  return (
    <fieldset className="address-fieldset">
      <legend>{legend}</legend>
      {saved.length > 0 && (
        <Suspense fallback={null}>
          <SavedAddressPicker form={form} group={group} addresses={saved} />
        </Suspense>
      )}
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
