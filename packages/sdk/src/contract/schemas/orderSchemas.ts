import { Type } from '@sinclair/typebox';
import { AddressSchema } from './cartSchemas';
import { AttributesSchema, Euro, Guid, Nullable, StringEnum, Text } from './primitives';

export const PAYMENT_METHODS = ['paypal', 'card', 'googlepay', 'applepay'] as const;
export const PaymentMethodIdSchema = StringEnum(PAYMENT_METHODS);

/** Order statuses; spec 4 leaves the values open, DESIGN 2 and docs/reference/http-contract.md fix them. */
export const ORDER_STATUSES = ['saved', 'confirmed', 'paymentPending', 'paid', 'cancelled'] as const;
export const OrderStatusSchema = StringEnum(ORDER_STATUSES);

export const COUPON_KINDS = ['percent', 'fixed'] as const;
export const CouponKindSchema = StringEnum(COUPON_KINDS);

export const BillingPersonSchema = Type.Object(
  {
    email: Text(254, 1),
    /** `+49 ` followed by 9-14 digits (spec 5). */
    phone: Text(30, 1),
    name: Text(100, 1),
    lastName: Text(100, 1),
  },
  { additionalProperties: false },
);

/**
 * Session 27: the buyer and the addresses as an order answer carries them. Its texts may be empty: an order read by
 * its link a day later answers them so (`personalData: 'hidden'`). The save keeps BillingPersonSchema and
 * AddressSchema, which refuse empty texts.
 */
export const OrderBillingPersonSchema = Type.Object(
  { email: Text(254), phone: Text(30), name: Text(100), lastName: Text(100) },
  { additionalProperties: false },
);
export const OrderAddressSchema = Type.Object(
  {
    ...AddressSchema.properties,
    name: Text(100),
    lastName: Text(100),
    street: Text(200),
    houseNumber: Text(20),
    zipCode: Text(10),
    city: Text(100),
  },
  { additionalProperties: false },
);

export const OrderItemSchema = Type.Object({
  itemId: Type.String(),
  itemInternalId: Type.String(),
  businessName: Type.String(),
  price: Euro,
  itemQuantity: Type.Integer(),
  attributes: AttributesSchema,
  /** Issue 13: the quantity discount of the line as ordered (see CartItemSchema); always sent by the reference API. */
  discountPercent: Type.Optional(Type.Number()),
  discountAmount: Type.Optional(Euro),
  lineTotal: Type.Optional(Euro),
});

export const AppliedCouponSchema = Type.Object({
  code: Type.String(),
  kind: CouponKindSchema,
  value: Type.Number(),
  discountAmount: Euro,
});

/** The VAT of one rate on an invoice: the gross amounts at `rate` percent split into net and tax (euro). */
export const OrderTaxSchema = Type.Object({
  /** VAT rate in percent (19). */
  rate: Type.Integer(),
  netAmount: Euro,
  taxAmount: Euro,
});

/**
 * The invoice of a paid order (§ 14 (4) UStG), fixed when it was paid: a later change of the shop's rate leaves it
 * as it was. `taxes` has one entry per rate; net + tax of all entries is the order's `totalAmount`.
 */
export const OrderInvoiceSchema = Type.Object({
  invoiceNumber: Type.String(),
  /** ISO 8601, the moment the order was paid. */
  invoiceDate: Type.String(),
  taxes: Type.Array(OrderTaxSchema),
  /**
   * Session 19: true when the invoice is also an XRechnung (`orderEInvoicePath`): the billing address names a
   * company and the shop has set its seller data; absent otherwise.
   */
  eInvoice: Type.Optional(Type.Boolean()),
});

/**
 * The shipment of a paid order (fulfilment, a dimension of its own beside `status`, which stays 'paid'): when the
 * shop handed it to the carrier, the carrier, the tracking number (null: shipped without one) and the tracking page
 * the reference API builds from carrier and number (null: no number, or a carrier it has no page for).
 */
export const OrderShipmentSchema = Type.Object({
  /** ISO 8601. */
  shippedAt: Type.String(),
  carrier: Type.String(),
  trackingNumber: Nullable(Type.String()),
  trackingUrl: Nullable(Type.String()),
});

/**
 * One parcel of a paid order (session 19: an order may leave in several parcels, e.g. stock items at once and the
 * plates made to order a day later): its number within the order (1, 2, …), when the shop handed it to the carrier,
 * the carrier, the tracking number (null: none) and the tracking page the reference API builds from carrier and
 * number (null: no number, or a carrier it has no page for), and what it holds: `line` counts the order's
 * `orderItems` from 1, `quantity` of that line's `itemQuantity` is in this parcel.
 */
