/**
 * `@lp/sdk/dealer` (issue 12): a dealer's attributed orders and monthly statement, read with its dealer key. Its own
 * entry, so no page bundle carries it: the key is a secret for the dealer's server. Pass it a client (`createClient`
 * or `sdk.client`).
 */
export { createDealerService } from './services/dealerService';
export type { DealerOrdersOptions, DealerService, DealerStatementOptions } from './services/dealerService';
export type {
  DealerOrder,
  DealerOrderList,
  DealerStatement,
  DealerStatementOrder,
  DealerStatementRefund,
  EmbedOrigin,
} from './contract/index';
