import {
  ADDRESS_FIELDS,
  ADDRESS_ORDER,
  type AddressField,
  type AddressValues,
  type FieldKey,
} from './checkoutFields';
import { TextField } from './TextField';

/** Shipping or billing address (spec 5 rules per field; Germany only). */
export function AddressFieldset({
  group,
  legend,
  values,
  errors,
  onChange,
  onBlur,
}: {
  group: 'shipping' | 'billing';
  legend: string;
  values: AddressValues;
  errors: Partial<Record<FieldKey, string>>;
  onChange(field: AddressField, value: string): void;
  onBlur(key: FieldKey): void;
}) {
  return (
    <fieldset className="address-fieldset">
      <legend>{legend}</legend>
      <div className="form-grid">
        {ADDRESS_ORDER.map((field) => {
          const key = `${group}.${field}` as FieldKey;
          return (
            <TextField
              key={field}
              id={`${group}-${field}`}
              name={`${group}-${field}`}
              spec={ADDRESS_FIELDS[field]}
              autoCompletePrefix={group}
              value={values[field]}
              error={errors[key]}
              onChange={(value) => onChange(field, value)}
              onBlur={() => onBlur(key)}
            />
          );
        })}
      </div>
      <p className="form-note">Land: Deutschland</p>
    </fieldset>
  );
}
