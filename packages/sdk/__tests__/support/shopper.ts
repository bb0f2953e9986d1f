import type { CheckoutAddress } from '../../src/services/checkoutService';

/** A shopper's delivery address that passes every spec 5 rule (the API's checks included). */
export const SHIPPING: CheckoutAddress = {
  name: 'Erika',
  lastName: 'Mustermann',
  street: 'Hauptstraße',
  houseNumber: '12a',
  zipCode: '10115',
  city: 'Berlin',
};
