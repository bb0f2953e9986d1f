import type { AddCartItemBody } from '../../src/contract/payloads';
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

/** `quantity` Funschilder "LP SHOP" (14,90 € each in the demo catalogue): an add the real API accepts. */
export const funschild = (quantity = 1): AddCartItemBody => ({
  productUniqueId: 'FKZ-001',
  quantity,
  addData: [
    {
      count: quantity,
      info: {
        Alias: 'funschild',
        Title: 'Funschild',
        Attributes: { Kennzeichen: 'LP SHOP', 'Kennzeichen-Art': 'Standard', Kennzeichengröße: '520x110' },
      },
    },
  ],
});
