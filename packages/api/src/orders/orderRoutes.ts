import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ATTR, type PaymentType, paths } from '@lp/sdk/contract';
import {
  ConfirmOrderBodySchema,
  OrderDesignSchema,
  OrderListFilterSchema,
  OrderListQuerySchema,
  OrderListSchema,
  OrderSchema,
  PaymentTypeSchema,
  SaveOrderBodySchema,
  SaveOrderResponseSchema,
} from '@lp/sdk/contract/schemas';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { cartGuidOf } from '../cart/cartGuid';
import { readDesignDocument } from '../cart/readDesignDocument';
import { requireCompany } from '../catalogue/catalogueRoutes';
import type { ApiContext } from '../context';
import { badRequest, missingParameter, notFound } from '../http/ApiError';
import { noStore } from '../http/noStore';
import { companyIdFromText } from '../http/companyIdFromText';
import { Params, Query, UUID_PATTERN, responses } from '../http/schemas';
import { retentionSweep } from '../limits/retention';
import { requireOwnOrders } from '../account/requireOwnOrders';
import { sessionCustomer } from '../account/sessionCookie';
import { requireOrderAccess } from './orderAccess';
import { orderForGuidCaller } from './personalWindow';
import { listOrders } from './orderList';
import { loadOrder, orderItems } from './orderRepo';
import { confirmOrder, requireOrder, saveOrder } from './orderService';

/**
 * Orders never placed (abandoned checkouts, with the buyer's e-mail, phone and addresses) nothing changed for this
 * many days are deleted; their carts then follow the carts' rule (CART_RETENTION_DAYS, the same span, so a draft
 * never keeps a cart longer than the cart alone would be kept). Placed orders stay (PLACED_ORDER).
 */
export const DRAFT_ORDER_RETENTION_DAYS = 90;

/** spec 7 order endpoints (payments and coupons live in their own modules). */
export async function orderRoutes(fastify: FastifyInstance, ctx: ApiContext): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = ctx;
  const orderList = responses({ 200: OrderListSchema });
  // Saving an order deletes the checkouts never placed that nobody touched for the retention time.
  const sweep = retentionSweep(db, 'orders', DRAFT_ORDER_RETENTION_DAYS);

  app.post(
    paths.order.save,
    {
      onRequest: noStore,
      schema: { body: SaveOrderBodySchema, response: responses({ 200: SaveOrderResponseSchema }) },
    },
    async (request) => {
      await sweep();
      return {
        orderHeaderGuid: await saveOrder(
          db,
          cartGuidOf(request),
          request.body,
          await sessionCustomer(db, request),
        ),
      };
    },
  );

  app.post(
    paths.order.confirm,
    {
      onRequest: noStore,
      schema: { body: ConfirmOrderBodySchema, response: responses({ 200: OrderSchema }) },
    },
    async (request) => {
      const { row, order } = await confirmOrder(db, request.body.headerGuid);
      return orderForGuidCaller(db, request, row, order);
    },
  );

  app.get(
    paths.order.get,
    {
      onRequest: noStore,
      schema: {
        // Optional here: a missing headerGuid gets the spec 5 wording below, a malformed one a 404.
        querystring: Query({ headerGuid: Type.Optional(Type.String({ maxLength: 100 })) }),
        response: responses({ 200: OrderSchema }),
      },
    },
    async (request) => {
      const { headerGuid } = request.query;
      if (!headerGuid) throw missingParameter('headerGuid');
      if (!UUID_PATTERN.test(headerGuid)) throw notFound('not-found', 'Order not found.');
      const row = await requireOrder(db, headerGuid);
      // Session 26: a link left in a shared computer's history shows the buyer only for a while (personalWindow.ts).
      return orderForGuidCaller(db, request, row, await loadOrder(db, row));
    },
  );

  app.post(
    paths.order.list,
    { onRequest: noStore, schema: { body: OrderListFilterSchema, response: orderList } },
    async (request) => {
      const filter = request.body;
      await requireOwnOrders(db, request, filter, 'customer');
      return listOrders(db, filter, 'customer');
    },
  );

  app.get(
    paths.order.companyOrders,
    { onRequest: noStore, schema: { querystring: OrderListQuerySchema, response: orderList } },
    async (request) => {
      // The schema's default fills Statuses; the fallback only satisfies the type.
      const filter = { ...request.query, Statuses: request.query.Statuses ?? [] };
      await requireOwnOrders(db, request, filter, 'company');
      return listOrders(db, filter, 'company');
    },
  );

  app.get(
    '/api/Order/paymentTypes/:companyId',
    {
      schema: {
        // Text, checked below, so a non-number answers with the contract's own wording.
        params: Params({ companyId: Type.String() }),
        response: responses({ 200: Type.Array(PaymentTypeSchema) }),
      },
    },
    async (request) => {
      const companyId = companyIdFromText(request.params.companyId);
      if (companyId === undefined) {
        throw badRequest('validation', 'companyId must be a number from 1 to 2147483647.', [
          { field: 'companyId', message: 'must be an integer from 1 to 2147483647' },
        ]);
      }
      const company = await requireCompany(ctx, companyId);
      const rows = await db.query<PaymentType>(
        'SELECT id, name, brands FROM payment_types WHERE company_id = $1 ORDER BY position',
        [company.UniqueId],
      );
      return rows.map((r) => ({ id: r.id, name: r.name, brands: r.brands }));
    },
  );

  app.get(
    '/api/Order/:orderNumber/designs',
    {
      onRequest: noStore,
      schema: {
        params: Params({ orderNumber: Type.String() }),
        response: responses({ 200: Type.Array(OrderDesignSchema) }),
      },
    },
    async (request) => {
      const { orderNumber } = request.params;
      const orderId = await requireOrderAccess(db, request, orderNumber);
      return (await orderItems(db, orderId))
        .filter((i) => i.attributes[ATTR.designImage])
        .map((i) => ({
          itemInternalId: i.item_internal_id,
          imageUrl: i.attributes[ATTR.designImage]!,
          // Lines stored before the add checked the depth read as no document rather than failing the list.
          document: readDesignDocument(i.attributes[ATTR.designDocument] ?? '') ?? null,
        }));
    },
  );
}
