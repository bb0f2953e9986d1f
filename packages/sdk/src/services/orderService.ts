import type { AppStateStore } from '../appState';
import type { LpClient } from '../client/createClient';
import type { Order, OrderDesign, OrderList, PaymentType } from '../contract/entities';
import type {
  CreateOrderPaymentBody,
  CreateOrderPaymentResponse,
  OrderListFilter,
  SaveOrderBody,
  SaveOrderResponse,
} from '../contract/payloads';
import { ORDER_FILTER_FIELDS } from '../contract/payloads';
import { orderPaths } from '../contract/paths';
import { nullParameterError } from '../errors';
import { getCall } from './getCall';
import { requireNumber, requireObject, requirePathText, requireText } from './requireParam';

function requireFilter(filter: OrderListFilter): OrderListFilter {
  requireObject('filter', filter);
  for (const field of ORDER_FILTER_FIELDS) {
    if (filter[field] == null) throw nullParameterError(field);
  }
  return filter;
}

export type OrderService = ReturnType<typeof createOrderService>;

/**
 * Order calls of spec 7: save, confirm, pay, list and read orders.
 *
 * @example
 * const orders = createOrderService(client, appState);
 * const { orderHeaderGuid } = await orders.save(body);
 */
export function createOrderService(client: LpClient, appState?: AppStateStore) {
  return {
    /**
     * Saves the cart (CartGuid header) as an order and stores `orderHeaderGuid` in the app state (spec 4).
     * @example const { orderHeaderGuid } = await sdk.orders.save({ billingPerson, shippingAddress, paymentMethod: 'paypal' });
     */
    async save(body: SaveOrderBody): Promise<SaveOrderResponse> {
      const result = await client.request<SaveOrderResponse>('POST', orderPaths.save, {
        body: requireObject('body', body),
      });
      appState?.set({ orderHeaderGuid: result.orderHeaderGuid });
      return result;
    },
    /** Freezes a saved order. @example await sdk.orders.confirm(orderHeaderGuid); */
    async confirm(headerGuid: string): Promise<Order> {
      return client.request<Order>('POST', orderPaths.confirm, {
        body: { headerGuid: requireText('headerGuid', headerGuid) },
      });
    },
    /** spec 5: all 11 filter fields are required. @example await sdk.orders.list(filter); */
    async list(filter: OrderListFilter): Promise<OrderList> {
      return client.request<OrderList>('POST', orderPaths.list, { body: requireFilter(filter) });
    },
    /** The same filter as a query (Statuses repeated). @example await sdk.orders.companyOrders(filter); */
    async companyOrders(filter: OrderListFilter): Promise<OrderList> {
      return client.request<OrderList>('GET', orderPaths.companyOrders, {
        query: { ...requireFilter(filter) },
      });
    },
    /** spec 5: needs headerGuid. @example const order = await sdk.orders.get(orderHeaderGuid); */
    get: getCall<[headerGuid: string], Order>(client, orderPaths.get, ['headerGuid']),
    /** spec 5: needs companyId. @example await sdk.orders.paymentTypes(1001); */
    async paymentTypes(companyId: number): Promise<PaymentType[]> {
      return client.request<PaymentType[]>(
        'GET',
        orderPaths.paymentTypes(requireNumber('companyId', companyId)),
      );
    },
    /** Answers the payment page to send the shopper to. @example const { redirectUrl } = await sdk.orders.createPayment({ headerGuid, paymentMethod: 'paypal', returnUrl, cancelUrl }); */
    async createPayment(body: CreateOrderPaymentBody): Promise<CreateOrderPaymentResponse> {
      requireText('headerGuid', requireObject('body', body).headerGuid);
      return client.request<CreateOrderPaymentResponse>('POST', orderPaths.createPayment, { body });
    },
    /**
     * spec 5: needs orderNumber, plus proof of the order: its `headerGuid`, or the owner's session cookie.
     * @example await sdk.orders.designs('LP-2026-000123', orderHeaderGuid);
     */
    async designs(orderNumber: string, headerGuid?: string): Promise<OrderDesign[]> {
      return client.request<OrderDesign[]>(
        'GET',
        orderPaths.designs(requirePathText('orderNumber', orderNumber)),
        // Checked when given: an object here was sent as `headerGuid=[object Object]`.
        headerGuid ? { query: { headerGuid: requirePathText('headerGuid', headerGuid) } } : {},
      );
    },
  };
}
