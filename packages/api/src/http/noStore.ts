import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * An `onRequest` hook for answers that belong to one shopper (a cart, an order, an order list): no cache may keep
 * them. Their URLs are often the same for every shopper (getCart names its cart by a header, the order lists their
 * customer by the session cookie), so a shared cache in front of the shop would hand one shopper's answer to the next.
 * Set before the handler runs, so error answers carry it too.
 */
export async function noStore(_request: FastifyRequest, reply: FastifyReply): Promise<void> {
  void reply.header('cache-control', 'no-store');
}
