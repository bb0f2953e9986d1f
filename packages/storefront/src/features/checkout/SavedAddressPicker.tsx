import type { Address } from '@lp/sdk/contract';
import { useState } from 'react';
import type { CheckoutFormStore } from './checkoutFormStore';
import { addressLabel, addressValues } from './savedAddresses';

/**
 * Session 20: "Adresse aus früheren Bestellungen": one of the logged-in customer's recent addresses (newest first) put
 * into the shipping or billing address, in a chunk only a customer with saved addresses loads. A native select: its
 * keyboard use, its name and the chosen address are the browser's. Choosing fills the fields, nothing else happens.
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
          const address = addresses[Number(event.target.value)];
          setChosen(event.target.value);
          if (!address || event.target.value === '') return;
          const { values } = form.getState();
          form.fill({ ...values, [group]: addressValues(address) });
        }}
      >
        <option value="">Gespeicherte Adressen …</option>
        {addresses.map((address, index) => (
          <option key={addressLabel(address)} value={String(index)}>
            {addressLabel(address)}
          </option>
        ))}
      </select>
    </div>
  );
}
