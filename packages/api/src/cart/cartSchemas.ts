import { ATTR } from '@lp/sdk/contract';
import { guidSchema, objectSchema, text } from '../http/schemas';

/** Configuration attributes: bounded names and values; the design document may be larger (editor JSON). */
export const attributesSchema = {
  type: 'object',
  maxProperties: 40,
  propertyNames: { maxLength: 100, pattern: '^[^\\u0000-\\u001F\\u007F]+$' },
  properties: { [ATTR.designDocument]: text(200_000) },
  // Line breaks are allowed: a parking sign has two lines of text.
  additionalProperties: {
    type: 'string',
    maxLength: 2_000,
    pattern: '^[^\\u0000-\\u0009\\u000B-\\u001F\\u007F]*$',
  },
} as const;

export const quantitySchema = { type: 'integer', minimum: -1_000_000, maximum: 1_000_000 } as const;

/** Extra fields (a client-sent price, say) are accepted and ignored: prices are the server's (DESIGN 2). */
export const addCartItemSchema = {
  type: 'object',
  additionalProperties: true,
  required: ['productUniqueId', 'quantity', 'addData'],
  properties: {
    productUniqueId: text(100, 1),
    quantity: quantitySchema,
    addData: {
      type: 'array',
      minItems: 1,
      maxItems: 10,
      items: {
        type: 'object',
        additionalProperties: true,
        required: ['count', 'info'],
        properties: {
          count: quantitySchema,
          info: {
            type: 'object',
            properties: { Alias: text(200), Title: text(500), Attributes: attributesSchema },
            required: ['Attributes'],
            additionalProperties: true,
          },
        },
      },
    },
  },
} as const;

export const updateCartItemSchema = objectSchema({ itemInternalId: guidSchema, quantity: quantitySchema }, [
  'itemInternalId',
  'quantity',
]);

export const removeCartItemSchema = objectSchema({ itemInternalId: guidSchema }, ['itemInternalId']);

export const addressSchema = objectSchema(
  {
    name: text(100, 1),
    lastName: text(100, 1),
    company: text(200),
    street: text(200, 1),
    houseNumber: text(20, 1),
    zipCode: text(10, 1),
    city: text(100, 1),
    country: text(2, 2),
  },
  ['name', 'lastName', 'street', 'houseNumber', 'zipCode', 'city', 'country'],
);
