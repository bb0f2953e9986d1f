/**
 * `@lp/sdk/account`: the shopper's account (issue 6) as its own entry, so the main entry's size budget stays
 * untouched. Pass it the client of `createSdk()` (`sdk.client`).
 */
export { createAccountService } from './account/accountService';
export type { AccountService } from './account/accountService';
export { createAccountSettingsService } from './account/accountSettingsService';
export type { AccountSettingsService } from './account/accountSettingsService';
export { orderHistoryFilter } from './account/orderHistoryFilter';
export { recentAddresses } from './account/recentAddresses';
export type { OrderHistoryOptions } from './account/orderHistoryFilter';
export type {
  ChangeEmailAnswer,
  ConfirmEmailAnswer,
  Customer,
  DeleteAccountAnswer,
  LoginBody,
  RecentAddresses,
  RegisterBody,
  RequestPasswordResetAnswer,
  ResendConfirmationAnswer,
  ResetPasswordAnswer,
} from './contract/index';
