import { randomUUID } from 'node:crypto';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { paths } from '@lp/sdk/contract';
import {
  CreateOrderPaymentBodySchema,
  CreateOrderPaymentResponseSchema,
  ErrorResponses,
} from '@lp/sdk/contract/schemas';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ApiContext } from '../context';
import { badRequest, conflict, notFound } from '../http/ApiError';
import { installFormParser } from '../http/jsonParser';
import { apiOrigin } from '../http/origin';
import { Document, Params, UUID_PATTERN, responses } from '../http/schemas';
import { toEuros } from '../money';
import { confirmationSender, oweConfirmation } from '../mail/orderConfirmations';
import { issueInvoice } from '../orders/invoice';
import { requireOrder } from '../orders/orderService';
import { SANDBOX_PAGE_HEADERS } from './html';
import { sandboxPage } from './sandboxPage';

interface PaymentRow extends Record<string, unknown> {
  id: string;
  order_id: number;
  method: string;
  /** The shopper-facing name of the method (payment_types.name, e.g. 'Kreditkarte'), the id if none. */
  method_name: string;
  amount_cents: number;
  return_url: string;
  cancel_url: string;
  status: string;
  order_number: string;
  header_guid: string;
  cart_id: number;
}

/** Only http(s) URLs on the allow-list or the API's own origin: no open redirects through the sandbox. */
function checkRedirect(field: string, value: string, allowed: Set<string>): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw badRequest('validation', `${field} must be an absolute http(s) URL.`, [
      { field, message: 'must be an absolute URL' },
    ]);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !allowed.has(url.origin)) {
    throw badRequest('origin-not-allowed', `${field} must point to an allowed shop origin.`, [
      { field, message: 'origin not allowed' },
    ]);
  }
  return url.href;
}

function withHeaderGuid(target: string, headerGuid: string): string {
  const url = new URL(target);
  url.searchParams.set('headerGuid', headerGuid);
  return url.href;
}