export const OrderParcelSchema = Type.Object({
  parcel: Type.Integer(),
  /** ISO 8601. */
  shippedAt: Type.String(),
  carrier: Type.String(),
  trackingNumber: Nullable(Type.String()),
  trackingUrl: Nullable(Type.String()),
  lines: Type.Array(Type.Object({ line: Type.Integer(), quantity: Type.Integer() })),
});

/**
 * A refund of a paid order with its Rechnungskorrektur (the reference API, migration 031): the correction document's
 * number (its own gap-free series, RK-<year>-<n>), its date (ISO 8601, the day of the refund), the refunded gross
 * and the VAT it contains at the invoice's rate (euro).
 */
export const OrderRefundSchema = Type.Object({
  number: Type.String(),
  date: Type.String(),
  amount: Euro,
  vat: Euro,
  /**
   * Session 24: the pieces a refund of withdrawn lines paid back (`lp-api orders refund --lines`): `line` counts
   * `orderItems` from 1, `quantity` of its pieces, `amount` their price after the quantity discount (euro; the
   * coupon's share and the delivery cost are in the refund's `amount` only). Absent: a refund of a typed amount.
   */
  lines: Type.Optional(
    Type.Array(Type.Object({ line: Type.Integer(), quantity: Type.Integer(), amount: Euro })),
  ),
});

export const OrderSchema = Type.Object({
  headerGuid: Type.String(),
  orderNumber: Type.String(),
  status: OrderStatusSchema,
  companyId: Type.Integer(),
  customerId: Nullable(Type.Integer()),
  createdAt: Type.String(),
  cartAmount: Euro,
  discountAmount: Euro,
  totalAmount: Euro,
  orderItems: Type.Array(OrderItemSchema),
  shippingOption: Type.Object({ id: Type.Integer(), name: Type.String(), price: Euro }),
  billingPerson: OrderBillingPersonSchema,
  shippingAddress: OrderAddressSchema,
  billingAddress: OrderAddressSchema,
  paymentMethod: PaymentMethodIdSchema,
  coupon: Nullable(AppliedCouponSchema),
  isCustomDesign: Type.Boolean(),
  /** Paid orders only (the reference API, migration 025); absent before the payment. */
  invoice: Type.Optional(OrderInvoiceSchema),
  /**
   * Kept for clients of session 18 (one shipment per order): null until every line was shipped, then the parcel that
   * completed the order. `parcels` has them all; the reference API always sends both.
   */
  shipment: Type.Optional(Nullable(OrderShipmentSchema)),
  /** The parcels shipped so far, in the order they left (empty: nothing shipped yet). */
  parcels: Type.Optional(Type.Array(OrderParcelSchema)),
  /**
   * Session 20, a company order: the buyer's reference the invoice and the XRechnung name (BT-10): a public buyer's
   * Leitweg-ID or the company's own order number. Absent when none was given.
   */
  buyerReference: Type.Optional(Type.String()),
  /** Session 20, a company order: the buyer's USt-IdNr. (XRechnung BT-48), e.g. 'DE136695976'; absent when none. */
  buyerVatId: Type.Optional(Type.String()),
  /** Paid orders in the reference API: the refunds recorded, oldest first (empty: none). */
  refunds: Type.Optional(Type.Array(OrderRefundSchema)),
  /**
   * Session 26, the reference API: `'hidden'` when the order was read by its headerGuid alone (no session of the
   * customer who owns it) more than 24 hours after its payment, or, not paid, after the checkout's save that wrote
   * the buyer (a link left in a shared computer's history; a coupon or a confirmation does not count). Then `billingPerson`'s texts and the name, street, house number,
   * postcode and city of both addresses are empty strings, `company`, `street2`, `buyerReference` and `buyerVatId`
   * are absent; lines, totals, status, invoice and parcels are as always. Absent: the buyer's data is shown.
   */
  personalData: Type.Optional(Type.Literal('hidden')),
});

export const OrderListSchema = Type.Object({
  items: Type.Array(OrderSchema),
  pageNumber: Type.Integer(),
  rowCount: Type.Integer(),
  totalCount: Type.Integer(),
});

export const CouponSchema = Type.Object({
  code: Type.String(),
  companyId: Type.Integer(),
  kind: CouponKindSchema,
  /** Percent (0-100) or euro amount. */
  value: Type.Number(),
  minOrderAmount: Euro,
  /** ISO date-time or null for no end. */
  validUntil: Nullable(Type.String()),
});

export const PaymentTypeSchema = Type.Object({
  id: PaymentMethodIdSchema,
  name: Type.String(),
  /** Card brands shown for `card`. */
  brands: Type.Array(Type.String()),
});

