import type { AddCartItemBody, Address, BillingPerson, Product, Sdk } from '@lp/sdk';

/** Funschild FKZ-001 (14,90 €, free text) from the demo catalogue. */
export const FUNSCHILD = 'FKZ-001';

/** An add body whose one addData entry counts `quantity` and carries the configuration (shared decision). */
export function funschild(quantity = 1, text = 'LP SHOP'): AddCartItemBody {
  return {
    productUniqueId: FUNSCHILD,
    quantity,
    addData: [
      {
        count: quantity,
        info: {
          Alias: 'funschild',
          Title: 'Funschild',
          Attributes: {
            Kennzeichen: text,
            'Kennzeichen-Art': 'Standard',
            Kennzeichengröße: '520x110',
            Schriftfarbe: 'Schwarz',
          },
        },
      },
    ],
  };
}

/** A cart line body for any catalogue product without plate text. */
export function plainLine(product: Product, quantity = 1): AddCartItemBody {
  return {
    productUniqueId: product.UniqueId,
    quantity,
    addData: [{ count: quantity, info: { Alias: product.Alias, Title: product.Title, Attributes: {} } }],
  };
}

export const address: Address = {
  name: 'Jürgen',
  lastName: 'Müller-Lüdenscheidt',
  street: 'Hauptstraße',
  houseNumber: '12a',
  zipCode: '10115',
  city: 'Berlin',
  country: 'DE',
};

export const billingPerson: BillingPerson = {
  email: 'juergen.mueller@example.de',
  phone: '+49 3012345678',
  name: 'Jürgen',
  lastName: 'Müller-Lüdenscheidt',
};

/** Company id of lp-de through the SDK's cached start-up call. */
export const companyId = async (sdk: Sdk) => (await sdk.getCompany()).UniqueId;
