/**
 * Request and response bodies of spec section 7, inferred from the contract's schemas (./schemas). Type-only
 * imports: no schema value reaches a bundle that imports these types.
 */
import type { Static } from '@sinclair/typebox';
import type {
  ChangeEmailAnswerSchema,
  ChangeEmailBodySchema,
  ChangePasswordBodySchema,
  ClientErrorBodySchema,
  ConfirmEmailAnswerSchema,
  ConfirmEmailBodySchema,
  DeleteAccountAnswerSchema,
  DeleteAccountBodySchema,
  ExportDataBodySchema,
  LoginBodySchema,
  RegisterBodySchema,
  RequestPasswordResetAnswerSchema,
  RequestPasswordResetBodySchema,
  ResendConfirmationAnswerSchema,
  ResendConfirmationBodySchema,
  ResetPasswordAnswerSchema,
  ResetPasswordBodySchema,
} from './schemas/accountSchemas';
import type {
  AddCartItemBodySchema,
  AddressSchema,
  ApplyCartCouponBodySchema,
  RemoveCartItemBodySchema,
  UpdateCartItemBodySchema,
} from './schemas/cartSchemas';
import type { ProductsPageSchema } from './schemas/catalogueSchemas';
import type {
  ApplyCouponBodySchema,
  ConfirmOrderBodySchema,
  CreateOrderPaymentBodySchema,
  CreateOrderPaymentResponseSchema,
  OrderListFilterSchema,
  SaveOrderBodySchema,
  SaveOrderResponseSchema,
} from './schemas/orderSchemas';
import type { WithdrawalAnswerSchema, WithdrawalBodySchema } from './schemas/withdrawalSchemas';

/** POST /api/Cart/addCartItem. Prices are never sent: the server looks them up (DESIGN 2). */
export type AddCartItemBody = Static<typeof AddCartItemBodySchema>;
export type UpdateCartItemBody = Static<typeof UpdateCartItemBodySchema>;
export type RemoveCartItemBody = Static<typeof RemoveCartItemBodySchema>;
/** POST /api/Cart/addShippingAddress and addBillingAddress. */
export type CartAddressBody = Static<typeof AddressSchema>;

/** POST /api/Order/saveOrder; the cart comes from the CartGuid header. */
export type SaveOrderBody = Static<typeof SaveOrderBodySchema>;
export type SaveOrderResponse = Static<typeof SaveOrderResponseSchema>;
export type ConfirmOrderBody = Static<typeof ConfirmOrderBodySchema>;
export type CreateOrderPaymentBody = Static<typeof CreateOrderPaymentBodySchema>;
export type CreateOrderPaymentResponse = Static<typeof CreateOrderPaymentResponseSchema>;
/** POST /api/Order/coupon, answers 201 with the updated order. */
export type ApplyCouponBody = Static<typeof ApplyCouponBodySchema>;
export type ApplyCartCouponBody = Static<typeof ApplyCartCouponBodySchema>;

/** Order list filter (spec 3): all 11 fields are required by the SDK (spec 5). */
export type OrderListFilter = Static<typeof OrderListFilterSchema>;

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

/** One page of `getproducts`; generic so a client may narrow the item type. */
export type ProductsPage<T = Static<typeof ProductsPageSchema>['items'][number]> = Omit<
  Static<typeof ProductsPageSchema>,
  'items'
> & { items: T[] };

/** Body of `POST /api/Account/login`. */
export type LoginBody = Static<typeof LoginBodySchema>;

/** Body of `POST /api/Account/register` (issue 13). */
export type RegisterBody = Static<typeof RegisterBodySchema>;
/** Body and answer of `POST /api/Account/confirmEmail` (issue 13). */
export type ConfirmEmailBody = Static<typeof ConfirmEmailBodySchema>;
export type ConfirmEmailAnswer = Static<typeof ConfirmEmailAnswerSchema>;
/** Body and answer of `POST /api/Account/resendConfirmation` (issue 13). */
export type ResendConfirmationBody = Static<typeof ResendConfirmationBodySchema>;
export type ResendConfirmationAnswer = Static<typeof ResendConfirmationAnswerSchema>;
/** Body and answer of `POST /api/Account/requestPasswordReset` (session 16). */
export type RequestPasswordResetBody = Static<typeof RequestPasswordResetBodySchema>;
export type RequestPasswordResetAnswer = Static<typeof RequestPasswordResetAnswerSchema>;
/** Body and answer of `POST /api/Account/resetPassword` (session 16). */
export type ResetPasswordBody = Static<typeof ResetPasswordBodySchema>;
export type ResetPasswordAnswer = Static<typeof ResetPasswordAnswerSchema>;
/** Session 20: bodies and answers of the logged-in customer's own settings. */
export type ChangePasswordBody = Static<typeof ChangePasswordBodySchema>;
export type ChangeEmailBody = Static<typeof ChangeEmailBodySchema>;
export type ChangeEmailAnswer = Static<typeof ChangeEmailAnswerSchema>;
export type ExportDataBody = Static<typeof ExportDataBodySchema>;
export type DeleteAccountBody = Static<typeof DeleteAccountBodySchema>;
export type DeleteAccountAnswer = Static<typeof DeleteAccountAnswerSchema>;

/** Body of `POST /api/ClientErrors` (spec 8). */
export type ClientErrorBody = Static<typeof ClientErrorBodySchema>;

/** Body and answer of `POST /api/Order/withdraw` (session 16, § 356a BGB: the electronic withdrawal function). */
export type WithdrawalBody = Static<typeof WithdrawalBodySchema>;
export type WithdrawalAnswer = Static<typeof WithdrawalAnswerSchema>;
