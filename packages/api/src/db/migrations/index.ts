import { accountSessions } from './accountSessions';
import { cartBatchFunction } from './cartBatchFunction';
import { cartFunctions } from './cartFunctions';
import { cartLinesFunction } from './cartLinesFunction';
import { cartLinesIndexed } from './cartLinesIndexed';
import { cartPaymentGuard } from './cartPaymentGuard';
import { catalogue } from './catalogue';
import { clientErrors } from './clientErrors';
import type { Migration } from './Migration';
import { shop } from './shop';

export type { Migration } from './Migration';

/**
 * The schema as an ordered list of migrations (DESIGN 6: migrations are code), one file each. Never edit an
 * applied entry; append a new one. Money is stored as integer cents; the HTTP layer answers euros with two
 * decimals.
 */
export const migrations: readonly Migration[] = [
  catalogue,
  shop,
  cartFunctions,
  cartBatchFunction,
  accountSessions,
  clientErrors,
  cartPaymentGuard,
  cartLinesFunction,
  cartLinesIndexed,
];
