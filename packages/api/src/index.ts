export { createApi } from './createApi';
export { startApi } from './startApi';
export type { RunningApi } from './startApi';
export type { ApiOptions } from './options';
export { DEFAULT_CORS_ORIGINS, DEFAULT_RATE_LIMIT } from './options';
export { loadConfig } from './config';
// Issue 12: registering dealers from scripts and tests (the operator's way is `lp-api dealer`, docs/reference/dealers.md).
export {
  addDealer,
  addDealerOrigin,
  listDealers,
  removeDealerOrigin,
  rotateDealerKey,
} from './dealers/dealerRepo';
export type { Dealer } from './dealers/dealerRepo';
export { runDealerCli } from './dealers/dealerCli';
