import type { Address } from '@lp/sdk/contract';
import { useState } from 'react';
import type { CheckoutFormStore } from './checkoutFormStore';
import { addressLabel, addressValues } from './savedAddresses';

/**
 * Session 20: "Adresse aus früheren Bestellungen": one of the logged-in customer's recent addresses (newest first) put
 * into the shipping or billing address, in a chunk only a customer with saved addresses loads. A native select: its
 * keyboard use, its name and the chosen address are the browser's. Choosing fills the fields and says so below the
 * choice (a polite status): the fields change out of sight of a screen reader that stays on the select.
 */
export function SavedAddressPicker({
  form,
  group,
  addresses,
}: {
  form: CheckoutFormStore;
  group: 'shipping' | 'billing';
  addresses: Address[];
}) {
  const [chosen, setChosen] = useState('');
  const id = `${group}-saved`;
  return (
    <div className="form-field saved-addresses">
      <label htmlFor={id}>Adresse aus früheren Bestellungen</label>
      <select
        id={id}
        value={chosen}
        onChange={(event) => {
          setChosen(event.target.value);
          const address = event.target.value === '' ? undefined : addresses[Number(event.target.value)];
          if (!address) return;
          const { values } = form.getState();
          form.fill({ ...values, [group]: addressValues(address) });
        }}
      >
        <option value="">Gespeicherte Adressen …</option>
        {addresses.map((address, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the list is fixed while the form lives, and the position is the option's value: two labels may read alike (the API tells them apart by case).
          <option key={index} value={String(index)}>
            {addressLabel(address)}
          </option>
        ))}
      </select>
      <p className="form-hint" role="status">
        {chosen === '' ? '' : 'Die Adresse wurde in die Felder übernommen.'}
      </p>
    </div>
  );
}
