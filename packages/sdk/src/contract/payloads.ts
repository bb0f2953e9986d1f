import type { AddDataEntry, Address, BillingPerson, OrderStatus, PaymentMethodId } from './entities';

/** POST /api/Cart/addCartItem. Prices are never sent: the server looks them up (DESIGN 2). */
export interface AddCartItemBody {
  productUniqueId: string;
  quantity: number;
  /** Exactly one configuration entry; its `count` must equal `quantity`. */
  addData: AddDataEntry[];
}

export interface UpdateCartItemBody {
  itemInternalId: string;
  quantity: number;
}

export interface RemoveCartItemBody {
  itemInternalId: string;
}

/** POST /api/Cart/addShippingAddress and addBillingAddress. */
export type CartAddressBody = Address;

/** POST /api/Order/saveOrder; the cart comes from the CartGuid header. */
export interface SaveOrderBody {
  billingPerson: BillingPerson;
  shippingAddress: Address;
  /** Omitted means same as shipping address. */
  billingAddress?: Address;
  paymentMethod: PaymentMethodId;
  couponCode?: string;
  /**
   * The order this checkout saved before (from AppState `orderHeaderGuid`). The server updates that order only when
   * it belongs to the cart and is not paid yet; without it every save creates a new order, so holding a cart guid
   * never lets anyone rewrite or read somebody else's order.
   */
  headerGuid?: string;
}

export interface SaveOrderResponse {
  orderHeaderGuid: string;
}

export interface ConfirmOrderBody {
  headerGuid: string;
}

export interface CreateOrderPaymentBody {
  headerGuid: string;
  paymentMethod: PaymentMethodId;
  returnUrl: string;
  cancelUrl: string;
}

export interface CreateOrderPaymentResponse {
  redirectUrl: string;
}

/** POST /api/Order/coupon, answers 201 with the updated order. */
export interface ApplyCouponBody {
  headerGuid: string;
  code: string;
}

/** Order list filter (spec 3): all 11 fields are required by the SDK (spec 5). */
export interface OrderListFilter {
  CustomerCompanyId: number;
  CustomerId: number;
  CustomerCompanyGroupRoleId: number;
  PageNumber: number;
  RowCount: number;
  /** ISO date (yyyy-mm-dd). */
  DateFrom: string;
  DateTo: string;
  Statuses: OrderStatus[];
  PaymentMethod: PaymentMethodId | '';
  SortField: 'createdAt' | 'totalAmount' | 'orderNumber';
  SortDirection: 'asc' | 'desc';
}

/** spec 3/5: the 11 fields every order list call needs (the SDK checks them, the API's schema requires them). */
export const ORDER_FILTER_FIELDS = [
  'CustomerCompanyId',
  'CustomerId',
  'CustomerCompanyGroupRoleId',
  'PageNumber',
  'RowCount',
  'DateFrom',
  'DateTo',
  'Statuses',
  'PaymentMethod',
  'SortField',
  'SortDirection',
] as const satisfies readonly (keyof OrderListFilter)[];

export interface ProductsPage<T> {
  items: T[];
  page: number;
  pageSize: number;
  total: number;
}

/** Issue 6: body of `POST /api/Account/login`. */
export interface LoginBody {
  email: string;
  password: string;
}