/** createOrderPayment and the sandbox provider it redirects to (DESIGN 2: the whole flow runs offline). */
export async function paymentRoutes(fastify: FastifyInstance, ctx: ApiContext): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = ctx;
  // The sandbox page's buttons are plain HTML forms.
  installFormParser(fastify);
  // The sandbox page answers HTML, its buttons a 303 redirect; only their errors are JSON.
  const paymentId = Params({ paymentId: Type.String() });
  // § 312i/§ 312f BGB: the order confirmation mails, owed from the payment's commit until handed over.
  const confirmations = confirmationSender(fastify, db, ctx.mail);

  app.post(
    paths.order.createPayment,
    {
      schema: {
        body: CreateOrderPaymentBodySchema,
        response: responses({ 200: CreateOrderPaymentResponseSchema }),
      },
    },
    async (request) => {
      const body = request.body;
      const origin = apiOrigin(request, ctx.publicUrl);
      // The API's own origin counts only when it is configured (PUBLIC_URL) or loopback: a forged Host header must
      // not widen the list of redirect targets.
      const ownOrigin = ctx.publicUrl || /^https?:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/.test(origin);
      const allowed = new Set([...ctx.corsOrigins, ...(ownOrigin ? [origin] : [])]);
      const returnUrl = checkRedirect('returnUrl', body.returnUrl, allowed);
      const cancelUrl = checkRedirect('cancelUrl', body.cancelUrl, allowed);
      const paymentId = await db.transaction(async (tx) => {
        const order = await requireOrder(tx, body.headerGuid, true);
        if (order.status !== 'confirmed' && order.status !== 'paymentPending') {
          throw conflict('order-state', `The order is ${order.status}; confirm it before paying.`);
        }
        const offered = await tx.query('SELECT 1 FROM payment_types WHERE company_id = $1 AND id = $2', [
          order.company_id,
          body.paymentMethod,
        ]);
        if (offered.length === 0)
          throw badRequest('validation', `The payment method ${body.paymentMethod} is not offered.`, [
            { field: 'paymentMethod', message: 'unknown' },
          ]);
        const id = randomUUID();
        // A new attempt supersedes an open one.
        await tx.query(
          "UPDATE payments SET status = 'superseded' WHERE order_id = $1 AND status = 'pending'",
          [order.id],
        );
        await tx.query(
          `INSERT INTO payments (id, order_id, method, amount_cents, return_url, cancel_url)
         VALUES ($1::uuid, $2, $3, $4, $5, $6)`,
          [
            id,
            order.id,
            body.paymentMethod,
            order.cart_cents - order.discount_cents + order.shipping_cents,
            returnUrl,
            cancelUrl,
          ],
        );
        await tx.query(
          "UPDATE orders SET status = 'paymentPending', payment_method = $2, updated_at = now() WHERE id = $1",
          [order.id, body.paymentMethod],
        );
        return id;
      });
      return { redirectUrl: `${origin}/sandbox/pay/${paymentId}` };
    },
  );

  async function loadPayment(paymentId: string): Promise<PaymentRow> {
    if (!UUID_PATTERN.test(paymentId)) throw notFound('not-found', 'Payment not found.');
    const [row] = await db.query<PaymentRow>(
      `SELECT p.id::text AS id, p.order_id, p.method, p.amount_cents, p.return_url, p.cancel_url, p.status,
              o.order_number, o.header_guid::text AS header_guid, o.cart_id, COALESCE(t.name, p.method) AS method_name
         FROM payments p JOIN orders o ON o.id = p.order_id
         LEFT JOIN payment_types t ON t.company_id = o.company_id AND t.id = p.method
        WHERE p.id = $1::uuid`,
      [paymentId],
    );
    if (!row) throw notFound('not-found', 'Payment not found.');
    return row;
  }

  app.get(
    '/sandbox/pay/:paymentId',
    { schema: { params: paymentId, response: responses({ 200: Document }) } },
    async (request, reply) => {
      const payment = await loadPayment(request.params.paymentId);
      return reply.headers(SANDBOX_PAGE_HEADERS).send(
        sandboxPage({
          paymentId: payment.id,
          orderNumber: payment.order_number,
          amount: toEuros(payment.amount_cents),
          method: payment.method_name,
          status: payment.status,
          xsrfToken: request.xsrfToken,
        }),
      );
    },
  );

  async function finish(paymentId: string, approve: boolean, reply: FastifyReply) {
    const { target, paid } = await db.transaction(async (tx) => {
      // The order's cart, then the order, then the payment: the order every other path takes them (account, cart,
      // order, payment). Locking the payment and order first and the cart last deadlocked with a save of the same
      // cart in another tab, and the payment before its order with a new payment of the order (session 22, locks).
      await tx.query(
        `SELECT 1 FROM carts WHERE id = (SELECT o.cart_id FROM payments p JOIN orders o ON o.id = p.order_id
                                           WHERE p.id = $1::uuid) FOR UPDATE`,
        [paymentId],
      );
      await tx.query(
        'SELECT 1 FROM orders WHERE id = (SELECT order_id FROM payments WHERE id = $1::uuid) FOR UPDATE',
        [paymentId],
      );
      const [payment] = await tx.query<PaymentRow>(
        `SELECT p.id::text AS id, p.order_id, p.status, p.return_url, p.cancel_url, o.header_guid::text AS header_guid
           FROM payments p JOIN orders o ON o.id = p.order_id WHERE p.id = $1::uuid FOR UPDATE`,
        [paymentId],
      );
      if (!payment) throw notFound('not-found', 'Payment not found.');
      if (payment.status !== 'pending')
        throw conflict('payment-state', `This payment is already ${payment.status}.`);
      const order = await requireOrder(tx, payment.header_guid, true);
      await tx.query('UPDATE payments SET status = $2 WHERE id = $1::uuid', [
        paymentId,
        approve ? 'approved' : 'cancelled',
      ]);
      await tx.query('UPDATE orders SET status = $2, updated_at = now() WHERE id = $1', [
        order.id,
        approve ? 'paid' : 'cancelled',
      ]);
      // Paid: the ordered lines leave the cart (the guid stays valid for a new purchase). Only what the order
      // holds goes: a line added after the order was saved stays, a line grown since keeps the difference
      // (security review 5).
      if (approve) {
        // A handoff's copy (cart/copyCart.ts): the paid plates leave the cart it was copied from too, matched as
        // the cart's merge rule matches a plate (product and attributes), so the dealer's page does not offer them
        // again. Only what was paid goes; a plate the dealer's page added since stays. Before the copy's own lines
        // go: they name the product and attributes of each ordered line.
        await tx.query(
          `WITH ordered AS (
             SELECT c.product_unique_id, c.attributes_key, sum(o.quantity)::int AS quantity
               FROM order_items o JOIN cart_items c ON c.cart_id = $1 AND c.internal_id = o.item_internal_id
              WHERE o.order_id = $2
              GROUP BY c.product_unique_id, c.attributes_key
           ), source AS (
             SELECT s.id, o.quantity FROM carts k, ordered o, cart_items s
              WHERE k.id = $1 AND s.cart_id = k.copied_from
                AND s.product_unique_id = o.product_unique_id AND s.attributes_key = o.attributes_key
           ), gone AS (
             DELETE FROM cart_items s USING source WHERE s.id = source.id AND s.quantity <= source.quantity
           )
           UPDATE cart_items s SET quantity = s.quantity - source.quantity
             FROM source WHERE s.id = source.id AND s.quantity > source.quantity`,
          [order.cart_id, order.id],
        );
        await tx.query(
          `DELETE FROM cart_items c USING order_items o
            WHERE c.cart_id = $1 AND o.order_id = $2 AND c.internal_id = o.item_internal_id
              AND c.quantity <= o.quantity`,
          [order.cart_id, order.id],
        );
        await tx.query(
          `WITH ordered AS (
             SELECT item_internal_id, sum(quantity)::int AS quantity FROM order_items WHERE order_id = $2
              GROUP BY item_internal_id)
           UPDATE cart_items c SET quantity = c.quantity - o.quantity
             FROM ordered o
            WHERE c.cart_id = $1 AND c.internal_id = o.item_internal_id AND c.quantity > o.quantity`,
          [order.cart_id, order.id],
        );
        // Issue 13: the cart's coupon was spent on this order; it does not ride along to the next purchase. Nor
        // do its dealer credit (docs/reference/dealers.md) and its copy's source: the guid stays for the shopper's
        // next purchase in the shop, which did not start on the dealer's page; the dealer's next add credits the
        // cart again.
        await tx.query(
          `UPDATE carts SET in_checkout = false, coupon_code = NULL, dealer_id = NULL, copied_from = NULL,
                            updated_at = now()
            WHERE id = $1`,
          [order.cart_id],
        );
      }
      // An order already paid (not reachable through these routes today) is never confirmed twice.
      const paid = approve && order.status !== 'paid';
      const shopOrigin = new URL(payment.return_url).origin;
      if (paid) {
        // § 14 (4) UStG: the confirmation mail is the invoice; its number, date, rate and VAT are fixed now.
        await issueInvoice(tx, order.id);
        await oweConfirmation(tx, order.id, shopOrigin);
      }
      return {
        target: withHeaderGuid(approve ? payment.return_url : payment.cancel_url, payment.header_guid),
        paid: paid ? { orderId: order.id, orderNumber: order.order_number, shopOrigin, attempt: 1 } : null,
      };
    });
    // § 312i/§ 312f BGB: the order confirmation mail. Owed from the commit above (written in its transaction), so
    // only the request whose transaction moved the order to 'paid' gets here (the payment row is locked and must be
    // pending; an order has one pending payment at a time and a paid order takes no new one). Sent at once and not
    // awaited: a slow or failing transport never holds up or fails the shopper's return from the payment; a failure
    // is logged and the sweep tries again (mail/orderConfirmations.ts). The links use the return URL's origin: the
    // shop the shopper paid from, already checked against the allowed shop origins.
    if (paid) confirmations.deliver(paid, reply.log);
    return reply.redirect(target, 303);
  }

  for (const [action, approve] of [
    ['approve', true],
    ['cancel', false],
  ] as const) {
    app.post(
      `/sandbox/pay/:paymentId/${action}`,
      { schema: { params: paymentId, response: ErrorResponses } },
      async (request, reply) => {
        const { paymentId } = request.params;
        if (!UUID_PATTERN.test(paymentId)) throw notFound('not-found', 'Payment not found.');
        return finish(paymentId, approve, reply);
      },
    );
  }
}
