import type { OrderListFilter, SaveOrderBody } from '@lp/sdk/contract';
import { ATTR, paths } from '@lp/sdk/contract';
import type { FastifyInstance } from 'fastify';
import { cartGuidOf } from '../cart/cartGuid';
import { requireCompany } from '../catalogue/catalogueRoutes';
import type { ApiContext } from '../context';
import { badRequest, missingParameter, notFound } from '../http/ApiError';
import { UUID_PATTERN, querySchema } from '../http/schemas';
import { requireOwnOrders } from '../account/requireOwnOrders';
import { sessionCustomer } from '../account/sessionCookie';
import { requireOrderAccess } from './orderAccess';
import { orderListFilterSchema, listOrders } from './orderList';
import { loadOrder, orderItems } from './orderRepo';
import { headerGuidBodySchema, saveOrderSchema } from './orderSchemas';
import { confirmOrder, requireOrder, saveOrder } from './orderService';

/**
 * The filter as a query string: `Statuses` repeats (a single value is coerced to a list) and, since an empty list
 * cannot be written in a query string, may be left out to mean any status.
 */
const companyOrdersQuerySchema = {
  ...orderListFilterSchema,
  additionalProperties: true,
  required: orderListFilterSchema.required.filter((f) => f !== 'Statuses'),
  properties: {
    ...orderListFilterSchema.properties,
    Statuses: { ...orderListFilterSchema.properties.Statuses, default: [] },
  },
};

/** spec 7 order endpoints (payments and coupons live in their own modules). */
export async function orderRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  const { db } = ctx;

  app.post(paths.order.save, { schema: { body: saveOrderSchema } }, async (request) => ({
    orderHeaderGuid: await saveOrder(
      db,
      cartGuidOf(request),
      request.body as SaveOrderBody,
      await sessionCustomer(db, request),
    ),
  }));

  app.post(paths.order.confirm, { schema: { body: headerGuidBodySchema } }, async (request) =>
    confirmOrder(db, (request.body as { headerGuid: string }).headerGuid),
  );

  app.get(
    paths.order.get,
    { schema: { querystring: querySchema({ headerGuid: { type: 'string', maxLength: 100 } }) } },
    async (request) => {
      const { headerGuid } = request.query as { headerGuid?: string };
      if (!headerGuid) throw missingParameter('headerGuid');
      if (!UUID_PATTERN.test(headerGuid)) throw notFound('Order not found.');
      return loadOrder(db, await requireOrder(db, headerGuid));
    },
  );

  app.post(paths.order.list, { schema: { body: orderListFilterSchema } }, async (request) => {
    const filter = request.body as OrderListFilter;
    await requireOwnOrders(db, request, filter, 'customer');
    return listOrders(db, filter, 'customer');
  });

  app.get(
    paths.order.companyOrders,
    { schema: { querystring: companyOrdersQuerySchema } },
    async (request) => {
      const filter = request.query as OrderListFilter;
      await requireOwnOrders(db, request, filter, 'company');
      return listOrders(db, filter, 'company');
    },
  );

  app.get('/api/Order/paymentTypes/:companyId', async (request) => {
    const raw = (request.params as { companyId: string }).companyId;
    if (!/^\d{1,10}$/.test(raw)) {
      throw badRequest('companyId must be a number.', [
        { field: 'companyId', message: 'must be an integer' },
      ]);
    }
    const company = await requireCompany(ctx, Number(raw));
    const rows = await db.query<{ id: string; name: string; brands: string[] }>(
      'SELECT id, name, brands FROM payment_types WHERE company_id = $1 ORDER BY position',
      [company.UniqueId],
    );
    return rows.map((r) => ({ id: r.id, name: r.name, brands: r.brands }));
  });

  app.get('/api/Order/:orderNumber/designs', async (request) => {
    const { orderNumber } = request.params as { orderNumber: string };
    const orderId = await requireOrderAccess(db, request, orderNumber);
    return (await orderItems(db, orderId))
      .filter((i) => i.attributes[ATTR.designImage])
      .map((i) => ({
        itemInternalId: i.item_internal_id,
        imageUrl: i.attributes[ATTR.designImage]!,
        document: parseDocument(i.attributes[ATTR.designDocument]),
      }));
  });
}

function parseDocument(value: string | undefined): unknown {
  if (!value) return null;
  try {
    return JSON.parse(value);
  } catch {
    return null;
  }
}
