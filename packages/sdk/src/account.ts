/**
 * `@lp/sdk/account`: the shopper's account (issue 6) as its own entry, so the main entry's size budget stays
 * untouched. Pass it the client of `createSdk()` (`sdk.client`).
 */
export { createAccountService } from './account/accountService';
export type { AccountService } from './account/accountService';
export { orderHistoryFilter } from './account/orderHistoryFilter';
export type { OrderHistoryOptions } from './account/orderHistoryFilter';
export type {
  ConfirmEmailAnswer,
  Customer,
  LoginBody,
  RegisterBody,
  RequestPasswordResetAnswer,
  ResendConfirmationAnswer,
  ResetPasswordAnswer,
} from './contract/index';
