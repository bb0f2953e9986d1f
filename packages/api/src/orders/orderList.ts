import type { OrderList, OrderListFilter } from '@lp/sdk/contract';
import { onBerlinDays } from '../berlinCalendar';
import type { Queryable } from '../db/Db';
import { badRequest } from '../http/ApiError';
import { ORDER_COLUMNS, type OrderRow, loadOrder } from './orderRepo';

/** Whitelisted sort columns (the filter schema names the same keys): never interpolated raw. */
const SORT_COLUMNS: Record<OrderListFilter['SortField'], string> = {
  createdAt: 'created_at',
  totalAmount: '(cart_cents - discount_cents + shipping_cents)',
  orderNumber: 'order_number',
};

/**
 * Lists orders. `scope` 'customer' (getOrders) matches the customer and their company; 'company'
 * (getCustomerCompanyOrders) lists every order of the customer company. Empty Statuses or PaymentMethod mean any.
 */
export async function listOrders(
  db: Queryable,
  filter: OrderListFilter,
  scope: 'customer' | 'company',
): Promise<OrderList> {
  for (const field of ['DateFrom', 'DateTo'] as const) {
    const value = filter[field];
    const date = new Date(`${value}T00:00:00Z`);
    // PostgreSQL has no year 0 (JavaScript's 0000-01-01 is 1 BC there and the query failed with a 500).
    if (
      Number.isNaN(date.getTime()) ||
      date.toISOString().slice(0, 10) !== value ||
      date.getUTCFullYear() < 1
    ) {
      throw badRequest('validation', `${field} is not a calendar date (yyyy-mm-dd).`, [
        { field, message: 'must be a date' },
      ]);
    }
  }
  // DateFrom and DateTo are days of the shop's calendar, the days the order pages print (an order at 00:30 on
  // 1 December in Berlin is a December order, though it is still 30 November in UTC).
  const where = ['customer_company_id = $1', onBerlinDays('created_at', '$2', '$3')];
  const params: unknown[] = [filter.CustomerCompanyId, filter.DateFrom, filter.DateTo];
  if (scope === 'customer') {
    params.push(filter.CustomerId);
    where.push(`customer_id = $${params.length}`);
  }
  if (filter.Statuses.length > 0) {
    params.push(filter.Statuses);
    where.push(`status = ANY($${params.length}::text[])`);
  }
  if (filter.PaymentMethod) {
    params.push(filter.PaymentMethod);
    where.push(`payment_method = $${params.length}`);
  }
  const clause = where.join(' AND ');
  const [count] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM orders WHERE ${clause}`,
    params,
  );
  const order = `${SORT_COLUMNS[filter.SortField]} ${filter.SortDirection === 'asc' ? 'ASC' : 'DESC'}, id`;
  const rows = await db.query<OrderRow>(
    `SELECT ${ORDER_COLUMNS} FROM orders WHERE ${clause} ORDER BY ${order} LIMIT ${filter.RowCount}
     OFFSET ${(filter.PageNumber - 1) * filter.RowCount}`,
    params,
  );
  const items = [];
  for (const row of rows) items.push(await loadOrder(db, row));
  return { items, pageNumber: filter.PageNumber, rowCount: filter.RowCount, totalCount: count?.n ?? 0 };
}
