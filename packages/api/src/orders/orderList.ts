import { ORDER_FILTER_FIELDS, type OrderList, type OrderListFilter } from '@lp/sdk/contract';
import type { Queryable } from '../db/Db';
import { badRequest } from '../http/ApiError';
import { ORDER_COLUMNS, type OrderRow, loadOrder } from './orderRepo';

const STATUSES = ['saved', 'confirmed', 'paymentPending', 'paid', 'cancelled'];
const SORT_COLUMNS: Record<OrderListFilter['SortField'], string> = {
  createdAt: 'created_at',
  totalAmount: '(cart_cents - discount_cents + shipping_cents)',
  orderNumber: 'order_number',
};

/** spec 3 order list filter: all 11 fields required (spec 5); SortField is whitelisted, never interpolated raw. */
export const orderListFilterSchema = {
  type: 'object',
  additionalProperties: false,
  required: [...ORDER_FILTER_FIELDS],
  properties: {
    CustomerCompanyId: { type: 'integer', minimum: 0, maximum: 2_147_483_647 },
    CustomerId: { type: 'integer', minimum: 0, maximum: 2_147_483_647 },
    CustomerCompanyGroupRoleId: { type: 'integer', minimum: 0, maximum: 2_147_483_647 },
    PageNumber: { type: 'integer', minimum: 1, maximum: 100_000 },
    RowCount: { type: 'integer', minimum: 1, maximum: 100 },
    DateFrom: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
    DateTo: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
    Statuses: { type: 'array', maxItems: 5, items: { type: 'string', enum: STATUSES } },
    PaymentMethod: { type: 'string', enum: ['', 'paypal', 'card', 'googlepay', 'applepay'] },
    SortField: { type: 'string', enum: Object.keys(SORT_COLUMNS) },
    SortDirection: { type: 'string', enum: ['asc', 'desc'] },
  },
} as const;

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
    if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) {
      throw badRequest(`${field} is not a calendar date (yyyy-mm-dd).`, [
        { field, message: 'must be a date' },
      ]);
    }
  }
  const where = [
    'customer_company_id = $1',
    'created_at >= $2::date',
    "created_at < ($3::date + interval '1 day')",
  ];
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
