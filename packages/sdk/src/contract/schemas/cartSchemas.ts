import { Type } from '@sinclair/typebox';
import { ATTR } from '../constants';
import { DealerIdSchema } from './dealerIdSchema';
import { MULTI_LINE_PATTERN, SINGLE_LINE_PATTERN } from '../../validation/plainText';
import { AttributesSchema, Euro, Guid, NO_CONTROL, Nullable, StringEnum, Text } from './primitives';

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
  /**
   * Issue 13: the quantity discount (contract/quantityDiscount.ts). The tier is chosen by the pieces of this
   * product in the whole cart. 0 and null without one. The reference API always sends these four.
   */
  discountPercent: Type.Optional(Type.Number()),
  discountLabel: Type.Optional(Nullable(Type.String())),
  /** The line's discount, euro (unit discount x quantity). */
  discountAmount: Type.Optional(Euro),
  /** What the line costs: quantity x the discounted unit price, euro. */
  lineTotal: Type.Optional(Euro),
  /**
   * `true` when the shop no longer sells what the line holds (product removed or hidden, or its configuration no
   * longer offered); absent otherwise. Such a line keeps its last price and cannot be ordered: `saveOrder` answers
   * 404 `product-not-found` naming it until it is removed.
   */
  unavailable: Type.Optional(Type.Literal(true)),
});

/**
 * Issue 13: the coupon stored on the cart (POST /api/Cart/applyCoupon). `discountAmount` is what it takes off the
 * goods total now; `problem` says why it takes nothing (minimum order not reached, expired), else null.
 */
export const CartCouponSchema = Type.Object({
  code: Type.String(),
  kind: StringEnum(['percent', 'fixed']),
  /** Percent (0-100) or euro amount. */
  value: Type.Number(),
  minOrderAmount: Euro,
  discountAmount: Euro,
  problem: Type.Unsafe<'coupon-minimum-not-reached' | 'coupon-expired' | null>({
    type: ['string', 'null'],
    enum: ['coupon-minimum-not-reached', 'coupon-expired', null],
  }),
});

/** POST /api/Cart/applyCoupon. */
export const ApplyCartCouponBodySchema = Type.Object({ code: Text(100, 1) }, { additionalProperties: false });

export const CartSchema = Type.Object({
  id: Type.Integer(),
  userId: Nullable(Type.Integer()),
  cartGuid: Nullable(Type.String()),
  /** Shipping cost for the current goods total, euro. */
  deliveryPrice: Euro,
  /** Goods total after quantity discounts (sum of the lines' `lineTotal`), euro, two decimals. */
  totalAmount: Euro,
  items: Nullable(Type.Array(CartItemSchema)),
  /** Issue 13: the quantity discounts inside `totalAmount` (sum of the lines' `discountAmount`), euro. */
  quantityDiscountAmount: Type.Optional(Euro),
  /** Issue 13: the cart's coupon, or null. It comes off `totalAmount`; shipping is priced on `totalAmount`. */
  coupon: Type.Optional(Nullable(CartCouponSchema)),
});

/**
 * Configuration attributes sent by a client: bounded names and values; the design document may be larger (editor
 * JSON). Line breaks (`\n`) are allowed in values: a parking sign has two lines of text; U+2028/U+2029 are not (one
 * form of line break for the label and the CSV) nor bidi controls (session 22, `MULTI_LINE_PATTERN`). The design
 * document keeps NO_CONTROL: it is the editor's JSON, whose texts the design shows as drawn.
 */
export const AttributesInputSchema = Type.Unsafe<Record<string, string>>(
  Type.Object(
    { [ATTR.designDocument]: Type.Optional(Type.String({ maxLength: 200_000, pattern: NO_CONTROL })) },
    {
      maxProperties: 40,
      propertyNames: { minLength: 1, maxLength: 100, pattern: SINGLE_LINE_PATTERN },
      additionalProperties: Type.String({ maxLength: 2_000, pattern: MULTI_LINE_PATTERN }),
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
    /** Issue 12: the dealer whose page the add comes from; the cart (and its order) keeps the first one. */
    dealer: Type.Optional(DealerIdSchema),
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

/** POST /api/Cart/copyCart: the cart to copy (a dealer's handoff link), named in the body, not by CartGuid. */
export const CopyCartBodySchema = Type.Object({ cartGuid: Guid }, { additionalProperties: false });

/** A postal address: POST /api/Cart/addShippingAddress and addBillingAddress, and saveOrder's addresses. */
export const AddressSchema = Type.Object(
  {
    name: Text(100, 1),
    lastName: Text(100, 1),
    company: Type.Optional(Text(200)),
    street: Text(200, 1),
    houseNumber: Text(20, 1),
    /**
     * The address addition ("Adresszusatz", address line 2): "c/o Familie Weber", "3. OG", "Abteilung Einkauf" or
     * the DHL Postnummer of a Packstation or Postfiliale (street "Packstation", house number = its number). Optional;
     * blank means none. Rule: `isValidAddressAddition` of `@lp/sdk/validation` (letters, digits, spaces and
     * . , - / ( ) & ' ’ :, at most 60 characters); the schema's limit is looser so that the rule's message answers.
     */
    street2: Type.Optional(Text(200)),
    zipCode: Text(10, 1),
    city: Text(100, 1),
    /** ISO 3166-1 alpha-2; the shop ships to DE. */
    country: Text(2, 2),
  },
  { additionalProperties: false },
);

/** `{ url }` of an uploaded design image (POST /api/Cart/addCartItemImage). */
export const UploadedImageSchema = Type.Object({ url: Type.String() });
