// @lp/sdk: everything except the plate rules (subpath `@lp/sdk/plates`) and the form validation rules (subpath
// `@lp/sdk/validation`: domain rules shared by the checkout form and the API, which a cart or catalogue integration
// does not load). Services are reached through createSdk() (one composition root); internal helpers stay internal
// to keep the 6 KB budget (DESIGN 7). An app that bundles per view composes the same root from `@lp/sdk/compose`
// (createSdkCore for the first views, the other services' factories where a later view needs them).
export { createSdk } from './createSdk';
export type { Sdk, SdkOptions } from './createSdk';
export type { SdkCore } from './createSdkCore';

export { createAppState, createMemoryStorage } from './appState';
export type { AppState, AppStateStore, StorageLike } from './appState';

export { createClient } from './client/createClient';
export type { ClientOptions, HttpMethod, LpClient, RequestOptions } from './client/createClient';
export type { Query, QueryValue } from './client/buildUrl';
export { transferStateKey } from './client/transferState';
export type { TransferState } from './client/transferState';

export { LpError, isLpError } from './errors';
export type { LpErrorCode, LpErrorDetails } from './errors';

export { createCartImageUpload } from './services/cartImageUpload';
export type { CartImageUpload } from './services/cartImageUpload';
export { createCartService, emptyCart } from './services/cartService';
export type { CartService } from './services/cartService';
export type {
  CheckoutAddress,
  CheckoutInput,
  CheckoutOutcome,
  CheckoutRedirect,
  CheckoutService,
  FieldError,
  PaymentReturn,
} from './services/checkoutService';
export type { CatalogueService } from './services/catalogueService';
export type { ContentService } from './services/contentService';
export type { CouponService } from './services/couponService';
export type { OrderService } from './services/orderService';
export type { ShippingService } from './services/shippingService';

export { createCartStore } from './cart/cartStore';
export type { CartState, CartStore, CartStoreOptions } from './cart/cartStore';

export { createTracker } from './tracking/createTracker';
export type { DataLayer, Tracker, TrackerOptions } from './tracking/createTracker';
export { TRACK_EVENTS } from './tracking/trackEvents';
export type { TrackEventName, TrackItem, TrackPayload, TrackPush } from './tracking/trackEvents';

// The contract's values (paths, headers, constants) live in `@lp/sdk/contract` only; its types are re-exported
// here because they cost no bytes. Keeps the client entry within its 6 KB budget (DESIGN 7).
export type {
  AddCartItemBody,
  AddDataEntry,
  Address,
  ApiErrorBody,
  ApiErrorCode,
  AppliedCoupon,
  ApplyCouponBody,
  Article,
  ArticleKind,
  ArticleSummary,
  Attributes,
  BillingPerson,
  Cart,
  CartAddressBody,
  CartItem,
  Category,
  Company,
  ConfirmOrderBody,
  Country,
  Coupon,
  CouponKind,
  CreateOrderPaymentBody,
  CreateOrderPaymentResponse,
  Discount,
  MenuEntry,
  MenuProduct,
  Order,
  OrderDesign,
  OrderItem,
  OrderList,
  OrderListFilter,
  OrderStatus,
  PaymentMethodId,
  PaymentType,
  PlateType,
  PriceSummary,
  Product,
  ProductCategoryRef,
  ProductParameter,
  ProductVariant,
  ProductsPage,
  RemoveCartItemBody,
  SaveOrderBody,
  SaveOrderResponse,
  ShippingMethod,
  ShippingRate,
  ShippingRateResult,
  UpdateCartItemBody,
  UploadedImage,
} from './contract/index';