/** A stored print design of an order line (editor issue). */
export const OrderDesignSchema = Type.Object({
  itemInternalId: Type.String(),
  imageUrl: Type.String(),
  /** The editor's serialised design document, or null when only an image was uploaded. */
  document: Type.Unknown(),
});

/** POST /api/Order/saveOrder; the cart comes from the CartGuid header. */
export const SaveOrderBodySchema = Type.Object(
  {
    billingPerson: BillingPersonSchema,
    shippingAddress: AddressSchema,
    /** Omitted means same as shipping address. */
    billingAddress: Type.Optional(AddressSchema),
    paymentMethod: PaymentMethodIdSchema,
    couponCode: Type.Optional(Text(40)),
    /**
     * The order this checkout saved before (from AppState `orderHeaderGuid`). The server updates that order only
     * when it belongs to the cart and is not paid yet; without it every save creates a new order, so holding a
     * cart guid never lets anyone rewrite or read somebody else's order.
     */
    headerGuid: Type.Optional(Guid),
    /**
     * The amount to pay the shopper was shown above the order button (goods − coupon + shipping, euro with at most
     * two decimals, as the cart's total). When given, the save answers 409 `price-changed` and saves nothing if the
     * order would cost anything else (higher or lower); omitted, the save charges what the cart costs now.
     */
    expectedTotal: Type.Optional(Type.Number({ minimum: 0, maximum: 10_000_000 })),
    /**
     * Session 20, only with a billing address that names a company (else 400 `validation`): the buyer's reference
     * for the invoice (XRechnung BT-10), a Leitweg-ID with valid check digits or the company's own order number
     * (rule: `isValidBuyerReference` of `@lp/sdk/validation`, at most 50 characters). Omitted or blank: none, and
     * the e-invoice names the order number there.
     */
    buyerReference: Type.Optional(Text(200)),
    /**
     * Session 20, only with a company billing address: the buyer's German USt-IdNr. (`isValidVatId`: DE, nine
     * digits, valid check digit; spaces allowed, stored without). It is printed on the invoice and changes no price
     * (the shop ships within Germany: no reverse charge). Omitted or blank: none.
     */
    buyerVatId: Type.Optional(Text(100)),
  },
  { additionalProperties: false },
);

export const SaveOrderResponseSchema = Type.Object({ orderHeaderGuid: Type.String() });

export const ConfirmOrderBodySchema = Type.Object({ headerGuid: Guid }, { additionalProperties: false });

export const CreateOrderPaymentBodySchema = Type.Object(
  {
    headerGuid: Guid,
    paymentMethod: PaymentMethodIdSchema,
    returnUrl: Text(2000, 1),
    cancelUrl: Text(2000, 1),
  },
  { additionalProperties: false },
);

export const CreateOrderPaymentResponseSchema = Type.Object({ redirectUrl: Type.String() });

/** POST /api/Order/coupon, answers 201 with the updated order. */
export const ApplyCouponBodySchema = Type.Object(
  { headerGuid: Guid, code: Text(100, 1) },
  { additionalProperties: false },
);

export const ORDER_SORT_FIELDS = ['createdAt', 'totalAmount', 'orderNumber'] as const;

const count = (minimum: number, maximum: number) => Type.Integer({ minimum, maximum });
const isoDate = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });

/**
 * Order list filter (spec 3): all 11 fields are required (spec 5); SortField is a closed list, so the API never
 * interpolates a raw column name.
 */
export const OrderListFilterSchema = Type.Object(
  {
    CustomerCompanyId: count(0, 2_147_483_647),
    CustomerId: count(0, 2_147_483_647),
    CustomerCompanyGroupRoleId: count(0, 2_147_483_647),
    PageNumber: count(1, 100_000),
    RowCount: count(1, 100),
    /** ISO date (yyyy-mm-dd). */
    DateFrom: isoDate,
    DateTo: isoDate,
    Statuses: Type.Array(OrderStatusSchema, { maxItems: 5 }),
    PaymentMethod: StringEnum(['', ...PAYMENT_METHODS]),
    SortField: StringEnum(ORDER_SORT_FIELDS),
    SortDirection: StringEnum(['asc', 'desc']),
  },
  { additionalProperties: false },
);

/**
 * The same filter as a query string (getCustomerCompanyOrders): `Statuses` repeats (a single value is coerced to a
 * list) and, since an empty list cannot be written in a query string, may be left out to mean any status. Extra
 * keys are ignored (caches and trackers append their own).
 */
export const OrderListQuerySchema = Type.Object(
  {
    ...OrderListFilterSchema.properties,
    Statuses: Type.Optional(Type.Array(OrderStatusSchema, { maxItems: 5, default: [] })),
  },
  { additionalProperties: true },
);
