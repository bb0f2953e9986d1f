import type { Order } from '@lp/sdk/contract';
import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithShop } from '../../../../__tests__/renderWithShop';
import { OrderDetails } from '../OrderDetails';

const address = {
  name: 'Lena',
  lastName: 'Krüger',
  street: 'Packstation',
  houseNumber: '123',
  zipCode: '50667',
  city: 'Köln',
  country: 'DE',
};

const order = (patch: Partial<Order>) =>
  ({
    orderItems: [],
    cartAmount: 4.9,
    discountAmount: 0,
    coupon: null,
    shippingOption: { price: 4.9, name: 'Standard' },
    totalAmount: 9.8,
    paymentMethod: 'paypal',
    billingPerson: { email: 'lena@example.de', phone: '+49 3012345678', name: 'Lena', lastName: 'Krüger' },
    shippingAddress: address,
    billingAddress: address,
    ...patch,
  }) as unknown as Order;

// The thank-you page's order (session 17): the address addition is printed above the street, as on the label.
describe('<OrderDetails> addresses', () => {
  it('prints the address addition (a Packstation Postnummer, a c/o) above the street', async () => {
    renderWithShop(
      <OrderDetails
        order={order({
          shippingAddress: { ...address, street2: 'Postnummer 12345678' },
          billingAddress: {
            ...address,
            street: 'Hauptstraße',
            houseNumber: '1',
            street2: 'c/o Familie Weber',
          },
        })}
      />,
    );
    // The addresses hydrate from their own chunk (deferredOrderBuyer.tsx, session 26).
    await waitFor(() => expect(document.querySelectorAll('address')).toHaveLength(2));
    const texts = [...document.querySelectorAll('address')].map((node) => node.innerHTML);
    expect(texts[0]).toBe(
      'Lena Krüger<br>Postnummer 12345678<br>Packstation 123<br>50667 Köln<br>Deutschland',
    );
    expect(texts[1]).toBe('Lena Krüger<br>c/o Familie Weber<br>Hauptstraße 1<br>50667 Köln<br>Deutschland');
  });

  it('prints no empty line without one', async () => {
    renderWithShop(<OrderDetails order={order({ shippingAddress: { ...address, street2: '' } })} />);
    await waitFor(() => expect(document.querySelector('address')).not.toBeNull());
    expect(document.querySelector('address')!.innerHTML).toBe(
      'Lena Krüger<br>Packstation 123<br>50667 Köln<br>Deutschland',
    );
  });
});
