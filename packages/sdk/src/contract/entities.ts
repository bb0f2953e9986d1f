/**
 * Entities of spec section 3 as they travel over HTTP, inferred from the contract's schemas (./schemas), which the
 * API validates and serialises with: one definition for client and server (CONVENTIONS: one contract). Catalogue
 * entities keep the spec's PascalCase field names; cart and order entities keep its camelCase ones. Type-only
 * imports: no schema value reaches a bundle that imports these types.
 */
import type { Static } from '@sinclair/typebox';
import type { CustomerSchema } from './schemas/accountSchemas';
import type { RecentAddressesSchema } from './schemas/recentAddressesSchema';
import type {
  AddDataEntrySchema,
  AddressSchema,
  CartCouponSchema,
  CartItemSchema,
  CartSchema,
  UploadedImageSchema,
} from './schemas/cartSchemas';
import type {
  ArticleKindSchema,
  ArticleSchema,
  ArticleSummarySchema,
  CategorySchema,
  CompanySchema,
  DiscountSchema,
  MenuEntrySchema,
  MenuProductSchema,
  ProductCategoryRefSchema,
  ProductParameterSchema,
  ProductSchema,
  ProductVariantSchema,
} from './schemas/catalogueSchemas';
import type { ApiErrorBodySchema } from './schemas/errorSchemas';
import type {
  AppliedCouponSchema,
  BillingPersonSchema,
  CouponKindSchema,
  CouponSchema,
  OrderDesignSchema,
  OrderItemSchema,
  OrderListSchema,
  OrderSchema,
  OrderStatusSchema,
  PaymentMethodIdSchema,
  PaymentTypeSchema,
} from './schemas/orderSchemas';
import type { AttributesSchema } from './schemas/primitives';
import type {
  CountrySchema,
  ShippingMethodSchema,
  ShippingRateResultSchema,
  ShippingRateSchema,
} from './schemas/shippingSchemas';

/** Attribute map of a product or of a configured cart line: attribute name to value. */
export type Attributes = Static<typeof AttributesSchema>;

export type ProductParameter = Static<typeof ProductParameterSchema>;
export type ProductCategoryRef = Static<typeof ProductCategoryRefSchema>;
export type ProductVariant = Static<typeof ProductVariantSchema>;
export type Product = Static<typeof ProductSchema>;
export type Category = Static<typeof CategorySchema>;
export type MenuProduct = Static<typeof MenuProductSchema>;
export type MenuEntry = Static<typeof MenuEntrySchema>;
export type ArticleKind = Static<typeof ArticleKindSchema>;
export type ArticleSummary = Static<typeof ArticleSummarySchema>;
export type Article = Static<typeof ArticleSchema>;
export type Company = Static<typeof CompanySchema>;
export type Discount = Static<typeof DiscountSchema>;

/** One configuration entry of a cart line (spec 3 `addData`). */
export type AddDataEntry = Static<typeof AddDataEntrySchema>;
export type CartItem = Static<typeof CartItemSchema>;
export type Cart = Static<typeof CartSchema>;
export type CartCoupon = Static<typeof CartCouponSchema>;

/** Computed by clients from a cart (never sent over HTTP), so it has no schema. */
export interface PriceSummary {
  cartAmount: number;
  shippingAmount: number;
  /** Issue 13: the cart coupon's discount (0 without one). */
  discountAmount?: number;
  /** cartAmount - discountAmount + shippingAmount, rounded to 2 decimals. */
  total: number;
}

export type ShippingRate = Static<typeof ShippingRateSchema>;
export type ShippingMethod = Static<typeof ShippingMethodSchema>;
export type ShippingRateResult = Static<typeof ShippingRateResultSchema>;
export type Country = Static<typeof CountrySchema>;

export type Address = Static<typeof AddressSchema>;
export type BillingPerson = Static<typeof BillingPersonSchema>;
/** Order statuses; spec 4 leaves the values open, DESIGN 2 and docs/reference/http-contract.md fix them. */
export type OrderStatus = Static<typeof OrderStatusSchema>;
export type OrderItem = Static<typeof OrderItemSchema>;
export type AppliedCoupon = Static<typeof AppliedCouponSchema>;
export type Order = Static<typeof OrderSchema>;
/** A paid order's shipment: shipped when, with which carrier, tracking number and tracking page. */
export type OrderShipment = NonNullable<Order['shipment']>;
/** One parcel of a paid order (an order may leave in several): what it holds, carrier, tracking number and page. */
export type OrderParcel = NonNullable<Order['parcels']>[number];
export type OrderList = Static<typeof OrderListSchema>;
export type CouponKind = Static<typeof CouponKindSchema>;
export type Coupon = Static<typeof CouponSchema>;
export type PaymentMethodId = Static<typeof PaymentMethodIdSchema>;
export type PaymentType = Static<typeof PaymentTypeSchema>;
export type UploadedImage = Static<typeof UploadedImageSchema>;
/** A stored print design of an order line (editor issue). */
export type OrderDesign = Static<typeof OrderDesignSchema>;

/** Error body of every 4xx/5xx answer (DESIGN 2). */
export type ApiErrorBody = Static<typeof ApiErrorBodySchema>;

/** The logged-in shopper as `/api/Account/login` and `/api/Account/me` answer it. */
export type Customer = Static<typeof CustomerSchema>;

/** Session 20: what the checkout fills in for the logged-in customer (`GET /api/Account/recentAddresses`). */
export type RecentAddresses = Static<typeof RecentAddressesSchema>;
