import { orderHistoryFilter } from '@lp/sdk/account';
import type { SdkCore } from '@lp/sdk/compose';
import { formatEuro } from '../../format';
import { ordersOf } from '../../sdk/ordersOf';
import { formatOrderDate } from '../account/orderLabels';
import { accountServiceOf } from '../account/useAccount';
import { PLACED_STATUSES } from './orderLinesPick';

/** How many of the account's newest orders are offered (the account page's first page). */
export const OFFERED_ORDERS = 5;

/** One order offered to a logged-in customer on the withdrawal page. */
export interface OrderChoice {
  headerGuid: string;
  orderNumber: string;
  /** "vom 21.11.2026, 39,90 €": tells orders of the same number length apart. */
  facts: string;
}

/**
 * Session 25, accountfollow: the logged-in customer's newest placed orders, read as the account page reads them
 * (the account sub-entry's `me` and order filter, the order list); none for a guest. A chunk of its own that
 * AccountOrders.tsx loads, so the withdrawal page's first script lists one more chunk, not the account's five.
 */
export async function accountOrderChoices(sdk: Pick<SdkCore, 'client' | 'appState'>): Promise<OrderChoice[]> {
  const customer = await accountServiceOf(sdk).me();
  if (!customer) return [];
  // Checkouts never placed (and those a later save replaced) are orders too. The API filters by status, so the five
  // newest placed orders come back however many abandoned checkouts are newer (session 26, review26: reading 50 of
  // any status and filtering here hid a paid order behind 50 open ones, and read 50 whole orders per visit).
  const list = await ordersOf(sdk).list({
    ...orderHistoryFilter(customer, { pageNumber: 1, rowCount: OFFERED_ORDERS }),
    Statuses: [...PLACED_STATUSES],
  });
  return list.items.map((order) => ({
    headerGuid: order.headerGuid,
    orderNumber: order.orderNumber,
    facts: `vom ${formatOrderDate(order.createdAt)}, ${formatEuro(order.totalAmount)}`,
  }));
}
