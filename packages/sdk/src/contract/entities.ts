/**
 * Entities of spec section 3 as they travel over HTTP. Catalogue entities keep the spec's PascalCase field
 * names; cart and order entities keep its camelCase ones. The API and every client import these types, so the
 * two sides cannot drift (CONVENTIONS: one contract shared by client and server).
 */

/** Attribute map of a product or of a configured cart line: attribute name to value. */
export type Attributes = Record<string, string>;

export interface ProductParameter {
  Key: string;
  Value: string;
}

export interface ProductCategoryRef {
  UniqueId: number;
}

export interface ProductVariant {
  UniqueId: string;
  Title: string;
  Description: string;
  Attributes: Attributes;
  /** Server price of this variant in euro; falls back to the parent's price when absent. */
  Price?: number;
}

export interface Product {
  /** Product code, e.g. `KZH-001` or `FKZ-003`. Unique within a company. */
  UniqueId: string;
  Alias: string;
  Name: string;
  Title: string;
  /** Gross price in euro (VAT included), two decimals. The only price a client may show. */
  Price: number;
  Currency: 'EUR';
  BaseImages: string[];
  /** Sanitised HTML. */
  Description: string;
  Categories: ProductCategoryRef[];
  Attributes: Attributes;
  Parameters: ProductParameter[];
  Variants: ProductVariant[];
  /** Smallest quantity one cart line may hold (spec 5: at least 1). */
  MinQuantity: number;
}

export interface Category {
  UniqueId: number;
  Alias: string;
  Name: string;
  ParentId: number | null;
  Children: Category[];
}

export interface MenuProduct {
  UniqueId: string;
  Name: string;
  Alias: string;
}

export interface MenuEntry {
  Alias: string;
  CategoryId: number;
  Name: string;
  Products: MenuProduct[];
}

export type ArticleKind = 'page' | 'blog';

export interface ArticleSummary {
  Alias: string;
  Title: string;
  Kind: ArticleKind;
  /** Plain-text teaser. */
  Excerpt: string;
  /** ISO date. */
  PublishedAt: string;
  /** True for legal pages whose text is a sample, not legal advice. */
  IsSample: boolean;
}

export interface Article extends ArticleSummary {
  /** Sanitised HTML. */
  Content: string;
}

export interface Company {
  UniqueId: number;
  Alias: string;
  Name: string;
}

export interface Discount {
  ProductKey: string;
  /** Percent off the unit price, 0-100. */
  Percent: number;
  /** Quantity from which the discount applies. */
  MinQuantity: number;
  Label: string;
}

/** One configuration entry of a cart line (spec 3 `addData`). */
export interface AddDataEntry {
  count: number;
  info: {
    Alias: string;
    Title: string;
    Attributes: Attributes;
  };
}

export interface CartItem {
  itemInternalId: string;
  productUniqueId: string;
  /** Unit price in euro, from the catalogue. */
  price: number;
  description: string;
  currency: 'EUR';
  quantity: number;
  addData: AddDataEntry[];
}

export interface Cart {
  id: number;
  userId: number | null;
  cartGuid: string | null;
  /** Shipping cost for the current goods total, euro. */
  deliveryPrice: number;
  /** Goods total (sum of price x quantity), euro, two decimals. */
  totalAmount: number;
  items: CartItem[] | null;
}

export interface PriceSummary {
  cartAmount: number;
  shippingAmount: number;
  /** cartAmount + shippingAmount, rounded to 2 decimals. */
  total: number;
}

export interface ShippingRate {
  rate: number;
  minOrderAmount: number;
}

export interface ShippingMethod {
  id: number;
  name: string;
  shippingRates: ShippingRate[];
}

export interface ShippingRateResult {
  methodId: number;
  name: string;
  shippingCost: number;
}

export interface Country {
  code: string;
  name: string;
}

export interface Address {
  name: string;
  lastName: string;
  company?: string;
  street: string;
  houseNumber: string;
  zipCode: string;
  city: string;
  /** ISO 3166-1 alpha-2; the shop ships to DE. */
  country: string;
}

export interface BillingPerson {
  email: string;
  /** `+49 ` followed by 9-14 digits (spec 5). */
  phone: string;
  name: string;
  lastName: string;
}

/** Order statuses; spec 4 leaves the values open, DESIGN 2 and docs/reference/http-contract.md fix them. */
export type OrderStatus = 'saved' | 'confirmed' | 'paymentPending' | 'paid' | 'cancelled';

export interface OrderItem {
  itemId: string;
  itemInternalId: string;
  businessName: string;
  price: number;
  itemQuantity: number;
  attributes: Attributes;
}

export interface AppliedCoupon {
  code: string;
  kind: CouponKind;
  value: number;
  discountAmount: number;
}

export interface Order {
  headerGuid: string;
  orderNumber: string;
  status: OrderStatus;
  companyId: number;
  customerId: number | null;
  createdAt: string;
  cartAmount: number;
  discountAmount: number;
  totalAmount: number;
  orderItems: OrderItem[];
  shippingOption: { id: number; name: string; price: number };
  billingPerson: BillingPerson;
  shippingAddress: Address;
  billingAddress: Address;
  paymentMethod: PaymentMethodId;
  coupon: AppliedCoupon | null;
  isCustomDesign: boolean;
}

export interface OrderList {
  items: Order[];
  pageNumber: number;
  rowCount: number;
  totalCount: number;
}

export type CouponKind = 'percent' | 'fixed';

export interface Coupon {
  code: string;
  companyId: number;
  kind: CouponKind;
  /** Percent (0-100) or euro amount. */
  value: number;
  minOrderAmount: number;
  /** ISO date-time or null for no end. */
  validUntil: string | null;
}

export type PaymentMethodId = 'paypal' | 'card' | 'googlepay' | 'applepay';

export interface PaymentType {
  id: PaymentMethodId;
  name: string;
  /** Card brands shown for `card`. */
  brands: string[];
}

export interface UploadedImage {
  url: string;
}

/** A stored print design of an order line (editor issue). */
export interface OrderDesign {
  itemInternalId: string;
  imageUrl: string;
  /** The editor's serialised design document, or null when only an image was uploaded. */
  document: unknown;
}

/** Error body of every 4xx/5xx answer (DESIGN 2). */
export interface ApiErrorBody {
  status: number;
  message: string;
  errors?: { field: string; message: string }[];
}

/** Issue 6: the logged-in shopper as `/api/Account/login` and `/api/Account/me` answer it. */
export interface Customer {
  id: number;
  email: string;
  name: string;
  lastName: string;
  customerCompanyId: number;
  customerCompanyGroupRoleId: number;
}
