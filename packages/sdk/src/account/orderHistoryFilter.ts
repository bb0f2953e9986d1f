import type { Customer } from '../contract/entities';
import type { OrderListFilter } from '../contract/payloads';

/** Options of {@link orderHistoryFilter}. */
export interface OrderHistoryOptions {
  /** @default 1 */
  pageNumber?: number;
  /** @default 10 */
  rowCount?: number;
  /** First day, yyyy-mm-dd. @default '2000-01-01' */
  dateFrom?: string;
  /** Last day, yyyy-mm-dd. @default tomorrow (UTC), so a client clock a little behind still sees today's orders */
  dateTo?: string;
}

/**
 * The order list filter (spec 3, all 11 fields, spec 5) for a customer's own order history: their ids, every
 * status and payment method, newest first.
 *
 * @example
 * const customer = await account.me();
 * const history = await sdk.orders.list(orderHistoryFilter(customer!, { pageNumber: 2 }));
 */
export function orderHistoryFilter(customer: Customer, options: OrderHistoryOptions = {}): OrderListFilter {
  return {
    CustomerCompanyId: customer.customerCompanyId,
    CustomerId: customer.id,
    CustomerCompanyGroupRoleId: customer.customerCompanyGroupRoleId,
    PageNumber: options.pageNumber ?? 1,
    RowCount: options.rowCount ?? 10,
    DateFrom: options.dateFrom ?? '2000-01-01',
    DateTo: options.dateTo ?? new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
    Statuses: [],
    PaymentMethod: '',
    SortField: 'createdAt',
    SortDirection: 'desc',
  };
}
