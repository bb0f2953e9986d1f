import { Type } from '@sinclair/typebox';
import { ATTR } from '../constants';
import { AttributesSchema, Euro, Guid, Nullable, Text } from './primitives';

/** One configuration entry of a cart line as the API answers it (spec 3 `addData`). */
export const AddDataEntrySchema = Type.Object({
  count: Type.Integer(),
  info: Type.Object({ Alias: Type.String(), Title: Type.String(), Attributes: AttributesSchema }),
});

export const CartItemSchema = Type.Object({
  itemInternalId: Type.String(),
  productUniqueId: Type.String(),
  /** Unit price in euro, from the catalogue. */
  price: Euro,
  description: Type.String(),
  currency: Type.Literal('EUR'),
  quantity: Type.Integer(),
  addData: Type.Array(AddDataEntrySchema),
});

export const CartSchema = Type.Object({
  id: Type.Integer(),
  userId: Nullable(Type.Integer()),
  cartGuid: Nullable(Type.String()),
  /** Shipping cost for the current goods total, euro. */
  deliveryPrice: Euro,
  /** Goods total (sum of price x quantity), euro, two decimals. */
  totalAmount: Euro,
  items: Nullable(Type.Array(CartItemSchema)),
});

/**
 * Configuration attributes sent by a client: bounded names and values; the design document may be larger (editor
 * JSON). Line breaks are allowed in values: a parking sign has two lines of text.
 */
export const AttributesInputSchema = Type.Unsafe<Record<string, string>>(
  Type.Object(
    { [ATTR.designDocument]: Type.Optional(Text(200_000)) },
    {
      maxProperties: 40,
      propertyNames: { maxLength: 100, pattern: '^[^\\u0000-\\u001F\\u007F\\uD800-\\uDFFF]+$' },
      additionalProperties: Type.String({
        maxLength: 2_000,
        pattern: '^[^\\u0000-\\u0009\\u000B-\\u001F\\u007F\\uD800-\\uDFFF]*$',
      }),
    },
  ),
);

export const QuantitySchema = Type.Integer({ minimum: -1_000_000, maximum: 1_000_000 });

/**
 * POST /api/Cart/addCartItem. Prices are never sent: the server looks them up (DESIGN 2). Extra fields (a
 * client-sent price, say) are accepted and ignored. Exactly one configuration entry; its `count` must equal
 * `quantity`.
 */
export const AddCartItemBodySchema = Type.Object(
  {
    productUniqueId: Text(100, 1),
    quantity: QuantitySchema,
    addData: Type.Array(
      Type.Object(
        {
          count: QuantitySchema,
          info: Type.Object(
            {
              Alias: Type.Optional(Text(200)),
              Title: Type.Optional(Text(500)),
              Attributes: AttributesInputSchema,
            },
            { additionalProperties: true },
          ),
        },
        { additionalProperties: true },
      ),
      { minItems: 1, maxItems: 10 },
    ),
  },
  { additionalProperties: true },
);

export const UpdateCartItemBodySchema = Type.Object(
  { itemInternalId: Guid, quantity: QuantitySchema },
  { additionalProperties: false },
);

export const RemoveCartItemBodySchema = Type.Object(
  { itemInternalId: Guid },
  { additionalProperties: false },
);

/** A postal address: POST /api/Cart/addShippingAddress and addBillingAddress, and the addresses of an order. */
export const AddressSchema = Type.Object(
  {
    name: Text(100, 1),
    lastName: Text(100, 1),
    company: Type.Optional(Text(200)),
    street: Text(200, 1),
    houseNumber: Text(20, 1),
    zipCode: Text(10, 1),
    city: Text(100, 1),
    /** ISO 3166-1 alpha-2; the shop ships to DE. */
    country: Text(2, 2),
  },
  { additionalProperties: false },
);

/** `{ url }` of an uploaded design image (POST /api/Cart/addCartItemImage). */
export const UploadedImageSchema = Type.Object({ url: Type.String() });
