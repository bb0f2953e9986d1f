import type { Attributes } from '@lp/sdk/contract';
import { ATTR } from '@lp/sdk/contract';
import { renderPlateSvg } from '@lp/sdk/plates';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { cachedPricedProduct } from '../catalogue/productLookup';
import type { ApiContext } from '../context';
import { badRequest, conflict, notFound } from '../http/ApiError';
import { Document, Params, UUID_PATTERN, responses } from '../http/schemas';
import { requireOrderAccess } from '../orders/orderAccess';
import { printOptions } from './printOptions';

/** Orders whose lines are final: confirmed (also while its payment runs) or paid. */
const PRINTABLE = new Set(['confirmed', 'paymentPending', 'paid']);

/** The SVG is a document of its own: no script, no external fetch, only its inline styles. */
const SVG_HEADERS = {
  'content-type': 'image/svg+xml; charset=utf-8',
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
  'cache-control': 'private, no-cache',
};

interface LineRow extends Record<string, unknown> {
  order_number: string;
  status: string;
  position: number;
  item_id: string;
  attributes: Attributes;
}

/**
 * Issue 3: GET /api/Order/{orderNumber}/print/{itemInternalId} answers the plate line as a print-ready SVG, only to
 * callers who prove the order (`?headerGuid=` or the owner's session; security review 3).
 */
export async function printRoutes(fastify: FastifyInstance, ctx: ApiContext): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = ctx;
  // The SVG itself is a file, not JSON: only the error answers have a schema.
  const schema = {
    params: Params({ orderNumber: Type.String(), itemInternalId: Type.String() }),
    response: responses({ 200: Document }),
  };
  // The same path as `paths.order.printFile(orderNumber, itemInternalId)` of the contract.
  app.get('/api/Order/:orderNumber/print/:itemInternalId', { schema }, async (request, reply) => {
    const { orderNumber, itemInternalId } = request.params;
    const orderId = await requireOrderAccess(db, request, orderNumber);
    if (!UUID_PATTERN.test(itemInternalId)) throw notFound('not-found', 'The order has no such line.');
    const [line] = await db.query<LineRow>(
      `SELECT o.order_number, o.status, i.position, i.item_id, i.attributes
         FROM order_items i JOIN orders o ON o.id = i.order_id
        WHERE o.id = $1 AND i.item_internal_id = $2::uuid`,
      [orderId, itemInternalId],
    );
    if (!line) throw notFound('not-found', 'The order has no such line.');
    if (!PRINTABLE.has(line.status)) {
      throw conflict(
        'order-state',
        `The order is ${line.status}; print files exist only for confirmed or paid orders (confirm it first).`,
      );
    }
    const product = await cachedPricedProduct(db, line.item_id);
    const options = printOptions(product?.attributes[ATTR.plateType] ?? '', line.attributes);
    if (!options)
      throw badRequest('not-printable', 'This order line is not a plate or sign; it has no print file.');
    return reply
      .headers({
        ...SVG_HEADERS,
        'content-disposition': `inline; filename="${line.order_number}-${line.position + 1}.svg"`,
      })
      .send(renderPlateSvg(options));
  });
}
